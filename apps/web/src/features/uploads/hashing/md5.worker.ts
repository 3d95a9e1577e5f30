import { createMD5 } from 'hash-wasm';

/**
 * Computes the MD5 of a whole file off the page's thread (the upload identifier, spec §3), reading
 * it in slices so a 2 GB file never sits in memory. Messages in: `{ id, file }`; out:
 * `{ id, type: 'progress', bytesDone }` after each slice, then `{ id, type: 'done', md5 }` or
 * `{ id, type: 'error', message }`. One job at a time; the page ends a job by ending the worker.
 */
export interface HashRequest {
  id: number;
  file: Blob;
}

export type HashReply =
  | { id: number; type: 'progress'; bytesDone: number }
  | { id: number; type: 'done'; md5: string }
  | { id: number; type: 'error'; message: string };

/** Bytes read at a time: large enough to keep the hashing fast, small enough to report often. */
const SLICE_BYTES = 8 * 1024 * 1024;

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<HashRequest>) => void) | null;
  postMessage(message: HashReply): void;
};

scope.onmessage = (event) => {
  const { id, file } = event.data;
  void (async () => {
    try {
      const md5 = await createMD5();
      md5.init();
      for (let offset = 0; offset < file.size; offset += SLICE_BYTES) {
        const end = Math.min(file.size, offset + SLICE_BYTES);
        md5.update(new Uint8Array(await file.slice(offset, end).arrayBuffer()));
        scope.postMessage({ id, type: 'progress', bytesDone: end });
      }
      scope.postMessage({ id, type: 'done', md5: md5.digest('hex') });
    } catch {
      scope.postMessage({
        id,
        type: 'error',
        message: '无法读取文件，请确认文件仍在原处且未被其他程序占用后重新选择',
      });
    }
  })();
};
