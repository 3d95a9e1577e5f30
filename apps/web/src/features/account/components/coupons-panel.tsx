import { useState } from 'react';
import { Alert, Button, Empty, Segmented, Skeleton, Tag } from 'antd';
import { COUPON_STATE_NAMES, CouponState } from '@inkstone/contracts';
import { feedback } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useReceiveList } from '../api/receive-list.ts';
import { useWaitReceiveList } from '../api/wait-receive-list.ts';
import { useReceiveCoupon } from '../api/receive-coupon.ts';
import { RECEIVED_TABS } from '../utils/coupon-tabs.ts';
import type { ReceivedCouponTab } from '../utils/coupon-tabs.ts';
import { CouponCard } from './coupon-card.tsx';

type CouponView = ReceivedCouponTab | 'receive';

function ReceivedCoupons({ tab }: { tab: ReceivedCouponTab }) {
  const list = useReceiveList(tab);
  if (list.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (list.isError) return <Alert type="error" showIcon title="优惠券加载失败，请稍后重试" />;
  if (list.data.List.length === 0) {
    return <Empty description={`没有${RECEIVED_TABS.find((item) => item.key === tab)?.label}的优惠券`} />;
  }
  return (
    <ul className="ink-coupon-list">
      {list.data.List.map((coupon) => (
        <CouponCard
          key={coupon.Id}
          coupon={coupon}
          isMuted={coupon.State !== CouponState.Unused}
          badge={
            coupon.State === CouponState.Unused ? null : (
              <Tag>{COUPON_STATE_NAMES[coupon.State as CouponState] ?? coupon.StateText}</Tag>
            )
          }
          note={
            coupon.State === CouponState.Used
              ? `使用时间 ${formatDateTime(coupon.UseTime) || '—'}`
              : `领取时间 ${formatDateTime(coupon.ReceiveTime) || '—'}`
          }
        />
      ))}
    </ul>
  );
}

function CouponsToReceive() {
  const list = useWaitReceiveList();
  const receive = useReceiveCoupon();
  /** Spec §3's client-side IsReceive flag: received in this visit. */
  const [received, setReceived] = useState<ReadonlySet<number>>(new Set());
  if (list.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (list.isError) return <Alert type="error" showIcon title="优惠券加载失败，请稍后重试" />;
  if (list.data.List.length === 0) return <Empty description="暂时没有可领取的优惠券" />;
  return (
    <ul className="ink-coupon-list">
      {list.data.List.map((coupon) => {
        const isReceive = received.has(coupon.Id);
        const isLimitReached = coupon.ReceivedCount >= coupon.PerCustomerLimit;
        const isSoldOut = coupon.RemainingStock <= 0;
        const label = isSoldOut ? '已领完' : isLimitReached ? '已领取' : '领取';
        return (
          <CouponCard
            key={coupon.Id}
            coupon={coupon}
            note={`每人限领${coupon.PerCustomerLimit}张，已领${coupon.ReceivedCount}张 · 剩余${coupon.RemainingStock}张`}
            badge={isReceive ? <Tag color="success">已领取</Tag> : null}
            action={
              <Button
                type="primary"
                size="small"
                disabled={isSoldOut || isLimitReached}
                loading={receive.isPending && receive.variables === coupon.Id}
                onClick={() =>
                  receive.mutate(coupon.Id, {
                    onSuccess: () => {
                      setReceived((current) => new Set(current).add(coupon.Id));
                      feedback.success('领取成功');
                    },
                  })
                }
              >
                {label}
              </Button>
            }
          />
        );
      })}
    </ul>
  );
}

/** 优惠券: the received ones by state (未使用/已使用/已过期) and those to receive (领取). */
export function CouponsPanel() {
  const [view, setView] = useState<CouponView>('unused');
  const counts = useReceiveList('unused').data?.Attach;
  return (
    <div className="ink-account-panel">
      <Segmented<CouponView>
        className="ink-coupon-tabs"
        value={view}
        onChange={setView}
        options={[
          ...RECEIVED_TABS.map((tab) => ({
            value: tab.key,
            label: counts ? `${tab.label}（${counts[tab.count]}）` : tab.label,
          })),
          { value: 'receive', label: '领取优惠券' },
        ]}
      />
      {view === 'receive' ? <CouponsToReceive /> : <ReceivedCoupons tab={view} />}
    </div>
  );
}
