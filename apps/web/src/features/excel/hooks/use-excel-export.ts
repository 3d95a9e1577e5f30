import { useCallback, useEffect, useRef, useState } from 'react';
import { feedback } from '../../../lib/feedback.ts';
import { postExportExcel, type ExportExcelRequest } from '../api/post-export-excel.ts';
import { exportRowsOf, fallbackFileName, saveFile } from '../utils/export-file.ts';

/** How often the progress line is redrawn at most, in bytes received (a reply arrives in many pieces). */
const PROGRESS_STEP_BYTES = 32 * 1024;

export interface ExportProgress {
  receivedBytes: number;
  rows: number | null;
}

/**
 * One Excel export at a time: the call (900 s), the bytes received so far, saving the file under
 * the name the server gave (订单_2026-11-01至2026-11-30.xlsx), and stopping it. A refusal is shown by
 * the API client's toast; a stopped export says nothing.
 */
export function useExcelExport() {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(async (request: ExportExcelRequest) => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setProgress({ receivedBytes: 0, rows: null });
    let shownBytes = -PROGRESS_STEP_BYTES;
    try {
      const file = await postExportExcel(request, {
        signal: controller.signal,
        onProgress: (receivedBytes, headers) => {
          if (receivedBytes - shownBytes < PROGRESS_STEP_BYTES) return;
          shownBytes = receivedBytes;
          setProgress({ receivedBytes, rows: exportRowsOf(headers) });
        },
      });
      const fileName = file.fileName || fallbackFileName(request.ExportExcelType);
      saveFile(file.blob, fileName);
      feedback.success(`已导出 ${fileName}`);
    } catch {
      // The API client has shown why (or the customer stopped it).
    } finally {
      running.current = null;
      setProgress(null);
    }
  }, []);

  const cancel = useCallback(() => running.current?.abort(), []);

  return { progress, isExporting: progress !== null, start, cancel };
}
