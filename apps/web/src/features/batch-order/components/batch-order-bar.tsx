import { Button } from 'antd';
import { ShoppingCartOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { formatFen } from '../../../lib/format.ts';
import type { BatchTarget } from '../hooks/use-batch-submit.ts';
import { totalFenOf, type BatchRow } from '../utils/batch-rows.ts';

export interface BatchOrderBarProps {
  rows: readonly BatchRow[];
  /** Rows that stop the batch (no product, no price). */
  blockerCount: number;
  busy: BatchTarget | null;
  isDisabled: boolean;
  onSubmit(target: BatchTarget): void;
}

/** The table's foot: rows and total, 全部加入购物车 and 合并下单. */
export function BatchOrderBar({ rows, blockerCount, busy, isDisabled, onSubmit }: BatchOrderBarProps) {
  return (
    <footer className="ink-batch__bar">
      <span>
        共 <strong>{rows.length}</strong> 行，合计{' '}
        <strong className="ink-batch-price">{formatFen(totalFenOf(rows))}</strong>
        {blockerCount > 0 && <span className="ink-batch-refusal">（{blockerCount} 行需要处理）</span>}
      </span>
      <span className="ink-batch__actions">
        <Button
          icon={<ShoppingCartOutlined />}
          loading={busy === 'cart'}
          disabled={isDisabled}
          onClick={() => onSubmit('cart')}
        >
          全部加入购物车
        </Button>
        <Button
          type="primary"
          icon={<ThunderboltOutlined />}
          loading={busy === 'order'}
          disabled={isDisabled}
          onClick={() => onSubmit('order')}
        >
          合并下单
        </Button>
      </span>
    </footer>
  );
}
