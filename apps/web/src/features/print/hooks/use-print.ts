import { useCallback, useEffect, useRef, useState } from 'react';
import { PRINT_OPEN_DELAY_MS } from '@inkstone/contracts';
import { postPrintHtml, type PrintRequest } from '../api/post-print-html.ts';
import { openPrintWindow } from '../utils/print-window.ts';

/**
 * One print at a time (spec §4, §8, §9): 正在加载打印数据,请稍后... while the page loads, then the
 * print window 300 ms later. A window the browser blocked is offered again on a click of its own.
 */
export function usePrint() {
  const [isLoading, setIsLoading] = useState(false);
  const [blockedPage, setBlockedPage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);

  const start = useCallback(
    async (request: PrintRequest) => {
      if (isLoading) return;
      setIsLoading(true);
      let page: string;
      try {
        page = await postPrintHtml(request);
      } catch {
        // The API client has shown why.
        setIsLoading(false);
        return;
      }
      timer.current = setTimeout(() => {
        setIsLoading(false);
        if (!openPrintWindow(page)) setBlockedPage(page);
      }, PRINT_OPEN_DELAY_MS);
    },
    [isLoading],
  );

  const openBlocked = useCallback(() => {
    if (blockedPage && openPrintWindow(blockedPage)) setBlockedPage(null);
  }, [blockedPage]);

  return {
    isLoading,
    isBlocked: blockedPage !== null,
    start,
    openBlocked,
    dismiss: () => setBlockedPage(null),
  };
}
