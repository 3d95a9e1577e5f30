import { useEffect, useState } from 'react';
import { Progress } from 'antd';
import type { UploadItem } from '../queue/upload-queue.ts';
import { describeUpload } from '../utils/describe-upload.ts';
import type { UploadTone } from '../utils/describe-upload.ts';
import './uploads.css';

const PROGRESS_STATUS: Record<UploadTone, 'active' | 'success' | 'exception' | 'normal'> = {
  active: 'active',
  success: 'success',
  warning: 'normal',
  error: 'exception',
  idle: 'normal',
};

/** The current time, ticking every second while `isTicking` (for retry countdowns). */
function useNow(isTicking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isTicking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [isTicking]);
  return isTicking ? now : Date.now();
}

/** An upload's progress bar and its status line: speed and time left, 中途停止, or what went wrong. */
export function UploadProgress({ item, compact = false }: { item: UploadItem; compact?: boolean }) {
  const now = useNow(item.status === 'retrying');
  const description = describeUpload(item, now);
  return (
    <div className={`ink-upload-progress is-${description.tone}`} data-status={item.status}>
      {item.status !== 'rejected' && (
        <Progress
          percent={description.percent}
          size="small"
          showInfo={!compact}
          status={PROGRESS_STATUS[description.tone]}
          strokeColor={description.tone === 'warning' ? '#faad14' : undefined}
          aria-label={`${item.fileName} 上传进度`}
        />
      )}
      <p className="ink-upload-progress__text" role="status" title={description.text}>
        {description.text}
      </p>
    </div>
  );
}
