import { Alert, Button, Modal, Result, Spin, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffCalls, type TestPayment } from '@inkstone/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { errorMessage, staffCall } from '../../lib/staff-api.ts';

/** How often the open test payment is asked about (the server asks the gateway at most every 5 s). */
const POLL_MS = 2_000;

/** Still moving: waiting for the payment, or for the gateway to finish the refund. */
function isSettling(test: TestPayment | undefined): boolean {
  return (
    test?.Status === 'open' ||
    (test?.Status === 'paid' && test.RefundStatus !== 'success' && test.RefundStatus !== 'failed')
  );
}

/** What happened to the 0.01 元 after it was paid: refunded to the payer, or why not. */
function RefundLine({
  test,
  onRetry,
  isRetrying,
}: {
  test: TestPayment;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  if (test.RefundStatus === 'success') {
    return (
      <Alert
        type="success"
        showIcon
        title="已自动退款"
        description={`0.01 元已经原路退回付款人（退款单号 ${test.RefundNo}${test.RefundedAt ? `，${formatDateTime(test.RefundedAt)}` : ''}）。`}
      />
    );
  }
  if (test.RefundStatus === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        title="退款失败"
        description={`${test.ProviderName}：${test.RefundFailure}`}
        action={
          test.CanRetryRefund ? (
            <Button size="small" danger loading={isRetrying} onClick={onRetry}>
              重试退款
            </Button>
          ) : null
        }
      />
    );
  }
  return (
    <Alert
      type="info"
      showIcon
      title="退款中"
      description={
        <>
          <Spin size="small" /> 正在把 0.01 元原路退回付款人…
        </>
      }
    />
  );
}

/**
 * 测试支付 0.01 元: the QR code of the test trade, polled until the gateway says it is paid
 * (支付成功) or it closed, then until its automatic refund ends (已自动退款, or 退款失败 with the
 * gateway's reason and 重试退款). Scanning it pays 0.01 元 into the merchant's own account, which
 * the server refunds at once; no customer, order or balance is involved.
 */
export function TestPaymentModal({ started, onClose }: { started: TestPayment; onClose: () => void }) {
  const queryClient = useQueryClient();
  const queryKey = ['console', 'test-payment', started.TestNo];
  const status = useQuery({
    queryKey,
    queryFn: () => staffCall(staffCalls.TestPaymentStatus, { TestNo: started.TestNo }),
    initialData: started,
    refetchInterval: (query) => (isSettling(query.state.data) ? POLL_MS : false),
  });
  const retry = useMutation({
    mutationFn: () => staffCall(staffCalls.RetryTestPaymentRefund, { TestNo: started.TestNo }),
    onSuccess: (next) => queryClient.setQueryData(queryKey, next),
  });
  const test = status.data;
  return (
    <Modal
      open
      title={`${test.ProviderName}测试支付 0.01 元`}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      destroyOnHidden
    >
      {test.Status === 'paid' ? (
        <>
          <Result
            status="success"
            title="支付成功"
            subTitle={`${test.ProviderName}已收到 0.01 元（交易号 ${test.GatewayTradeNo}，${test.PaidAt ? formatDateTime(test.PaidAt) : ''}）。收款账户可以正常使用；这笔测试款自动原路退回，不计入任何客户的余额。`}
          />
          <RefundLine test={test} onRetry={() => retry.mutate()} isRetrying={retry.isPending} />
        </>
      ) : test.Status === 'closed' ? (
        <Result
          status="warning"
          title="测试支付已关闭"
          subTitle="二维码已过期，未收到付款。可以重新发起测试支付。"
        />
      ) : (
        <div style={{ textAlign: 'center' }}>
          <Typography.Paragraph>
            请用{test.ProviderName === '支付宝' ? '支付宝' : '微信'}扫码支付 0.01
            元，付款到本商户自己的收款账户。
          </Typography.Paragraph>
          <img src={test.QrCode} alt={`${test.ProviderName}测试支付二维码`} width={240} height={240} />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            测试单号 {test.TestNo} · 有效期至 {formatDateTime(test.ExpiresAt)}
          </Typography.Paragraph>
          <Spin size="small" /> <Typography.Text type="secondary">等待付款…</Typography.Text>
        </div>
      )}
      {status.error ? <Alert type="error" showIcon title={errorMessage(status.error)} /> : null}
      {retry.error ? (
        <Alert type="error" showIcon title={errorMessage(retry.error)} style={{ marginTop: 8 }} />
      ) : null}
    </Modal>
  );
}
