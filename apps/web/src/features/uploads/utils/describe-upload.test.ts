import { describe, expect, it } from 'vitest';
import type { UploadItem } from '../queue/upload-queue.ts';
import { describeUpload } from './describe-upload.ts';
import { formatBytes, formatTimeLeft } from './format.ts';

const MiB = 1024 * 1024;

function item(change: Partial<UploadItem>): UploadItem {
  return {
    id: 'upload-1',
    source: new File([], '画册.pdf'),
    fileName: '画册.pdf',
    size: 8 * MiB,
    uploadType: 1,
    status: 'uploading',
    hashProgress: 1,
    uploadedBytes: 2 * MiB,
    totalChunks: 4,
    chunksSent: 1,
    bytesPerSecond: null,
    secondsLeft: null,
    message: '',
    retry: null,
    isInstant: false,
    canResume: false,
    file: null,
    ...change,
  };
}

describe('formatting', () => {
  it.each([
    [0.2, '不到 1 秒'],
    [45, '约 45 秒'],
    [200, '约 3 分 20 秒'],
    [120, '约 2 分钟'],
    [3900, '约 1 小时 5 分'],
    [Infinity, '计算中'],
  ])('says %s seconds left as %s', (seconds, text) => {
    expect(formatTimeLeft(seconds)).toBe(text);
  });

  it.each([
    [12, '12 B'],
    [300 * 1024, '300 KB'],
    [1.5 * 1024 * MiB, '1.5 GB'],
  ])('writes %i bytes as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('describeUpload', () => {
  it('shows the bytes sent, the speed and the time left while sending', () => {
    expect(describeUpload(item({ bytesPerSecond: 2 * MiB, secondsLeft: 3 }), 0)).toEqual({
      percent: 25,
      text: '2 MB / 8 MB · 2 MB/s · 剩余约 3 秒',
      tone: 'active',
    });
  });

  it('shows the hashing progress while the identifier is computed', () => {
    expect(describeUpload(item({ status: 'hashing', hashProgress: 0.5 }), 0)).toMatchObject({
      percent: 50,
      tone: 'active',
    });
  });

  it('says 中途停止 and how far it got when stopped', () => {
    expect(describeUpload(item({ status: 'stopped', message: '中途停止', canResume: true }), 0)).toEqual({
      percent: 25,
      text: '中途停止 · 已上传 25%',
      tone: 'warning',
    });
  });

  it('counts down to the next retry', () => {
    const waiting = item({
      status: 'retrying',
      message: '网络异常，稍后自动重试',
      retry: { attempt: 2, at: 5000 },
    });
    expect(describeUpload(waiting, 1000).text).toBe('网络异常，稍后自动重试，4 秒后第 2 次重试');
  });
});
