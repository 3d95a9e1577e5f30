import type { UploadItem } from '../queue/upload-queue.ts';
import { formatBytes, formatSpeed, formatTimeLeft } from './format.ts';

export type UploadTone = 'active' | 'success' | 'warning' | 'error' | 'idle';

export interface UploadDescription {
  /** 0–100 for the progress bar: the hashing while hashing, else the bytes the server holds. */
  percent: number;
  /** One line under the file name. */
  text: string;
  tone: UploadTone;
}

/** How an upload reads on screen at time `now` (ms): progress, speed and time left, or why it stands. */
export function describeUpload(item: UploadItem, now: number): UploadDescription {
  const sent = item.size > 0 ? Math.floor((item.uploadedBytes / item.size) * 100) : 0;
  const sentText = `${formatBytes(item.uploadedBytes)} / ${formatBytes(item.size)}`;
  switch (item.status) {
    case 'queued':
      return { percent: sent, text: '等待上传', tone: 'idle' };
    case 'hashing': {
      const percent = Math.floor(item.hashProgress * 100);
      return { percent, text: `正在计算文件指纹 ${percent}%（用于断点续传和秒传）`, tone: 'active' };
    }
    case 'uploading': {
      const pace =
        item.bytesPerSecond !== null && item.secondsLeft !== null
          ? ` · ${formatSpeed(item.bytesPerSecond)} · 剩余${formatTimeLeft(item.secondsLeft)}`
          : ' · 正在上传';
      return { percent: sent, text: `${sentText}${pace}`, tone: 'active' };
    }
    case 'retrying': {
      const wait = item.retry
        ? `，${Math.max(0, Math.ceil((item.retry.at - now) / 1000))} 秒后第 ${item.retry.attempt} 次重试`
        : '';
      return { percent: sent, text: `${item.message}${wait}`, tone: 'warning' };
    }
    case 'done':
      return {
        percent: 100,
        text: `${item.message} · ${formatBytes(item.size)}`,
        tone: 'success',
      };
    case 'stopped':
      return { percent: sent, text: `${item.message} · 已上传 ${sent}%`, tone: 'warning' };
    case 'failed':
      return { percent: sent, text: item.message, tone: 'error' };
    case 'rejected':
      return { percent: 0, text: item.message, tone: 'error' };
  }
}
