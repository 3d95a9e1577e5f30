import { Tag, Tooltip } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { formatFen } from '../../../lib/format.ts';
import { ServerFileThumb } from '../../uploads/index.ts';
import type { BatchRow } from '../utils/batch-rows.ts';

const STATUS_TAGS: Record<BatchRow['status'], { color: string; text: string }> = {
  recognised: { color: 'success', text: '已识别' },
  review: { color: 'warning', text: '请核对' },
  unrecognised: { color: 'error', text: '未识别' },
  edited: { color: 'processing', text: '已修改' },
};

/** The file: its thumbnail, its name, what the analysis made of it and the words it did not read. */
export function FileCell({ row }: { row: BatchRow }) {
  const tag = STATUS_TAGS[row.status];
  return (
    <div className="ink-batch-file">
      <ServerFileThumb file={row.file} className="ink-batch-file__thumb" />
      <div className="ink-batch-file__text">
        <span className="ink-batch-file__name" title={row.file.OrgFileName}>
          {row.file.OrgFileName}
        </span>
        <span>
          <Tag color={tag.color}>{tag.text}</Tag>
          {row.unknownWords.length > 0 && (
            <span className="ink-batch-file__unknown">未读懂：{row.unknownWords.join('、')}</span>
          )}
        </span>
        {row.problems.length > 0 && (
          <ul className="ink-batch-problems">
            {row.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

interface EditableProps {
  label: string;
  onEdit(): void;
  children: ReactNode;
}

/** A cell the customer fixes with the quote controls: clicking it opens the row's editor. */
export function EditableCell({ label, onEdit, children }: EditableProps) {
  return (
    <button type="button" className="ink-batch-cell" aria-label={label} onClick={onEdit}>
      <span className="ink-batch-cell__value">{children}</span>
      <EditOutlined className="ink-batch-cell__icon" />
    </button>
  );
}

/** 规格: each part as a chip; parts not in the name, or doubtful, are marked for a check. */
export function SpecChips({ row }: { row: BatchRow }) {
  if (row.productId === null) return <span className="ink-batch-muted">请先选择产品</span>;
  return (
    <span className="ink-batch-chips">
      {row.spec.map((cell) => (
        <span
          key={cell.key}
          className={`ink-batch-chip${cell.needsCheck ? ' is-check' : ''}`}
          title={cell.needsCheck ? '文件名中没有写明或读不准，请核对' : undefined}
        >
          {cell.label}
        </span>
      ))}
    </span>
  );
}

/** 金额: the server's price, or why there is none. */
export function PriceCell({ row }: { row: BatchRow }) {
  if (row.amountFen !== null) return <strong className="ink-batch-price">{formatFen(row.amountFen)}</strong>;
  const reason = row.productId === null ? '未选择产品' : row.priceRefusal || '不能报价';
  return <span className="ink-batch-refusal">{reason}</span>;
}

const PREFLIGHT_TAGS = {
  ok: { color: 'success', text: '通过' },
  warning: { color: 'warning', text: '注意' },
  error: { color: 'error', text: '不符合' },
  unknown: { color: 'default', text: '人工检查' },
} as const;

/** 印前检查 against the row's finished size, with what to look at on hover. */
export function PreflightCell({ row }: { row: BatchRow }) {
  if (row.isPreflightStale) return <span className="ink-batch-muted">结算时按所选尺寸检查</span>;
  if (!row.preflight) return <span className="ink-batch-muted">{row.productId ? '文件分析中' : '—'}</span>;
  const tag = PREFLIGHT_TAGS[row.preflight.Level];
  const details = [row.preflight.Summary, ...row.preflight.Messages].join('\n');
  return (
    <Tooltip title={<span className="ink-batch-pre">{details}</span>}>
      <Tag color={tag.color}>{tag.text}</Tag>
    </Tooltip>
  );
}
