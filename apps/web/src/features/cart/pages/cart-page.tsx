import { Alert, Button, Empty, Pagination, Skeleton } from 'antd';
import { DEFAULT_PAGE_SIZE } from '@inkstone/contracts';
import { ExportExcelButton, ImportExcelButton } from '../../excel/index.ts';
import { CartBar } from '../components/cart-bar.tsx';
import { CartLineRow } from '../components/cart-line-row.tsx';
import { useCartPageState } from '../hooks/use-cart-page-state.ts';

/** 购物车: today's price of each line, quantity and delete, and the chosen lines to checkout. */
export function CartPage() {
  const page = useCartPageState();
  const { cart } = page;

  let body;
  if (cart.isError && !cart.data) {
    body = (
      <Alert
        type="error"
        showIcon
        title="购物车加载失败"
        description={cart.error.message}
        action={<Button onClick={() => void cart.refetch()}>重试</Button>}
      />
    );
  } else if (!cart.data) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (cart.data.TotalCount === 0) {
    body = (
      <div className="ink-orders__card">
        <Empty description="购物车还是空的">
          <Button type="primary" onClick={page.goQuote}>
            去报价下单
          </Button>
        </Empty>
      </div>
    );
  } else {
    body = (
      <>
        <div className="ink-orders__card">
          {page.lines.map((line) => (
            <CartLineRow
              key={`${line.Id}:${line.Quantity}`}
              line={line}
              isSelected={page.isSelected(line)}
              onToggle={(checked) => page.toggle(line, checked)}
              onChanged={() => page.onLineChanged(line)}
            />
          ))}
        </div>
        {cart.data.PageCount > 1 && (
          <div className="ink-orders__pager">
            <Pagination
              current={page.pageIndex}
              pageSize={DEFAULT_PAGE_SIZE}
              total={cart.data.TotalCount}
              onChange={page.setPageIndex}
              showSizeChanger={false}
            />
          </div>
        )}
        <CartBar
          isPageAllSelected={page.isPageAllSelected}
          onTogglePage={page.togglePage}
          chosenCount={page.chosenCount}
          chosenAvailableCount={page.chosenAvailableCount}
          sumFen={page.sumFen}
          isDeleting={page.isDeleting}
          onRemoveSelected={() => void page.removeSelected()}
          onCheckout={page.goCheckout}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="ink-cart-title">
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 12 }}>
        <h1 className="ink-orders__title" id="ink-cart-title" style={{ marginRight: 'auto' }}>
          购物车
          {cart.data && (
            <span className="ink-orders__subtitle">
              共 {cart.data.TotalCount} 件，可下单 {cart.data.Attach.AvailableCount} 件 ·
              价格按今日商品目录计算
            </span>
          )}
        </h1>
        <ImportExcelButton type="batch_orders" />
        <ExportExcelButton request={{ ExportExcelType: 'cart' }} disabled={!cart.data?.TotalCount} />
      </div>
      {body}
    </section>
  );
}
