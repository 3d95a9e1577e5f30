import { useState } from 'react';
import { Alert, Button, InputNumber, Modal, Radio, Result, Spin } from 'antd';
import { AlipayCircleOutlined, LinkOutlined, WechatOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { formatFen } from '../../../lib/format.ts';
import { useQrPayment } from '../../payment/index.ts';
import { recharge } from '../api/recharge.ts';
import { RECHARGE_MAX_YUAN, RECHARGE_MIN_YUAN, yuanToFen } from '../utils/coupon-tabs.ts';

type PayType = 'wechat' | 'alipay';

const QUICK_AMOUNTS = [100, 500, 1000, 5000];

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
  const client = useQueryClient();
  const [amountYuan, setAmountYuan] = useState<number | null>(100);
  const [payType, setPayType] = useState<PayType>('wechat');
  const qrPayment = useQrPayment({
    onPaid(paid) {
      void client.invalidateQueries({ queryKey: ['account', 'balance'] });
      void client.invalidateQueries({ queryKey: ['bills'] });
      onPaid?.(paid.BalanceFen);
    },
  });
  const { qr: code, isPaid, isClosed } = qrPayment;
  const pay = qrPayment.status.data;
  const isExpired = qrPayment.isExpired;
  const amountFen = yuanToFen(amountYuan);

  function close() {
    qrPayment.clear();
    onClose();
  }

  async function createCode() {
    if (amountFen === null) return;
    await qrPayment.issue(() => recharge({ AmountFen: amountFen, PayType: payType }));
  }

  const isAmountValid =
    amountFen !== null && amountFen >= RECHARGE_MIN_YUAN * 100 && amountFen <= RECHARGE_MAX_YUAN * 100;

  return (
    <Modal title="账户充值" open={open} onCancel={close} footer={null} destroyOnHidden width={440}>
      {!code ? (
        <div className="ink-recharge">
          <div className="ink-recharge__label">充值金额（元）</div>
          <div className="ink-recharge__quick">
            {QUICK_AMOUNTS.map((yuan) => (
              <Button
                key={yuan}
                type={amountYuan === yuan ? 'primary' : 'default'}
                onClick={() => setAmountYuan(yuan)}
              >
                {yuan} 元
              </Button>
            ))}
          </div>
          <InputNumber<number>
            aria-label="充值金额"
            className="ink-recharge__amount"
            min={RECHARGE_MIN_YUAN}
            max={RECHARGE_MAX_YUAN}
            precision={2}
            step={100}
            prefix="¥"
            value={amountYuan}
            onChange={setAmountYuan}
          />
          <div className="ink-recharge__label">支付方式</div>
          <Radio.Group value={payType} onChange={(event) => setPayType(event.target.value as PayType)}>
            <Radio.Button value="wechat">
              <WechatOutlined /> 微信支付
            </Radio.Button>
            <Radio.Button value="alipay">
              <AlipayCircleOutlined /> 支付宝
            </Radio.Button>
          </Radio.Group>
          {!isAmountValid && (
            <div className="ink-recharge__hint">
              单次充值 {RECHARGE_MIN_YUAN} – {RECHARGE_MAX_YUAN} 元
            </div>
          )}
          <Button
            type="primary"
            block
            size="large"
            className="ink-recharge__submit"
            disabled={!isAmountValid}
            loading={qrPayment.isIssuing}
            onClick={() => void createCode()}
          >
            生成付款码{amountFen !== null && isAmountValid ? `（${formatFen(amountFen)}）` : ''}
          </Button>
        </div>
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
            <Button type="primary" onClick={close}>
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
        <div className="ink-recharge ink-recharge--qr">
          <div className="ink-recharge__pay-amount">{formatFen(code.AmountFen)}</div>
          <div className="ink-recharge__pay-type">请使用{code.PayTypeName}扫码支付</div>
          <div className={`ink-recharge__qr${isExpired ? ' ink-recharge__qr--expired' : ''}`}>
            <img src={code.QrCode} alt={`${code.PayTypeName}付款码`} width={200} height={200} />
            {isExpired && (
              <div className="ink-recharge__qr-mask">
                <span>二维码已过期</span>
                <Button
                  type="primary"
                  loading={qrPayment.isRefreshing}
                  onClick={() => void qrPayment.refresh()}
                >
                  刷新二维码
                </Button>
              </div>
            )}
          </div>
          {!isExpired && (
            <div className="ink-recharge__waiting">
              <Spin size="small" /> 等待支付…支付完成后自动到账
            </div>
          )}
          <Alert
            className="ink-recharge__sim"
            type="info"
            showIcon
            title="测试环境：可打开模拟支付页面完成付款"
            description={
              <a href={code.CodeUrl} target="_blank" rel="noreferrer" className="ink-recharge__sim-link">
                <LinkOutlined /> 打开模拟支付页面
              </a>
            }
          />
          <div className="ink-recharge__no">支付单号 {code.PaymentNo}</div>
        </div>
      )}
    </Modal>
  );
}
