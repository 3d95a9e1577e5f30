import { useState } from 'react';
import { Tag } from 'antd';
import { FileOutlined } from '@ant-design/icons';
import type { OrderFile } from '@inkstone/contracts';

const PREFLIGHT_TAGS: Record<OrderFile['PreflightLevel'], { color: string; text: string }> = {
  ok: { color: 'success', text: '预检通过' },
  warning: { color: 'warning', text: '预检提醒' },
  error: { color: 'error', text: '预检不通过' },
  unknown: { color: 'default', text: '无法自动检查' },
};

/** The file's thumbnail (a picture, or its typed icon), the file type when even that fails. */
function OrderFileThumb({ file }: { file: OrderFile }) {
  const [hasFailed, setHasFailed] = useState(false);
  if (hasFailed || !file.Thumbnail) {
    return (
      <span className="ink-orders__file-thumb" role="img" aria-label={file.OrgFileName}>
        <FileOutlined /> {file.FileExt.toUpperCase()}
      </span>
    );
  }
  return (
    <img
      className="ink-orders__file-thumb"
      src={file.Thumbnail}
      alt={file.OrgFileName}
      loading="lazy"
      onError={() => setHasFailed(true)}
    />
  );
}

/** A line's print files, each with its thumbnail, link and preflight verdict. */
export function OrderLineFiles({ files }: { files: readonly OrderFile[] }) {
  return (
    <div className="ink-orders__files">
      {files.length === 0 ? (
        <span className="ink-orders__muted">尚未上传印刷文件</span>
      ) : (
        files.map((file) => {
          const tag = PREFLIGHT_TAGS[file.PreflightLevel];
          return (
            <div key={file.Id} className="ink-orders__file">
              <OrderFileThumb file={file} />
              <a href={file.FilePath} target="_blank" rel="noreferrer">
                {file.OrgFileName}
              </a>
              <Tag color={tag.color}>{tag.text}</Tag>
              {file.PreflightLevel !== 'ok' && (
                <span className="ink-orders__muted">{file.Preflight.Summary}</span>
              )}
            </div>
          );
        })
      )}
    </div>
  );
}
