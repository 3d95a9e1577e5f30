import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import type { BatchRow } from '../utils/batch-rows.ts';
import { EditableCell, FileCell, PreflightCell, PriceCell, SpecChips } from './batch-cells.tsx';

export interface BatchOrderTableProps {
  rows: readonly BatchRow[];
  /** Opens the editor of row `index` (0-based). */
  onEdit(index: number): void;
}

/** The columns; a row's number is its place in the whole batch, whatever page it is on. */
function columns(rows: readonly BatchRow[], onEdit: (index: number) => void): ColumnsType<BatchRow> {
  const numberOf = (row: BatchRow) => rows.indexOf(row);
  const editable = (what: string, render: (row: BatchRow) => ReactNode) => (_: unknown, row: BatchRow) => (
    <EditableCell label={`修改第 ${numberOf(row) + 1} 行的${what}`} onEdit={() => onEdit(numberOf(row))}>
      {render(row)}
    </EditableCell>
  );
  return [
    { title: '#', key: 'index', width: 44, render: (_value, row) => numberOf(row) + 1 },
    { title: '文件', key: 'file', width: 280, render: (_value, row) => <FileCell row={row} /> },
    {
      title: '产品',
      key: 'product',
      width: 140,
      render: editable('产品', (row) =>
        row.productId === null ? <span className="ink-batch-refusal">请选择产品</span> : row.productTitle,
      ),
    },
    { title: '规格', key: 'spec', render: editable('规格', (row) => <SpecChips row={row} />) },
    {
      title: '数量',
      key: 'quantity',
      width: 100,
      render: editable('数量', (row) => (
        <span className={row.isQuantityDoubtful ? 'ink-batch-chip is-check' : undefined}>
          {row.quantityLabel || '—'}
        </span>
      )),
    },
    {
      title: '金额',
      key: 'price',
      width: 120,
      align: 'right',
      render: (_value, row) => <PriceCell row={row} />,
    },
    { title: '印前检查', key: 'preflight', width: 110, render: (_value, row) => <PreflightCell row={row} /> },
  ];
}

/** One row per file: product, specification, quantity, the server's price, the preflight. */
export function BatchOrderTable({ rows, onEdit }: BatchOrderTableProps) {
  return (
    <Table<BatchRow>
      className="ink-batch-table"
      rowKey={(row) => row.file.Id}
      columns={columns(rows, onEdit)}
      dataSource={[...rows]}
      pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      scroll={{ x: 980 }}
      size="middle"
    />
  );
}
