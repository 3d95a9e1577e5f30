import { CHUNK_LOAD_TIMEOUT_MS } from '@inkstone/contracts';

/** A page's script or style sheet did not arrive (network, or a deploy replaced the files). */
export class ChunkLoadError extends Error {
  constructor(readonly isTimeout: boolean) {
    super(isTimeout ? '页面资源加载超时，请检查网络后刷新页面' : '页面资源加载失败，请刷新页面重试');
    this.name = 'ChunkLoadError';
  }
}

/**
 * Spec §8: a chunk or CSS load that has not finished in 120 s fails instead of hanging, and any
 * load failure becomes a `ChunkLoadError` that the root error page explains.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(true)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      () => {
        clearTimeout(timer);
        reject(new ChunkLoadError(false));
      },
    );
  });
}
