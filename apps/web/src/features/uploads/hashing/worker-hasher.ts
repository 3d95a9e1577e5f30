import { STOPPED_MESSAGE, UploadCallError } from '../queue/upload-queue.ts';
import type { FileHasher } from '../queue/upload-queue.ts';
import type { HashReply, HashRequest } from './md5.worker.ts';

/** Idle workers kept for the next file, so a batch of small files does not start one each. */
const MAX_IDLE_WORKERS = 2;

function startWorker(): Worker {
  return new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module', name: 'md5' });
}

/**
 * The browser's file hasher: the MD5 is computed in a Web Worker (hash-wasm), so the page stays
 * responsive while a large file is read. Stopping ends the worker at once.
 */
export function createWorkerHasher(start: () => Worker = startWorker): FileHasher {
  const idle: Worker[] = [];
  let nextJob = 1;

  return {
    hash(file, onProgress, signal) {
      return new Promise<string>((resolve, reject) => {
        if (signal.aborted) return reject(new UploadCallError(STOPPED_MESSAGE, 'aborted'));
        const worker = idle.pop() ?? start();
        const id = nextJob++;
        const cleanUp = () => {
          worker.removeEventListener('message', onMessage);
          worker.removeEventListener('error', onError);
          signal.removeEventListener('abort', onAbort);
        };
        const onMessage = (event: MessageEvent<HashReply>) => {
          const reply = event.data;
          if (reply.id !== id) return;
          if (reply.type === 'progress') {
            onProgress(reply.bytesDone);
            return;
          }
          cleanUp();
          if (idle.length < MAX_IDLE_WORKERS) idle.push(worker);
          else worker.terminate();
          if (reply.type === 'done') resolve(reply.md5);
          else reject(new Error(reply.message));
        };
        const onError = () => {
          cleanUp();
          worker.terminate();
          reject(new Error('文件校验程序加载失败，请刷新页面后重试'));
        };
        const onAbort = () => {
          cleanUp();
          worker.terminate();
          reject(new UploadCallError(STOPPED_MESSAGE, 'aborted'));
        };
        worker.addEventListener('message', onMessage);
        worker.addEventListener('error', onError);
        signal.addEventListener('abort', onAbort, { once: true });
        worker.postMessage({ id, file } satisfies HashRequest);
      });
    },
    dispose() {
      for (const worker of idle.splice(0)) worker.terminate();
    },
  };
}
