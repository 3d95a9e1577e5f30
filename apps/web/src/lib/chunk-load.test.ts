import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk } from './chunk-load.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('loadChunk', () => {
  it('gives up on a page file that has not arrived after 120 s', async () => {
    vi.useFakeTimers();
    const result = loadChunk(() => new Promise(() => undefined)).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void result.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).message).toBe('页面资源加载超时，请检查网络后刷新页面');
  });

  it('turns a failed import into a message asking to refresh', async () => {
    await expect(
      loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))),
    ).rejects.toMatchObject({
      name: 'ChunkLoadError',
      message: '页面资源加载失败，请刷新页面重试',
    });
  });

  it('passes a loaded module through', async () => {
    await expect(loadChunk(() => Promise.resolve({ Component: 'page' }))).resolves.toEqual({
      Component: 'page',
    });
  });
});
