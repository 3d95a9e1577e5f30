import { useState } from 'react';
import { Button, Tag, Tooltip } from 'antd';
import { FolderOpenOutlined } from '@ant-design/icons';
import type { CartLine, ServerFile } from '@inkstone/contracts';
import { ServerFilePicker, UploadCard, usePreflight } from '../../uploads/index.ts';
import type { FinishedSize } from '../../uploads/index.ts';

/** At most this many files per line (docs/orders.md). */
export const MAX_LINE_FILES = 20;

const LEVEL_TAGS = {
  ok: { color: 'success', text: '预检通过' },
  warning: { color: 'warning', text: '预检提醒' },
  error: { color: 'error', text: '预检不通过' },
  unknown: { color: 'default', text: '无法自动检查' },
} as const;

/**
 * The line's finished size and bleed as the server prices it — preset sizes included — so the
 * file is checked here exactly as it will be on the order.
 */
export function finishedSizeOf(line: Pick<CartLine, 'FinishedSize'>): FinishedSize | null {
  const size = line.FinishedSize;
  return size ? { width: size.WidthMm, height: size.HeightMm, bleed: size.BleedMm } : null;
}

/** A file's preflight result against the line: level and the one-line conclusion. */
export function PreflightLine({ file, size }: { file: ServerFile; size: FinishedSize | null }) {
  const report = usePreflight(file.Id, size, { ignoreAlert: true });
  const tag = report.data ? LEVEL_TAGS[report.data.Level] : null;
  return (
    <div className="ink-orders__file" data-testid="preflight-line">
      <span>{file.OrgFileName}</span>
      {report.isLoading && <Tag>正在预检…</Tag>}
      {tag && report.data && (
        <Tooltip title={report.data.Summary}>
          <Tag color={tag.color}>{tag.text}</Tag>
        </Tooltip>
      )}
      {report.data && report.data.Level !== 'ok' && (
        <span className="ink-orders__muted">{report.data.Summary}</span>
      )}
    </div>
  );
}

export interface LineArtworkProps {
  line: Pick<CartLine, 'FinishedSize' | 'ProductTitle'>;
  files: ServerFile[];
  onChange(files: ServerFile[]): void;
}

/** Artwork of one line: upload here or choose from 我的文件, each file preflighted against the line. */
export function LineArtwork({ line, files, onChange }: LineArtworkProps) {
  const [isPicking, setIsPicking] = useState(false);
  const size = finishedSizeOf(line);
  return (
    <div>
      <UploadCard value={files} onChange={onChange} maxFiles={MAX_LINE_FILES} />
      <div className="ink-orders__controls">
        <Button icon={<FolderOpenOutlined />} onClick={() => setIsPicking(true)}>
          从我的文件选择
        </Button>
        <span className="ink-orders__muted">可稍后在订单详情中补传文件</span>
      </div>
      {files.length > 0 && (
        <div className="ink-orders__files">
          {files.map((file) => (
            <PreflightLine key={file.Id} file={file} size={size} />
          ))}
        </div>
      )}
      <ServerFilePicker
        open={isPicking}
        onClose={() => setIsPicking(false)}
        maxSelect={MAX_LINE_FILES}
        title={`为「${line.ProductTitle}」选择印刷文件`}
        onConfirm={(picked) => {
          const known = new Set(files.map((file) => file.Id));
          onChange([...files, ...picked.filter((file) => !known.has(file.Id))].slice(0, MAX_LINE_FILES));
        }}
      />
    </div>
  );
}
