import { useState } from 'react';
import { Alert, Button, Spin } from 'antd';
import type { ServerFile } from '@inkstone/contracts';
import { useBatchAnalysis } from '../hooks/use-batch-analysis.ts';
import { newRequestKey, useBatchSubmit } from '../hooks/use-batch-submit.ts';
import { applyEdit, type BatchRow } from '../utils/batch-rows.ts';
import { BatchOrderBar } from './batch-order-bar.tsx';
import { BatchOrderTable } from './batch-order-table.tsx';
import { RowEditor } from './row-editor.tsx';
import './batch-order.css';

export interface BatchOrderPanelProps {
  /** The batch: the files uploaded or chosen on the page, in order. */
  files: readonly ServerFile[];
}

function summaryOf(rows: readonly BatchRow[]) {
  const count = (status: BatchRow['status']) => rows.filter((row) => row.status === status).length;
  return `已识别 ${count('recognised')} · 请核对 ${count('review')} · 未识别 ${count('unrecognised')} · 已修改 ${count('edited')}`;
}

/**
 * 按文件名批量下单: each file of the batch read by its name (AnalysisFileName) into a row of
 * product, specification and quantity with the server's price and the preflight; the customer
 * fixes any row with the quote controls; 全部加入购物车 or 合并下单 (AnalysisCreateOrder) puts every
 * row into the cart at the server's price — or none, with the rows that stop it named.
 */
export function BatchOrderPanel({ files }: BatchOrderPanelProps) {
  const { rows, pendingCount, error, replaceRow, retry } = useBatchAnalysis(files);
  // One request key per state of the rows: a retry of the same rows is recognised as such.
  const rowsKey = rows.map((row) => row.file.Id).join(',');
  const [submission, setSubmission] = useState(() => ({ rowsKey, key: newRequestKey() }));
  if (submission.rowsKey !== rowsKey) setSubmission({ rowsKey, key: newRequestKey() });
  const [editing, setEditing] = useState<number | null>(null);
  const { busy, refusal, blockers, submit } = useBatchSubmit(rows, submission.key);
  const editedRow = editing === null ? null : (rows[editing] ?? null);

  if (files.length === 0) return null;
  return (
    <section className="ink-batch" aria-labelledby="ink-batch-order-title">
      <header className="ink-batch__head">
        <h2 id="ink-batch-order-title" className="ink-batch__title">
          按文件名下单
        </h2>
        <span className="ink-batch__summary">
          {pendingCount > 0 ? <Spin size="small" /> : null}
          {pendingCount > 0 ? ` 正在识别 ${pendingCount} 个文件… ` : ' '}
          {summaryOf(rows)}
        </span>
      </header>
      <p className="ink-batch__lead">
        按文件名中的产品、尺寸、纸张、单双面、工艺和数量填好每一行（例如「名片-300g铜版纸-双面-覆哑膜-5盒.pdf」）。
        标黄的格子是文件名没有写明或读不准的，未识别的行请选择产品；点击任一格子即可修改。
      </p>
      {error && (
        <Alert
          type="error"
          showIcon
          title={error}
          action={
            <Button size="small" onClick={retry}>
              重试
            </Button>
          }
        />
      )}
      <BatchOrderTable rows={rows} onEdit={setEditing} />
      {refusal && <Alert type="error" showIcon title="这批商品未加入购物车" description={refusal} />}
      <BatchOrderBar
        rows={rows}
        blockerCount={blockers.length}
        busy={busy}
        isDisabled={rows.length === 0 || pendingCount > 0 || busy !== null}
        onSubmit={(target) => void submit(target)}
      />
      {editedRow && editing !== null && (
        <RowEditor
          key={editedRow.file.Id}
          row={editedRow}
          index={editing}
          onClose={() => setEditing(null)}
          onConfirm={(product, edited) => {
            replaceRow(editedRow.file.Id, applyEdit(editedRow, product, edited));
            setSubmission({ rowsKey, key: newRequestKey() });
            setEditing(null);
          }}
        />
      )}
    </section>
  );
}
