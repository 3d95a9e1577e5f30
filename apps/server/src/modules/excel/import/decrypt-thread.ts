/**
 * Decrypts an encrypted workbook on a thread of its own: officecrypto-tool derives the key in
 * plain JavaScript (100,000 rounds of SHA-512 for Excel's agile encryption, one to two seconds of
 * CPU), which on the server's own thread would stall every other request meanwhile. The thread
 * lives for one file, is stopped after DECRYPT_TIMEOUT_MS, and its heap is capped.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Longest one decryption may take. */
const DECRYPT_TIMEOUT_MS = 30_000;

/** Plain JavaScript evaluated as the thread's script, so the bundled server needs no extra file. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const officeCrypto = require(workerData.modulePath);
officeCrypto.decrypt(Buffer.from(workerData.bytes), { password: workerData.password }).then(
  (output) => parentPort.postMessage({ ok: true, bytes: output }),
  (error) => parentPort.postMessage({ ok: false, message: String((error && error.message) || error) }),
);
`;

const modulePath = createRequire(import.meta.url).resolve('officecrypto-tool');

type Reply = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

/**
 * `bytes` (an encrypted OOXML package or legacy file) decrypted with `password`; rejects with
 * officecrypto-tool's own error message (`The password is incorrect`, …) or a time-out.
 */
export function decryptOnThread(bytes: Buffer, password: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { modulePath, bytes, password },
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error('decryption timed out'));
    }, DECRYPT_TIMEOUT_MS);
    const finish = () => {
      clearTimeout(timer);
      void worker.terminate();
    };
    worker.once('message', (reply: Reply) => {
      finish();
      if (reply.ok) resolve(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
      else reject(new Error(reply.message));
    });
    worker.once('error', (error) => {
      finish();
      reject(error);
    });
    worker.once('exit', () => {
      clearTimeout(timer);
      reject(new Error('decryption thread ended'));
    });
  });
}
