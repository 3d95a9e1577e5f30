import { Alert, Button, Skeleton } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { balancePath, orderPath } from '../../../lib/paths.ts';
import { BalancePay, PayProblemAlert } from '../components/balance-pay.tsx';
import { MobilePay } from '../components/mobile-pay.tsx';
import { PayMethodChoices } from '../components/pay-method-choices.tsx';
import { PayNotices } from '../components/pay-notices.tsx';
import { ClosedResult, PaidResult } from '../components/payment-results.tsx';
import { PaymentSummary } from '../components/payment-summary.tsx';
import { QrPay } from '../components/qr-pay.tsx';
import { WechatBrowserHints, WechatJsapiPay } from '../components/wechat-jsapi-pay.tsx';
import { usePaymentPage } from '../hooks/use-payment-page.ts';

/**
 * 支付订单 (`/user/order/pay?no=`): the payment's amount, then 余额支付 or 微信 / 支付宝 — on a
 * desktop a QR code with its countdown, on a phone the payer's app (H5 / 手机网站支付), coming back
 * here; inside 微信 微信内支付 (JSAPI), and a hint to open the page in the browser for what cannot
 * work there (支付宝, 微信支付 without the merchant's 公众号) — polled every 2 s until it is paid.
 */
export function PaymentPage() {
  const site = useVersionSite();
  const navigate = useNavigate();
  const {
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
  } = usePaymentPage({
    // 微信内支付 paid (the server says so): on to the paid order.
    onJsapiPaid: (paid) => {
      if (paid.Purpose !== 'orders') return;
      const ids = paid.OrderIds;
      void navigate(
        ids.length === 1
          ? orderPath(site.version, 'all', { id: ids[0] })
          : orderPath(site.version, 'reviewing'),
      );
    },
  });

  if (!paymentNo) {
    return (
      <Alert
        type="warning"
        showIcon
        title="缺少支付单号"
        action={<Link to={orderPath(site.version, 'unpaid')}>待付款订单</Link>}
      />
    );
  }
  if (status.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (status.isError || !status.data) {
    return (
      <Alert
        type="error"
        showIcon
        title="支付单加载失败"
        description={status.error?.message}
        action={<Button onClick={() => void status.refetch()}>重试</Button>}
      />
    );
  }

  const pay = status.data;
  if (qrPayment.isPaid) return <PaidResult pay={pay} />;
  if (qrPayment.isClosed) return <ClosedResult pay={pay} />;

  const rechargeHref = balancePath(site.version);
  // Inside 微信: no 支付宝 (its links are blocked), and 微信支付 only by JSAPI (or the simulator's page).
  const isWechatBlocked = isInWechat && !isJsapi && !pay.IsSimulated;
  const allowed = pay.Methods.filter(
    (item) => !(isInWechat && item === 'alipay') && !(isWechatBlocked && item === 'wechat'),
  );

  return (
    <section aria-labelledby="ink-pay-title">
      <h1 className="ink-orders__title" id="ink-pay-title">
        支付订单
        <span className="ink-orders__subtitle">支付单号 {pay.PaymentNo}</span>
      </h1>
      <PaymentSummary pay={pay} payment={payment} />

      <div className="ink-orders__card" role="group" aria-label="支付方式">
        <h2 className="ink-orders__card-title">选择支付方式</h2>
        <PayNotices pay={pay} />
        <PayMethodChoices
          pay={pay}
          allowed={allowed}
          method={method}
          disabled={isWorking}
          isPhone={isPhone}
          isJsapi={isJsapi}
          onChoose={choose}
        />
        {method === 'balance' && (
          <BalancePay
            pay={pay}
            problem={problem}
            isWorking={isWorking}
            rechargeHref={rechargeHref}
            onPay={() => void payByBalance()}
          />
        )}
        {problem && <PayProblemAlert problem={problem} rechargeHref={rechargeHref} />}
        {isInWechat && (
          <WechatBrowserHints
            alipay={pay.Methods.includes('alipay')}
            wechat={isWechatBlocked && pay.Methods.includes('wechat')}
          />
        )}
        {isJsapi && (method === 'wechat' || jsapi.phase !== 'idle') && (
          <WechatJsapiPay pay={pay} jsapi={jsapi} onCheck={() => void status.refetch()} />
        )}
        {!isJsapi && isPhone && method !== 'balance' && (method !== null || returnedFrom !== null) && (
          <MobilePay
            pay={pay}
            returnedFrom={isOpening ? null : returnedFrom}
            isWorking={isOpening}
            error={mobileError}
            onCheck={() => void status.refetch()}
          />
        )}
        {!isPhone && method && method !== 'balance' && <QrPay qrPayment={qrPayment} isWorking={isWorking} />}
      </div>
    </section>
  );
}
