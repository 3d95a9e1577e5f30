import { useState } from 'react';
import { Alert, Button, Checkbox, Empty, InputNumber, Pagination, Popconfirm, Skeleton, Tag } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@inkstone/contracts';
import type { CartLine } from '@inkstone/contracts';
import { feedback } from '../../../lib/feedback.ts';
import { formatFen } from '../../../lib/format.ts';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { orderPath } from '../../orders/index.ts';
import { deleteShopCarOrders } from '../api/delete-shop-car-orders.ts';
import { CART_KEY } from '../api/keys.ts';
import { useCartPage } from '../api/shop-car-orders.ts';
import { updateShopCarOrder } from '../api/update-shop-car-order.ts';

/** Spec §8 success message of a delete. */
const DELETED = '删除成功';

function CartLineRow({
  line,
  isSelected,
  onToggle,
  onChanged,
}: {
  line: CartLine;
  isSelected: boolean;
  onToggle(checked: boolean): void;
  onChanged(): void;
}) {
  const [quantity, setQuantity] = useState<number | null>(line.Quantity);
  const [isSaving, setIsSaving] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);

  async function saveQuantity() {
    if (quantity === null || quantity === line.Quantity) {
      setQuantity(line.Quantity);
      return;
    }
    setIsSaving(true);
    try {
      await updateShopCarOrder({ Id: line.Id, Quantity: quantity });
      onChanged();
    } catch {
      setQuantity(line.Quantity);
    } finally {
      setIsSaving(false);
    }
  }

  async function remove() {
    setIsDeleting(true);
    try {
      await deleteShopCarOrders({ Ids: [line.Id] });
      feedback.success(DELETED);
      onChanged();
    } catch {
      setIsDeleting(false);
    }
  }

  return (
    <div className="ink-orders__line" data-testid="cart-line">
      <Checkbox
        checked={isSelected}
        disabled={!line.IsAvailable}
        onChange={(event) => onToggle(event.target.checked)}
        aria-label={`选择 ${line.ProductTitle}`}
      />
      <div>
        <p className="ink-orders__line-title">{line.ProductTitle}</p>
        <p className="ink-orders__spec">{line.SpecText}</p>
        <div className="ink-orders__flags">
          {line.SourceOrderNo && <Tag>再来一单 · {line.SourceOrderNo}</Tag>}
          {line.IsAvailable && line.IsPriceChanged && (
            <Tag color="warning">价格已变动：加入时 {formatFen(line.AddedAmountFen)}</Tag>
          )}
          {!line.IsAvailable && <Tag color="error">暂不可下单：{line.UnavailableReason || '规格已调整'}</Tag>}
        </div>
        <div className="ink-orders__controls">
          <span className="ink-orders__muted">数量</span>
          <InputNumber
            aria-label={`${line.ProductTitle} 数量`}
            min={1}
            precision={0}
            value={quantity}
            disabled={!line.IsAvailable || isSaving}
            onChange={setQuantity}
            onBlur={() => void saveQuantity()}
            onPressEnter={() => void saveQuantity()}
            addonAfter={line.Unit}
            style={{ width: 150 }}
          />
          <Popconfirm title="确定要删除吗?" okText="删除" cancelText="取消" onConfirm={() => void remove()}>
            <Button type="text" danger icon={<DeleteOutlined />} loading={isDeleting}>
              删除
            </Button>
          </Popconfirm>
        </div>
      </div>
      <div className="ink-orders__amount">
        <div>{formatFen(line.AmountFen)}</div>
        <div className="ink-orders__muted">单价 {formatFen(line.UnitPriceFen)}</div>
        {isSaving && <div className="ink-orders__muted">正在重新计价…</div>}
      </div>
    </div>
  );
}

/** 购物车: today's price of each line, quantity and delete, and the chosen lines to checkout. */
export function CartPage() {
  const site = useVersionSite();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pageIndex, setPageIndex] = useState(1);
  const cart = useCartPage(pageIndex, DEFAULT_PAGE_SIZE);
  // Chosen lines by id, kept across pages; the amounts are the latest seen.
  const [selected, setSelected] = useState<Map<number, CartLine>>(new Map());
  const [isDeleting, setIsDeleting] = useState(false);

  const lines = cart.data?.List ?? [];
  const chosen = [...selected.values()].map((line) => lines.find((item) => item.Id === line.Id) ?? line);
  const chosenAvailable = chosen.filter((line) => line.IsAvailable);
  const sumFen = chosenAvailable.reduce((sum, line) => sum + line.AmountFen, 0);
  const pageAvailable = lines.filter((line) => line.IsAvailable);
  const isPageAllSelected = pageAvailable.length > 0 && pageAvailable.every((line) => selected.has(line.Id));

  const refresh = () => void queryClient.invalidateQueries({ queryKey: CART_KEY });

  function toggle(line: CartLine, checked: boolean) {
    setSelected((current) => {
      const next = new Map(current);
      if (checked) next.set(line.Id, line);
      else next.delete(line.Id);
      return next;
    });
  }

  function togglePage(checked: boolean) {
    setSelected((current) => {
      const next = new Map(current);
      for (const line of pageAvailable) {
        if (checked) next.set(line.Id, line);
        else next.delete(line.Id);
      }
      return next;
    });
  }

  async function removeSelected() {
    setIsDeleting(true);
    try {
      await deleteShopCarOrders({ Ids: chosen.map((line) => line.Id) });
      feedback.success(DELETED);
      setSelected(new Map());
      refresh();
    } catch {
      // The client showed why.
    } finally {
      setIsDeleting(false);
    }
  }

  function onLineChanged(line: CartLine) {
    setSelected((current) => {
      if (!current.has(line.Id)) return current;
      const next = new Map(current);
      next.delete(line.Id);
      return next;
    });
    refresh();
  }

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
          <Button type="primary" onClick={() => void navigate(site.workspace)}>
            去报价下单
          </Button>
        </Empty>
      </div>
    );
  } else {
    body = (
      <>
        <div className="ink-orders__card">
          {lines.map((line) => (
            <CartLineRow
              key={`${line.Id}:${line.Quantity}`}
              line={line}
              isSelected={selected.has(line.Id)}
              onToggle={(checked) => toggle(line, checked)}
              onChanged={() => onLineChanged(line)}
            />
          ))}
        </div>
        {cart.data.PageCount > 1 && (
          <div className="ink-orders__pager">
            <Pagination
              current={pageIndex}
              pageSize={DEFAULT_PAGE_SIZE}
              total={cart.data.TotalCount}
              onChange={setPageIndex}
              showSizeChanger={false}
            />
          </div>
        )}
        <div className="ink-orders__bar">
          <Checkbox checked={isPageAllSelected} onChange={(event) => togglePage(event.target.checked)}>
            全选本页
          </Checkbox>
          <Popconfirm
            title="确定要删除吗?"
            okText="删除"
            cancelText="取消"
            disabled={chosen.length === 0}
            onConfirm={() => void removeSelected()}
          >
            <Button disabled={chosen.length === 0} loading={isDeleting}>
              删除所选
            </Button>
          </Popconfirm>
          <div className="ink-orders__bar-sum">
            <span>已选 {chosenAvailable.length} 件，合计</span>
            <strong className="ink-orders__amount ink-orders__amount--big" data-testid="cart-sum">
              {formatFen(sumFen)}
            </strong>
          </div>
          <Button
            type="primary"
            size="large"
            disabled={chosenAvailable.length === 0}
            onClick={() =>
              void navigate(
                orderPath(site.version, 'checkout', { ids: chosenAvailable.map((line) => line.Id) }),
              )
            }
          >
            去结算
          </Button>
        </div>
      </>
    );
  }

  return (
    <section aria-labelledby="ink-cart-title">
      <h1 className="ink-orders__title" id="ink-cart-title">
        购物车
        {cart.data && (
          <span className="ink-orders__subtitle">
            共 {cart.data.TotalCount} 件，可下单 {cart.data.Attach.AvailableCount} 件 · 价格按今日商品目录计算
          </span>
        )}
      </h1>
      {body}
    </section>
  );
}
