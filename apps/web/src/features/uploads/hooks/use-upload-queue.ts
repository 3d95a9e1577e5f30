import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { UploadType } from '@inkstone/contracts';
import type { ServerFile, UploadTypeValue } from '@inkstone/contracts';
import { browserStorage, session } from '../../../lib/session.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { chunkTransport } from '../api/upload-chunk-file.ts';
import { createWorkerHasher } from '../hashing/worker-hasher.ts';
import { createResumeStore } from '../queue/resume-store.ts';
import type { ResumeRecord, ResumeStore } from '../queue/resume-store.ts';
import { UploadQueue } from '../queue/upload-queue.ts';
import type { Connectivity, UploadItem } from '../queue/upload-queue.ts';

/** The browser's online state; a stop ends the wait. */
const browserConnectivity: Connectivity = {
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  waitUntilOnline: (signal) =>
    new Promise((resolve, reject) => {
      const done = () => {
        window.removeEventListener('online', done);
        signal.removeEventListener('abort', abort);
        resolve();
      };
      const abort = () => {
        window.removeEventListener('online', done);
        reject(new DOMException('stopped', 'AbortError'));
      };
      window.addEventListener('online', done);
      signal.addEventListener('abort', abort, { once: true });
    }),
};

/** Remembered uploads of the signed-in account on this merchant's site. */
function resumeStoreOfSession(): ResumeStore {
  const current = session.get();
  return createResumeStore(browserStorage('localStorage'), `${current.companyCode}:${current.account}`);
}

export interface UseUploadQueueOptions {
  uploadType?: UploadTypeValue;
  /** Called once for each file that finished (sent or 秒传). */
  onUploaded?(file: ServerFile, item: UploadItem): void;
}

export interface UploadQueueHandle {
  queue: UploadQueue;
  items: readonly UploadItem[];
  /** Uploads of an earlier page load that did not finish (to choose those files again). */
  unfinished: ResumeRecord[];
  dismissUnfinished(): void;
}

/**
 * An upload queue for one screen: MD5 in a Web Worker, chunks over the app's API client,
 * progress remembered in localStorage. Leaving the screen stops its uploads (the server keeps the
 * chunks; choosing the files again continues them), and the browser asks before a tab with
 * uploads running is closed. Each finished file refreshes the file library.
 */
export function useUploadQueue(options: UseUploadQueueOptions = {}): UploadQueueHandle {
  const client = useQueryClient();
  const onUploaded = useRef(options.onUploaded);
  onUploaded.current = options.onUploaded;
  const [resume] = useState(resumeStoreOfSession);
  const [queue] = useState(
    () =>
      new UploadQueue({
        transport: chunkTransport,
        hasher: createWorkerHasher(),
        uploadType: options.uploadType ?? UploadType.Default,
        resume,
        connectivity: browserConnectivity,
        onUploaded(file, item) {
          void client.invalidateQueries({ queryKey: queryKeys.uploads.serviceFiles });
          onUploaded.current?.(file, item);
        },
      }),
  );
  const items = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  // Uploads left unfinished by an earlier page load, as long as they stay unfinished.
  const [earlier, setEarlier] = useState(() => new Set(resume.unfinished().map((record) => record.key)));
  const unfinished = useMemo(
    () =>
      earlier.size === 0
        ? []
        : resume
            .unfinished()
            .filter(
              (record) => earlier.has(record.key) && !items.some((item) => item.fileName === record.name),
            ),
    [earlier, items, resume],
  );

  useEffect(() => () => queue.dispose(), [queue]);

  const isBusy = items.some(
    (item) => item.status === 'hashing' || item.status === 'uploading' || item.status === 'retrying',
  );
  useEffect(() => {
    if (!isBusy) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isBusy]);

  return {
    queue,
    items,
    unfinished,
    dismissUnfinished() {
      resume.dismissUnfinished();
      setEarlier(new Set());
    },
  };
}
