import type { FastifyInstance } from 'fastify';
import { batchCalls as calls } from '@inkstone/contracts';
import { customerScopeOf, defineCall } from '../../plugins/call.ts';
import type { BatchOrderService } from './batch.service.ts';

/** Spec §7 Orders, batch ordering (docs/batch-ordering.md): AnalysisFileName, AnalysisCreateOrder. */
export function registerBatchRoutes(app: FastifyInstance, batch: BatchOrderService): void {
  defineCall(app, calls.AnalysisFileName, async ({ request, input }) =>
    batch.analyse(customerScopeOf(request), input),
  );

  defineCall(app, calls.AnalysisCreateOrder, async ({ request, input }) =>
    batch.createOrder(customerScopeOf(request), input),
  );
}
