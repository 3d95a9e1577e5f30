import dayjs from 'dayjs';

/** An ISO time as `2026-11-21 10:05`, or — when absent. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const time = dayjs(value);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm') : value;
}
