import {
  batchCalls,
  type AnalysisCreateOrderBody,
  type AnalysisCreateOrderResult,
} from '@inkstone/contracts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/order/AnalysisCreateOrder: every row into the cart at the server's price, or none.
 * The request key makes a repeated submission (a double click, a retry) add nothing more.
 */
export function analysisCreateOrder(body: AnalysisCreateOrderBody): Promise<AnalysisCreateOrderResult> {
  // The page shows the refusal beside the table (it names the rows), so no toast.
  return api.call(batchCalls.AnalysisCreateOrder, body, { ignoreAlert: true });
}
