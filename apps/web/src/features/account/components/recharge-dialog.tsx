import { Button, Modal, Result } from 'antd';
import { formatFen } from '../../../lib/format.ts';
import { useRecharge } from '../hooks/use-recharge.ts';
import { RechargeForm, RechargeQr } from './recharge-steps.tsx';

export interface RechargeDialogProps {
  open: boolean;
  onClose(): void;
  /** The money arrived: the new balance in fen. */
  onPaid?(balanceFen: number): void;
}

/**
 * 充值: amount and 微信支付/支付宝 → a QR code (POST /api/cust/Recharge); asks every 2 s whether it
 * was paid (QueryPayStatus); an expired code is replaced on request (get_qrcode_refresh).
 */
export function RechargeDialog({ open, onClose, onPaid }: RechargeDialogProps) {
  const recharge = useRecharge(onClose, onPaid);
  const { qrPayment } = recharge;
  const { qr: code, isPaid, isClosed } = qrPayment;
  const pay = qrPayment.status.data;

  return (
    <Modal title="账户充值" open={open} onCancel={recharge.close} footer={null} destroyOnHidden width={440}>
      {!code ? (
        <RechargeForm
          amountYuan={recharge.amountYuan}
          onAmountChange={recharge.setAmountYuan}
          payType={recharge.payType}
          onPayTypeChange={recharge.setPayType}
          amountFen={recharge.amountFen}
          isAmountValid={recharge.isAmountValid}
          isIssuing={qrPayment.isIssuing}
          onSubmit={() => void recharge.createCode()}
          error={qrPayment.error}
        />
      ) : isPaid && pay ? (
        <Result
          status="success"
          title="充值成功"
          subTitle={
            <span>
              已到账 {formatFen(code.AmountFen)}，当前余额{' '}
              <strong className="ink-recharge__balance">{formatFen(pay.BalanceFen)}</strong>
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
          extra={<Button onClick={qrPayment.clear}>重新充值</Button>}
        />
      ) : (
        <RechargeQr qrPayment={qrPayment} />
      )}
    </Modal>
  );
}
