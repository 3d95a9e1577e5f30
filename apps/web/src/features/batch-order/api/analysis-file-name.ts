import { batchCalls, type AnalysisFileNameResult } from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/** Reading a thousand files takes longer than an ordinary call's 15 s. */
const ANALYSIS_TIMEOUT_MS = 120_000;

/**
 * POST /api/order/AnalysisFileName: the files read by their names against the merchant's
 * catalogue, each priced and preflighted by the server (docs/batch-ordering.md). Reads only, so
 * it may be sent again.
 */
export function analysisFileName(fileIds: readonly number[]): Promise<AnalysisFileNameResult> {
  return api.call(
    batchCalls.AnalysisFileName,
    { FileIds: [...fileIds] },
    { timeoutMs: ANALYSIS_TIMEOUT_MS, ignoreAlert: true },
  );
}
