/**
 * What the browser remembers about uploads across page loads, per merchant site and account:
 * each file's identifier (its MD5, so a file chosen again is not hashed again) and how far an
 * unfinished upload got (so the page can say which files to choose again to continue).
 * The server holds the chunks themselves (docs/uploads.md: kept 24 hours by default).
 */
export interface ResumeRecord {
  /** fileKey(): name, size, modification time and upload type. */
  key: string;
  name: string;
  size: number;
  identifier: string;
  /** Bytes the server held when last heard from. */
  uploadedBytes: number;
  isFinished: boolean;
  /** The customer dismissed the reminder about this unfinished upload. */
  isDismissed?: boolean;
  updatedAt: number;
}

export interface ResumeStore {
  identifierOf(key: string): string | null;
  remember(record: Omit<ResumeRecord, 'updatedAt'>): void;
  forget(key: string): void;
  /** Unfinished uploads of the last day that were not dismissed, newest first. */
  unfinished(): ResumeRecord[];
  dismissUnfinished(): void;
}

/** The same file chosen again: same name, size and modification time, for the same use. */
export function fileKey(
  file: { name: string; size: number; lastModified?: number },
  uploadType: number,
): string {
  return `${uploadType}|${file.size}|${file.lastModified ?? 0}|${file.name}`;
}

const STORAGE_KEY = 'inkstone.uploads.resume';
/** An unfinished upload is worth mentioning while the server still keeps its chunks. */
const UNFINISHED_SHOWN_MS = 24 * 3600_000;
/** A finished file's identifier still saves hashing (秒传) for a week. */
const RECORD_KEPT_MS = 7 * 24 * 3600_000;
const MAX_RECORDS = 300;

/** A store in `storage` (localStorage) under the account `scope`; a memory store where none works. */
export function createResumeStore(
  storage: Storage | null,
  scope: string,
  now = () => Date.now(),
): ResumeStore {
  const storageKey = `${STORAGE_KEY}:${scope}`;
  let memory: ResumeRecord[] | null = null;

  function read(): ResumeRecord[] {
    if (memory) return memory;
    try {
      const raw = storage?.getItem(storageKey);
      const parsed = raw ? (JSON.parse(raw) as unknown) : [];
      memory = Array.isArray(parsed) ? (parsed as ResumeRecord[]) : [];
    } catch {
      memory = [];
    }
    const oldest = now() - RECORD_KEPT_MS;
    memory = memory.filter((record) => record.updatedAt >= oldest);
    return memory;
  }

  function write(records: ResumeRecord[]): void {
    memory = records
      .slice()
      .sort((a, b) => b.updatedAt - a.updatedAt)
      .slice(0, MAX_RECORDS);
    try {
      storage?.setItem(storageKey, JSON.stringify(memory));
    } catch {
      // Storage full or blocked: remembered for this page only.
    }
  }

  return {
    identifierOf: (key) => read().find((record) => record.key === key)?.identifier ?? null,
    remember(record) {
      write([{ ...record, updatedAt: now() }, ...read().filter((item) => item.key !== record.key)]);
    },
    forget(key) {
      write(read().filter((record) => record.key !== key));
    },
    unfinished() {
      const since = now() - UNFINISHED_SHOWN_MS;
      return read().filter(
        (record) => !record.isFinished && !record.isDismissed && record.updatedAt >= since,
      );
    },
    dismissUnfinished() {
      write(read().map((record) => (record.isFinished ? record : { ...record, isDismissed: true })));
    },
  };
}
