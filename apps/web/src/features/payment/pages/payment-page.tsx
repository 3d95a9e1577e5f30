import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Result, Skeleton, Spin } from 'antd';
import { AlipayCircleOutlined, WalletOutlined, WechatOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiCode } from '@inkstone/contracts';
import type { Payment, QrCode } from '@inkstone/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { formatCountdown, formatDateTime, formatFen, ORDERS_KEY, orderPath } from '../../orders/index.ts';
import { balancePaymannet } from '../api/balance-paymannet.ts';
import { getQrCode } from '../api/get-qrcode.ts';
import type { QrPayType } from '../api/get-qrcode.ts';
import { getQrCodeRefresh } from '../api/get-qrcode-refresh.ts';
import { PAY_STATUS_POLL_MS, payStatusKey, queryPayStatus } from '../api/query-pay-status.ts';

type Method = 'balance' | QrPayType;

/** Seconds until `iso`, from `now` (ms). */
export function secondsUntil(iso: string, now: number): number {
  return Math.max(0, (Date.parse(iso) - now) / 1000);
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * 支付订单 (`/user/order/pay?no=`): the payment's amount, then 余额支付 or a 微信 / 支付宝 QR code
 * with its countdown, polled every 2 s until it is paid.
 */
export function PaymentPage() {
  const site = useVersionSite();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const location = useLocation();
  const paymentNo = search.get('no') ?? '';
  const given = (location.state as { payment?: Payment } | null)?.payment;
  const payment = given?.PaymentNo === paymentNo ? given : null;

  const [method, setMethod] = useState<Method | null>(null);
  const [qr, setQr] = useState<QrCode | null>(null);
  const [isWorking, setIsWorking] = useState(false);
  const [problem, setProblem] = useState<{ text: string; isBalance: boolean } | null>(null);

  const status = useQuery({
    queryKey: payStatusKey(paymentNo),
    queryFn: () => queryPayStatus(paymentNo),
    enabled: paymentNo !== '',
    refetchInterval: (query) => (qr && query.state.data?.Status === 'pending' ? PAY_STATUS_POLL_MS : false),
    staleTime: 0,
  });
  const isPaid = status.data?.IsPaid === true;
  const isClosed = status.data?.Status === 'closed';
  const now = useNow(qr !== null && !isPaid);
  const qrSeconds = qr ? secondsUntil(qr.ExpiresAt, now) : 0;
  const isQrExpired = qr !== null && (qrSeconds <= 0 || status.data?.IsQrExpired === true);

  useEffect(() => {
    if (isPaid) void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
  }, [isPaid, queryClient]);

  const showQr = useCallback(
    async (payType: QrPayType, refresh: boolean) => {
      setIsWorking(true);
      setProblem(null);
      try {
        setQr(refresh ? await getQrCodeRefresh(paymentNo, payType) : await getQrCode(paymentNo, payType));
        void status.refetch();
      } catch {
        setQr(null);
      } finally {
        setIsWorking(false);
      }
    },
    [paymentNo, status],
  );

  async function payByBalance() {
    setIsWorking(true);
    setProblem(null);
    try {
      await balancePaymannet(paymentNo);
      await status.refetch();
    } catch (error) {
      const isBalance = error instanceof ApiError && error.apiCode === ApiCode.InsufficientBalance;
      setProblem({ text: error instanceof Error ? error.message : '支付失败，请稍后重试', isBalance });
    } finally {
      setIsWorking(false);
    }
  }

  function choose(next: Method) {
    setMethod(next);
    setProblem(null);
    if (next === 'balance') setQr(null);
    else void showQr(next, false);
  }

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
  const orderIds = pay.OrderIds;
  const ordersHref =
    orderIds.length === 1
      ? orderPath(site.version, 'all', { id: orderIds[0] })
      : orderPath(site.version, 'reviewing');

  if (isPaid) {
    return (
      <div className="ink-orders__card">
        <Result
          status="success"
          title="支付成功"
          subTitle={`已支付 ${formatFen(pay.AmountFen)}（${pay.PayMethodName || '已支付'}），订单进入待审稿，审稿通过后开始生产。`}
          extra={[
            <Button type="primary" key="orders" onClick={() => void navigate(ordersHref)}>
              查看订单
            </Button>,
            <Button key="more" onClick={() => void navigate(site.workspace)}>
              继续下单
            </Button>,
          ]}
        />
      </div>
    );
  }
  if (isClosed) {
    return (
      <div className="ink-orders__card">
        <Result
          status="warning"
          title="支付单已关闭"
          subTitle="支付单已过期或订单已取消。未取消的订单可在「待付款」中重新发起支付。"
          extra={
            <Button type="primary" onClick={() => void navigate(orderPath(site.version, 'unpaid'))}>
              待付款订单
            </Button>
          }
        />
      </div>
    );
  }

  const sysBase = (site.workspaceNav.find((item) => item.label === '账户设置')?.to ?? '/user/sys/1').replace(
    /[^/]+$/,
    '',
  );
  const rechargeHref = `${sysBase}balance`;
  const isShort = pay.BalanceFen < pay.AmountFen;
  const methods: { key: Method; label: string; icon: React.ReactNode; note: string }[] = [
    {
      key: 'balance',
      label: '余额支付',
      icon: <WalletOutlined />,
      note: `可用余额 ${formatFen(pay.BalanceFen)}${isShort ? '（不足）' : ''}`,
    },
    { key: 'wechat', label: '微信支付', icon: <WechatOutlined />, note: '微信扫码支付' },
    { key: 'alipay', label: '支付宝', icon: <AlipayCircleOutlined />, note: '支付宝扫码支付' },
  ];
  const allowed = payment?.Methods ?? ['balance', 'wechat', 'alipay'];

  return (
    <section aria-labelledby="ink-pay-title">
      <h1 className="ink-orders__title" id="ink-pay-title">
        支付订单
        <span className="ink-orders__subtitle">支付单号 {pay.PaymentNo}</span>
      </h1>
      <div className="ink-orders__card">
        <div className="ink-orders__order-head">
          <span>
            应付金额{' '}
            <strong className="ink-orders__amount ink-orders__amount--big" data-testid="pay-amount">
              {formatFen(pay.AmountFen)}
            </strong>
          </span>
          {payment && (
            <span className="ink-orders__muted">请在 {formatDateTime(payment.ExpiresAt)} 前完成支付</span>
          )}
        </div>
        {payment && (
          <div className="ink-orders__muted">
            订单：
            {payment.Orders.map((order) => `${order.OrderNo}（${formatFen(order.TotalFen)}）`).join('、')}
          </div>
        )}
      </div>

      <div className="ink-orders__card" role="group" aria-label="支付方式">
        <h2 className="ink-orders__card-title">选择支付方式</h2>
        <div className="ink-orders__choices">
          {methods
            .filter((item) => allowed.includes(item.key))
            .map((item) => (
              <button
                key={item.key}
                type="button"
                className={`ink-orders__choice${method === item.key ? ' is-active' : ''}`}
                aria-pressed={method === item.key}
                disabled={isWorking}
                onClick={() => choose(item.key)}
              >
                <span className="ink-orders__choice-head">
                  <span>
                    {item.icon} {item.label}
                  </span>
                </span>
                <span className="ink-orders__muted">{item.note}</span>
              </button>
            ))}
        </div>

        {method === 'balance' && (
          <div style={{ marginTop: 16 }}>
            {isShort && !problem && (
              <Alert
                type="warning"
                showIcon
                title={`余额不足：可用 ${formatFen(pay.BalanceFen)}，还差 ${formatFen(pay.AmountFen - pay.BalanceFen)}`}
                action={<Link to={rechargeHref}>去充值</Link>}
                style={{ marginBottom: 12 }}
              />
            )}
            <Button
              type="primary"
              size="large"
              loading={isWorking}
              disabled={isShort}
              onClick={() => void payByBalance()}
            >
              确认支付 {formatFen(pay.AmountFen)}
            </Button>
          </div>
        )}

        {problem && (
          <Alert
            type="error"
            showIcon
            title={problem.text}
            action={problem.isBalance ? <Link to={rechargeHref}>去充值</Link> : undefined}
            style={{ marginTop: 12 }}
          />
        )}

        {method && method !== 'balance' && (
          <div className="ink-orders__center" style={{ marginTop: 16 }}>
            {isWorking && !qr && (
              <Spin tip="正在生成二维码…">
                <div style={{ height: 240 }} />
              </Spin>
            )}
            {qr && (
              <>
                <div className="ink-orders__qr">
                  <img src={qr.QrCode} alt={`${qr.PayTypeName}二维码`} />
                  {isQrExpired && (
                    <div className="ink-orders__qr-expired">
                      <span>二维码已过期</span>
                      <Button
                        type="primary"
                        loading={isWorking}
                        onClick={() => void showQr(qr.PayType, true)}
                      >
                        刷新二维码
                      </Button>
                    </div>
                  )}
                </div>
                <p>
                  请使用{qr.PayType === 'wechat' ? '微信' : '支付宝'}扫码支付{' '}
                  <strong>{formatFen(qr.AmountFen)}</strong>
                </p>
                {!isQrExpired && (
                  <p className="ink-orders__muted" data-testid="qr-countdown">
                    二维码 {formatCountdown(qrSeconds)} 后过期
                  </p>
                )}
                <p>
                  <Spin size="small" /> <span className="ink-orders__muted">正在等待支付结果…</span>
                </p>
                <p>
                  <a href={qr.CodeUrl} target="_blank" rel="noreferrer" data-testid="qr-code-url">
                    无法扫码？在浏览器中打开支付链接
                  </a>
                </p>
              </>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
