import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { ApiCode } from '@inkstone/contracts';
import type { PayStatus, Payment } from '@inkstone/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { balancePaymannet } from '../api/balance-paymannet.ts';
import { getMobilePayUrl } from '../api/get-mobile-pay-url.ts';
import { getQrCode } from '../api/get-qrcode.ts';
import type { QrPayType } from '../api/get-qrcode.ts';
import { openPayPage } from './open-pay-page.ts';
import { RETURNED_PARAM } from './returned-param.ts';
import { useIsPhone } from './use-is-phone.ts';
import { useQrPayment } from './use-qr-payment.ts';
import { useWechatJsapi } from './use-wechat-jsapi.ts';
import { isWechatBrowser } from './wechat-bridge.ts';

/** 余额支付, or a QR code of 微信支付 / 支付宝. */
export type PayMethod = 'balance' | QrPayType;

/** Why the balance payment failed; `isBalance`: the balance is short (offer 去充值). */
export interface PayProblem {
  text: string;
  isBalance: boolean;
}

/**
 * The pay page's state and calls: the payment named by `?no=` (with its orders when checkout
 * handed it over), the chosen method, the balance payment, and 微信 / 支付宝 — a QR code on a
 * desktop, the payer's app (H5 / 手机网站支付) on a phone, and inside 微信's browser 微信内支付
 * (JSAPI) where the merchant has its 公众号 (the simulator's page for simulated merchants).
 */
export function usePaymentPage({
  onJsapiPaid,
}: {
  /** 微信内支付 was paid (the server says so, not the bridge): the page goes on to the order. */
  onJsapiPaid?(paid: PayStatus): void;
} = {}) {
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const location = useLocation();
  const paymentNo = search.get('no') ?? '';
  const given = (location.state as { payment?: Payment } | null)?.payment;
  const payment = given?.PaymentNo === paymentNo ? given : null;
  const isInWechat = isWechatBrowser();
  // Inside 微信 the phone's flow is the one that works, whatever the screen's width.
  const isPhone = useIsPhone() || isInWechat;
  const returned = search.get(RETURNED_PARAM);
  const returnedFrom: QrPayType | null = returned === 'wechat' || returned === 'alipay' ? returned : null;
  const [isOpening, setIsOpening] = useState(false);
  const [mobileError, setMobileError] = useState<string | null>(null);

  const [method, setMethod] = useState<PayMethod | null>(null);
  const [isPaying, setIsPaying] = useState(false);
  const [problem, setProblem] = useState<PayProblem | null>(null);

  const jsapi = useWechatJsapi({ paymentNo, enabled: isInWechat });
  const isJsapiWaiting = jsapi.phase === 'waiting';
  const qrPayment = useQrPayment({
    paymentNo,
    onPaid: (paid) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      if (isJsapiWaiting) onJsapiPaid?.(paid);
    },
    watch: returnedFrom !== null || isJsapiWaiting,
  });
  const { status } = qrPayment;
  const isWorking = isPaying || isOpening || jsapi.isBusy || qrPayment.isIssuing || qrPayment.isRefreshing;
  const isJsapi = isInWechat && status.data?.WechatJsapi === true;

  async function payByBalance() {
    setIsPaying(true);
    setProblem(null);
    try {
      await balancePaymannet(paymentNo);
      await status.refetch();
    } catch (error) {
      const isBalance = error instanceof ApiError && error.apiCode === ApiCode.InsufficientBalance;
      setProblem({ text: error instanceof Error ? error.message : '支付失败，请稍后重试', isBalance });
    } finally {
      setIsPaying(false);
    }
  }

  /** On a phone: 微信 / 支付宝 open in this tab and come back to this page, marked as returned. */
  async function openMobilePay(next: QrPayType) {
    setIsOpening(true);
    setMobileError(null);
    try {
      const back = new URLSearchParams(search);
      back.set('no', paymentNo);
      back.set(RETURNED_PARAM, next);
      const link = await getMobilePayUrl(paymentNo, next, `${location.pathname}?${back.toString()}`);
      openPayPage(link.PayUrl);
    } catch (error) {
      setMobileError(error instanceof Error ? error.message : '无法打开支付页面，请稍后重试');
      setIsOpening(false);
    }
  }

  function choose(next: PayMethod) {
    setMethod(next);
    setProblem(null);
    setMobileError(null);
    if (next === 'balance') qrPayment.clear();
    else if (next === 'wechat' && isJsapi) void jsapi.pay();
    else if (isPhone) void openMobilePay(next);
    else void qrPayment.issue(() => getQrCode(paymentNo, next));
  }

  return {
    paymentNo,
    payment,
    method,
    problem,
    isWorking,
    qrPayment,
    status,
    payByBalance,
    choose,
    isPhone,
    returnedFrom,
    isOpening,
    mobileError,
    isInWechat,
    isJsapi,
    jsapi,
  };
}
