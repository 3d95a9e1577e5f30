/** 1.5 GB, 300 KB, 12 B: sizes as the customer reads them. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 100 || unit === 0 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}

/** 3.2 MB/s. */
export function formatSpeed(bytesPerSecond: number): string {
  return `${formatBytes(bytesPerSecond)}/s`;
}

/** 剩余时间: 不到 1 秒, 约 45 秒, 约 3 分 20 秒, 约 1 小时 5 分. */
export function formatTimeLeft(seconds: number): string {
  if (!Number.isFinite(seconds)) return '计算中';
  if (seconds < 1) return '不到 1 秒';
  const whole = Math.ceil(seconds);
  if (whole < 60) return `约 ${whole} 秒`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) {
    const rest = whole % 60;
    return rest ? `约 ${minutes} 分 ${rest} 秒` : `约 ${minutes} 分钟`;
  }
  const hours = Math.floor(minutes / 60);
  const restMinutes = minutes % 60;
  return restMinutes ? `约 ${hours} 小时 ${restMinutes} 分` : `约 ${hours} 小时`;
}

/** Lower-case extension without the dot; '' when the name has none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}
