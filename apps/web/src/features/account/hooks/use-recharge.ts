import { useCallback, useState } from 'react';
import { ApiCode } from '@inkstone/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import {
  RETURNED_PARAM,
  isWechatBrowser,
  openPayPage,
  useIsPhone,
  useQrPayment,
  useWechatJsapi,
} from '../../payment/index.ts';
import { mobileRecharge } from '../api/mobile-recharge.ts';
import { recharge } from '../api/recharge.ts';
import { wechatJsapiRecharge } from '../api/wechat-jsapi-recharge.ts';
import { RECHARGE_MAX_YUAN, RECHARGE_MIN_YUAN, yuanToFen } from '../utils/coupon-tabs.ts';

export type PayType = 'wechat' | 'alipay';

/** The recharge a phone came back with from 微信 / 支付宝 (`?paid_with=…&no=…`), or null. */
export interface ReturnedRecharge {
  paymentNo: string;
  payType: PayType;
}

/** The recharge named by the page's address after paying on a phone, or null. */
export function useReturnedRecharge(): ReturnedRecharge | null {
  const [search] = useSearchParams();
  const paymentNo = search.get('no') ?? '';
  const payType = search.get(RETURNED_PARAM);
  if (!paymentNo || (payType !== 'wechat' && payType !== 'alipay')) return null;
  return { paymentNo, payType };
}

/**
 * 充值's state: the amount and how to pay, then on a desktop the QR code (Recharge), its payment
 * polled and an expired code refreshed; on a phone the payer's app (MobileRecharge), coming back
 * to this page, which then follows the payment; inside 微信, 微信支付 by JSAPI as the pay page pays
 * (WechatJsapiRecharge, then the same 网页授权 and bridge). Paid money refreshes the balance and the
 * bill; the bridge's ok is not believed, only the payment's status.
 */
export function useRecharge(onClose: () => void, onPaid?: (balanceFen: number) => void) {
  const client = useQueryClient();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const isInWechat = isWechatBrowser();
  // Inside 微信 the phone's flow is the one that works, whatever the screen's width.
  const isPhone = useIsPhone() || isInWechat;
  const returned = useReturnedRecharge();
  const [amountYuan, setAmountYuan] = useState<number | null>(100);
  const [payType, setPayType] = useState<PayType>('wechat');
  const [isOpening, setIsOpening] = useState(false);
  const [mobileError, setMobileError] = useState<string | null>(null);
  // Inside 微信 the merchant's 微信支付 has no 公众号 (WechatJsapiRecharge refused): the payer is
  // told to open the page in the phone's browser.
  const [isJsapiUnavailable, setIsJsapiUnavailable] = useState(false);
  const amountFen = yuanToFen(amountYuan);
  const isAmountValid =
    amountFen !== null && amountFen >= RECHARGE_MIN_YUAN * 100 && amountFen <= RECHARGE_MAX_YUAN * 100;

  /** This page marked as following a recharge paid with `payType` (what 网页授权 comes back to). */
  const followPath = useCallback(
    (paymentNo: string | null, next: PayType) => {
      const back = new URLSearchParams(search);
      back.delete('code');
      back.delete('state');
      if (paymentNo) back.set('no', paymentNo);
      else back.delete('no');
      back.set(RETURNED_PARAM, next);
      return { pathname: location.pathname, search: back.toString() };
    },
    [location.pathname, search],
  );
  const startJsapi = useCallback(async () => {
    if (amountFen === null) throw new Error('请输入充值金额');
    const back = followPath(null, 'wechat');
    try {
      return await wechatJsapiRecharge({
        AmountFen: amountFen,
        ReturnPath: `${back.pathname}?${back.search}`,
      });
    } catch (error) {
      if (error instanceof ApiError && error.apiCode === ApiCode.PaymentMethodUnavailable) {
        setIsJsapiUnavailable(true);
      }
      throw error;
    }
  }, [amountFen, followPath]);
  const followStarted = useCallback(
    (paymentNo: string) =>
      setSearch(new URLSearchParams(followPath(paymentNo, 'wechat').search), { replace: true }),
    [followPath, setSearch],
  );
  const jsapiNo = returned?.payType === 'wechat' ? returned.paymentNo : '';
  const jsapiBack = followPath(jsapiNo, 'wechat');
  const jsapi = useWechatJsapi({
    paymentNo: jsapiNo,
    enabled: isInWechat,
    returnPath: `${jsapiBack.pathname}?${jsapiBack.search}`,
    start: startJsapi,
    onStarted: followStarted,
  });
  const isJsapiFollowing = isInWechat && returned?.payType === 'wechat';

  const qrPayment = useQrPayment({
    ...(returned ? { paymentNo: returned.paymentNo } : {}),
    watch: returned !== null,
    onPaid(paid) {
      void client.invalidateQueries({ queryKey: queryKeys.account.balance });
      void client.invalidateQueries({ queryKey: queryKeys.bills.all });
      onPaid?.(paid.BalanceFen);
    },
  });

  /** Forgets the recharge the page came back with: the form is shown again. */
  function forgetReturned() {
    if (!returned) return;
    const next = new URLSearchParams(search);
    next.delete('no');
    next.delete(RETURNED_PARAM);
    setSearch(next, { replace: true });
  }

  function restart() {
    qrPayment.clear();
    setMobileError(null);
    forgetReturned();
  }

  function close() {
    restart();
    onClose();
  }

  async function createCode() {
    if (amountFen === null) return;
    await qrPayment.issue(() => recharge({ AmountFen: amountFen, PayType: payType }));
  }

  /** On a phone: 微信 / 支付宝 open in this tab and come back to this page with the recharge. */
  async function openMobile(next: PayType) {
    if (amountFen === null || !isAmountValid) return;
    if (isInWechat && next === 'wechat') {
      setPayType(next);
      setMobileError(null);
      await jsapi.pay();
      return;
    }
    setPayType(next);
    setIsOpening(true);
    setMobileError(null);
    try {
      const back = new URLSearchParams(search);
      back.delete('no');
      back.set(RETURNED_PARAM, next);
      const link = await mobileRecharge({
        AmountFen: amountFen,
        PayType: next,
        ReturnPath: `${location.pathname}?${back.toString()}`,
      });
      openPayPage(link.PayUrl);
    } catch (error) {
      setMobileError(error instanceof Error ? error.message : '无法打开支付页面，请稍后重试');
      setIsOpening(false);
    }
  }

  return {
    amountYuan,
    setAmountYuan,
    payType,
    setPayType,
    amountFen,
    isAmountValid,
    qrPayment,
    close,
    restart,
    createCode,
    isPhone,
    isInWechat,
    isJsapiUnavailable,
    isJsapiFollowing,
    jsapi,
    returned,
    isOpening: isOpening || (isInWechat && !returned && jsapi.isBusy),
    mobileError: mobileError ?? (returned || isJsapiUnavailable ? null : jsapi.error),
    openMobile,
  };
}
