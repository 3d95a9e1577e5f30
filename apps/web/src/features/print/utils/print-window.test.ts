import { describe, expect, it, vi } from 'vitest';
import { openPrintWindow } from './print-window.ts';

/** A window whose document records what was written, loaded or still loading. */
function fakeWindow(readyState: 'complete' | 'loading') {
  const written: string[] = [];
  const listeners = new Map<string, () => void>();
  const printWindow = {
    document: {
      readyState,
      open: vi.fn(),
      write: (html: string) => written.push(html),
      close: vi.fn(),
    },
    focus: vi.fn(),
    print: vi.fn(),
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
  };
  return { printWindow, written, listeners };
}

describe('openPrintWindow', () => {
  it('writes the page into a new window and prints it once it has loaded', () => {
    const { printWindow, written, listeners } = fakeWindow('loading');
    const opener = { open: vi.fn(() => printWindow) } as unknown as Window;
    expect(openPrintWindow('<p>订单</p>', opener)).toBe(true);
    expect(opener.open).toHaveBeenCalledWith('', '_blank');
    expect(written).toEqual(['<p>订单</p>']);
    expect(printWindow.document.close).toHaveBeenCalled();
    expect(printWindow.print).not.toHaveBeenCalled();
    listeners.get('load')?.();
    expect(printWindow.print).toHaveBeenCalledTimes(1);
  });

  it('prints at once when the page has nothing left to load', async () => {
    vi.useFakeTimers();
    const { printWindow } = fakeWindow('complete');
    openPrintWindow('<p>对账单</p>', { open: () => printWindow } as unknown as Window);
    await vi.runAllTimersAsync();
    expect(printWindow.print).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it('says so when the browser blocked the window', () => {
    expect(openPrintWindow('<p></p>', { open: () => null } as unknown as Window)).toBe(false);
  });
});
