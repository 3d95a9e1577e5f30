import { Button, Modal, Result } from 'antd';
import { formatFen } from '../../../lib/format.ts';
import { MobilePay, WechatJsapiPay } from '../../payment/index.ts';
import { useRecharge } from '../hooks/use-recharge.ts';
import { RechargeForm, RechargeQr } from './recharge-steps.tsx';

export interface RechargeDialogProps {
  open: boolean;
  onClose(): void;
  /** The money arrived: the new balance in fen. */
  onPaid?(balanceFen: number): void;
}

/**
 * 充值: amount and 微信支付/支付宝 → on a desktop a QR code (POST /api/cust/Recharge), on a phone
 * the payer's app (MobileRecharge), coming back to this page with the recharge; inside 微信, 微信支付
 * by JSAPI (WechatJsapiRecharge, 网页授权 once, the bridge) and 支付宝 only as an open-in-browser
 * hint; asks every 2 s
 * whether it was paid (QueryPayStatus); an expired code is replaced on request (get_qrcode_refresh).
 */
export function RechargeDialog({ open, onClose, onPaid }: RechargeDialogProps) {
  const recharge = useRecharge(onClose, onPaid);
  const { qrPayment, returned } = recharge;
  const { qr: code, isPaid, isClosed } = qrPayment;
  const pay = qrPayment.status.data;
  const isFollowing = code !== null || returned !== null;

  return (
    <Modal title="账户充值" open={open} onCancel={recharge.close} footer={null} destroyOnHidden width={440}>
      {!isFollowing ? (
        <RechargeForm
          amountYuan={recharge.amountYuan}
          onAmountChange={recharge.setAmountYuan}
          payType={recharge.payType}
          onPayTypeChange={recharge.setPayType}
          amountFen={recharge.amountFen}
          isAmountValid={recharge.isAmountValid}
          isIssuing={qrPayment.isIssuing}
          onSubmit={() => void recharge.createCode()}
          error={qrPayment.error ?? recharge.mobileError}
          isPhone={recharge.isPhone}
          isOpening={recharge.isOpening}
          onMobilePay={(payType) => void recharge.openMobile(payType)}
          isInWechat={recharge.isInWechat}
          isJsapiUnavailable={recharge.isJsapiUnavailable}
        />
      ) : isPaid && pay ? (
        <Result
          status="success"
          title="充值成功"
          subTitle={
            <span>
              已到账 {formatFen(pay.AmountFen)}，当前余额{' '}
              <strong className="ink-recharge__balance" data-testid="recharge-balance">
                {formatFen(pay.BalanceFen)}
              </strong>
            </span>
          }
          extra={
            <Button type="primary" onClick={recharge.close}>
              完成
            </Button>
          }
        />
      ) : isClosed ? (
        <Result
          status="warning"
          title="支付单已关闭"
          subTitle="付款已取消或已超时，请重新充值。"
          extra={<Button onClick={recharge.restart}>重新充值</Button>}
        />
      ) : code ? (
        <RechargeQr qrPayment={qrPayment} />
      ) : pay && recharge.isJsapiFollowing ? (
        <div className="ink-recharge">
          <div className="ink-recharge__pay-amount">{formatFen(pay.AmountFen)}</div>
          <WechatJsapiPay pay={pay} jsapi={recharge.jsapi} onCheck={() => void qrPayment.status.refetch()} />
          <div className="ink-recharge__no">
            支付单号 {pay.PaymentNo}
            <Button type="link" size="small" onClick={recharge.restart}>
              重新充值
            </Button>
          </div>
        </div>
      ) : pay && returned ? (
        <div className="ink-recharge">
          <div className="ink-recharge__pay-amount">{formatFen(pay.AmountFen)}</div>
          <MobilePay
            pay={pay}
            returnedFrom={returned.payType}
            isWorking={false}
            error={null}
            onCheck={() => void qrPayment.status.refetch()}
            retryHint={
              <>
                未完成支付？
                <Button type="link" size="small" onClick={recharge.restart}>
                  重新充值
                </Button>
              </>
            }
          />
          <div className="ink-recharge__no">支付单号 {pay.PaymentNo}</div>
        </div>
      ) : qrPayment.status.isError ? (
        <Result
          status="warning"
          title="充值单加载失败"
          subTitle={qrPayment.status.error?.message}
          extra={<Button onClick={recharge.restart}>重新充值</Button>}
        />
      ) : (
        <div className="ink-recharge">正在加载充值单…</div>
      )}
    </Modal>
  );
}
