import { useEffect, useState } from 'react';
import { Alert, Badge, Button, DatePicker, Empty, Input, Pagination, Skeleton, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@inkstone/contracts';
import type { Dayjs } from 'dayjs';
import { formatDateTime, formatFen } from '../../../lib/format.ts';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { useOrderList } from '../api/query-orders.ts';
import { OrderActions } from '../components/order-actions.tsx';
import { StatusTag } from '../components/status-tag.tsx';
import { ORDER_TABS, orderPath } from '../paths.ts';
import type { OrderTab } from '../paths.ts';

/** Spec §9: a list reloads 300 ms after the last keystroke. */
export const LIST_RELOAD_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** 我的订单: status tabs with counts, search, period and pager; each order with its actions. */
export function OrderListPage({ tab }: { tab: OrderTab }) {
  const site = useVersionSite();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [pageIndex, setPageIndex] = useState(1);
  const debouncedKeyword = useDebounced(keyword.trim(), LIST_RELOAD_DEBOUNCE_MS);

  useEffect(() => setPageIndex(1), [tab.key, debouncedKeyword, range]);

  const list = useOrderList({
    pageindex: pageIndex,
    limit: DEFAULT_PAGE_SIZE,
    Status: tab.status,
    Keyword: debouncedKeyword,
    StartDate: range?.[0]?.format('YYYY-MM-DD'),
    EndDate: range?.[1]?.format('YYYY-MM-DD'),
  });
  const counts = list.data?.Attach.StatusCounts;

  return (
    <section aria-labelledby="ink-order-list-title">
      <h1 className="ink-orders__title" id="ink-order-list-title">
        我的订单
      </h1>
      <Tabs
        activeKey={tab.key}
        onChange={(key) => void navigate(orderPath(site.version, key as OrderTab['key']))}
        items={ORDER_TABS.map((item) => ({
          key: item.key,
          label: (
            <span>
              {item.label}
              {item.count && counts && counts[item.count] > 0 && (
                <Badge
                  count={counts[item.count]}
                  size="small"
                  color={item.key === 'unpaid' ? 'orange' : 'blue'}
                  style={{ marginLeft: 4 }}
                />
              )}
            </span>
          ),
        }))}
      />
      <div className="ink-orders__toolbar">
        <Input.Search
          allowClear
          aria-label="搜索订单"
          placeholder="订单号、商品名称或快递单号"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          style={{ maxWidth: 320 }}
        />
        <DatePicker.RangePicker
          aria-label="下单日期"
          value={range}
          onChange={(value) => setRange(value)}
          placeholder={['开始日期', '结束日期']}
        />
        <Button onClick={() => void navigate(orderPath(site.version, 'cart'))}>购物车</Button>
      </div>

      {list.isError && !list.data ? (
        <Alert
          type="error"
          showIcon
          title="订单加载失败"
          description={list.error.message}
          action={<Button onClick={() => void list.refetch()}>重试</Button>}
        />
      ) : !list.data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : list.data.List.length === 0 ? (
        <div className="ink-orders__card">
          <Empty description={debouncedKeyword || range ? '没有符合条件的订单' : '暂无订单'} />
        </div>
      ) : (
        <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {list.data.List.map((order) => {
            const detailHref = orderPath(site.version, tab.key, { id: order.Id });
            return (
              <article
                key={order.Id}
                className="ink-orders__card"
                data-testid="order-card"
                aria-label={`订单 ${order.OrderNo}`}
              >
                <div className="ink-orders__order-head">
                  <span>
                    订单号 <strong>{order.OrderNo}</strong>
                    <span className="ink-orders__muted"> · {formatDateTime(order.CreatedAt)}</span>
                  </span>
                  <StatusTag order={order} />
                </div>
                {order.Lines.map((line) => (
                  <div key={line.Id} className="ink-orders__line" style={{ gridTemplateColumns: '1fr auto' }}>
                    <div>
                      <p className="ink-orders__line-title">{line.ProductTitle}</p>
                      <p className="ink-orders__spec">
                        {line.SpecText} · {line.Quantity}
                        {line.Unit}
                      </p>
                    </div>
                    <div className="ink-orders__amount">{formatFen(line.AmountFen)}</div>
                  </div>
                ))}
                <div className="ink-orders__order-foot">
                  <span style={{ marginRight: 'auto' }}>
                    实付 <strong className="ink-orders__amount">{formatFen(order.TotalFen)}</strong>
                    <span className="ink-orders__muted">（含运费 {formatFen(order.ExpressFen)}）</span>
                  </span>
                  <OrderActions
                    order={order}
                    extra={<Button onClick={() => void navigate(detailHref)}>查看详情</Button>}
                  />
                </div>
              </article>
            );
          })}
          <div className="ink-orders__pager">
            <Pagination
              current={pageIndex}
              pageSize={DEFAULT_PAGE_SIZE}
              total={list.data.TotalCount}
              onChange={setPageIndex}
              showSizeChanger={false}
              showTotal={(total) => `共 ${total} 个订单`}
            />
          </div>
        </div>
      )}
    </section>
  );
}
