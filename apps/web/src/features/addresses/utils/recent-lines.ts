/** How many recently recognised lines the address input offers again. */
export const MAX_RECENT_LINES = 5;

const STORAGE_KEY = 'ink-address-recent-lines';

/** `line` first, without an earlier copy of it, at most `max` lines. Blank lines are ignored. */
export function pushRecentLine(lines: readonly string[], line: string, max = MAX_RECENT_LINES): string[] {
  const text = line.trim();
  if (!text) return [...lines];
  return [text, ...lines.filter((other) => other !== text)].slice(0, max);
}

/** The lines this browser recognised lately, newest first. */
export function readRecentLines(): string[] {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberRecentLine(line: string): string[] {
  const lines = pushRecentLine(readRecentLines(), line);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // Private mode or a full storage: suggestions are a convenience only.
  }
  return lines;
}
