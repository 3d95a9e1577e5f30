import { Alert, Button, Empty, Pagination, Skeleton } from 'antd';
import { DEFAULT_PAGE_SIZE } from '@inkstone/contracts';
import { ExportExcelButton } from '../../excel/index.ts';
import { OrderCard, OrderListTabs, OrderListToolbar } from '../components/order-list-parts.tsx';
import { useOrderListPage } from '../hooks/use-order-list-page.ts';

/** 我的订单: status tabs with counts, search, period and pager; each order with its actions. */
export function OrderListPage() {
  const page = useOrderListPage();
  const { tab, list } = page;

  let body;
  if (list.isError && !list.data) {
    body = (
      <Alert
        type="error"
        showIcon
        title="订单加载失败"
        description={list.error.message}
        action={<Button onClick={() => void list.refetch()}>重试</Button>}
      />
    );
  } else if (!list.data) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (list.data.List.length === 0) {
    body = (
      <div className="ink-orders__card">
        <Empty description={page.isFiltered ? '没有符合条件的订单' : '暂无订单'} />
      </div>
    );
  } else {
    body = (
      <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
        {list.data.List.map((order) => (
          <OrderCard key={order.Id} order={order} onOpenDetail={() => page.open(page.detailHref(order.Id))} />
        ))}
        <div className="ink-orders__pager">
          <Pagination
            current={page.pageIndex}
            pageSize={DEFAULT_PAGE_SIZE}
            total={list.data.TotalCount}
            onChange={page.setPageIndex}
            showSizeChanger={false}
            showTotal={(total) => `共 ${total} 个订单`}
          />
        </div>
      </div>
    );
  }

  return (
    <section aria-labelledby="ink-order-list-title">
      <h1 className="ink-orders__title" id="ink-order-list-title">
        我的订单
      </h1>
      <OrderListTabs tab={tab} counts={list.data?.Attach.StatusCounts} onChange={page.openTab} />
      <OrderListToolbar
        keyword={page.keyword}
        onKeywordChange={page.setKeyword}
        range={page.range}
        onRangeChange={page.setRange}
        onOpenCart={page.openCart}
        extra={<ExportExcelButton request={page.exportRequest} />}
      />
      {body}
    </section>
  );
}
