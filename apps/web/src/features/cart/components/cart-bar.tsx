import { Button, Checkbox, Popconfirm } from 'antd';
import { formatFen } from '../../../lib/format.ts';

export interface CartBarProps {
  isPageAllSelected: boolean;
  onTogglePage(checked: boolean): void;
  /** Lines chosen, and those of them that can be ordered. */
  chosenCount: number;
  chosenAvailableCount: number;
  sumFen: number;
  isDeleting: boolean;
  onRemoveSelected(): void;
  onCheckout(): void;
}

/** The cart's foot: choose the page, delete the chosen lines, their sum and 去结算. */
export function CartBar({
  isPageAllSelected,
  onTogglePage,
  chosenCount,
  chosenAvailableCount,
  sumFen,
  isDeleting,
  onRemoveSelected,
  onCheckout,
}: CartBarProps) {
  return (
    <div className="ink-orders__bar">
      <Checkbox checked={isPageAllSelected} onChange={(event) => onTogglePage(event.target.checked)}>
        全选本页
      </Checkbox>
      <Popconfirm
        title="确定要删除吗?"
        okText="删除"
        cancelText="取消"
        disabled={chosenCount === 0}
        onConfirm={onRemoveSelected}
      >
        <Button disabled={chosenCount === 0} loading={isDeleting}>
          删除所选
        </Button>
      </Popconfirm>
      <div className="ink-orders__bar-sum">
        <span>已选 {chosenAvailableCount} 件，合计</span>
        <strong className="ink-orders__amount ink-orders__amount--big" data-testid="cart-sum">
          {formatFen(sumFen)}
        </strong>
      </div>
      <Button type="primary" size="large" disabled={chosenAvailableCount === 0} onClick={onCheckout}>
        去结算
      </Button>
    </div>
  );
}
