import { useCallback, useEffect, useRef, useState } from 'react';
import type { ServerFile } from '@inkstone/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { analysisFileName } from '../api/analysis-file-name.ts';
import { rowFromAnalysis, type BatchRow } from '../utils/batch-rows.ts';

/** Files finished within this time are read together. */
const GATHER_MS = 300;

/**
 * The batch's rows: each file of `files` read once by AnalysisFileName (files added later are
 * read as they arrive, together when they finish close to each other), kept by file id so a row
 * the customer edited stays as edited.
 */
export function useBatchAnalysis(files: readonly ServerFile[]) {
  const [rows, setRows] = useState<ReadonlyMap<number, BatchRow>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const asked = useRef(new Set<number>());

  const missing = files.filter((file) => !rows.has(file.Id) && !asked.current.has(file.Id));
  const missingKey = missing.map((file) => file.Id).join(',');
  useEffect(() => {
    if (!missingKey) return;
    const ids = missingKey.split(',').map(Number);
    let isCurrent = true;
    const timer = setTimeout(() => {
      for (const id of ids) asked.current.add(id);
      analysisFileName(ids)
        .then((result) => {
          setRows((current) => {
            const next = new Map(current);
            for (const row of result.Rows)
              if (!next.has(row.File.Id)) next.set(row.File.Id, rowFromAnalysis(row));
            return next;
          });
          if (isCurrent) setError(null);
        })
        .catch((failure: unknown) => {
          for (const id of ids) asked.current.delete(id);
          setError(failure instanceof ApiError ? failure.message : '识别文件名失败，请重试');
        });
    }, GATHER_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [missingKey, attempt]);

  const replaceRow = useCallback((fileId: number, row: BatchRow) => {
    setRows((current) => new Map(current).set(fileId, row));
  }, []);

  const retry = useCallback(() => {
    setError(null);
    setAttempt((value) => value + 1);
  }, []);

  const ordered = files.flatMap((file) => rows.get(file.Id) ?? []);
  return { rows: ordered, pendingCount: files.length - ordered.length, error, replaceRow, retry };
}
