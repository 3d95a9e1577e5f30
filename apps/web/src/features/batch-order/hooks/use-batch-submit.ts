import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { feedback } from '../../../lib/feedback.ts';
import { orderPath } from '../../../lib/paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { analysisCreateOrder } from '../api/analysis-create-order.ts';
import { blockersOf, orderRowsOf, type BatchRow } from '../utils/batch-rows.ts';

export type BatchTarget = 'cart' | 'order';

/** A submission's key: random, and new whenever the rows change (an unchanged retry reuses it). */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `batch-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * 加入购物车 and 直接下单 of the batch table: the rows go to AnalysisCreateOrder with the prices the
 * table shows and one request key per state of the rows, so a double click or a retry adds them
 * once. Then the cart opens, or checkout of exactly these lines. Each line carries its row's file
 * as its own artwork (the server keeps it with the cart line), so checkout in any tab attaches it.
 */
export function useBatchSubmit(rows: readonly BatchRow[], requestKey: string) {
  const site = useVersionSite();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<BatchTarget | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const blockers = blockersOf(rows);

  async function submit(target: BatchTarget) {
    if (busy || rows.length === 0) return;
    if (blockers.length > 0) {
      setRefusal(blockers.join('；'));
      return;
    }
    setBusy(target);
    setRefusal(null);
    try {
      const result = await analysisCreateOrder({
        RequestKey: requestKey,
        Target: target,
        Rows: orderRowsOf(rows),
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
      if (target === 'order') {
        const cartIds = result.Items.map((item) => item.Line.Id);
        await navigate(orderPath(site.version, 'checkout', { ids: cartIds }));
      } else {
        feedback.success(`已加入购物车：${result.Items.length} 个商品`);
        await navigate(orderPath(site.version, 'cart'));
      }
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.message : '提交失败，请稍后重试';
      setRefusal(message);
      feedback.error(message.length > 60 ? '有商品不能下单，请查看表格下方的说明' : message);
    } finally {
      setBusy(null);
    }
  }

  return { busy, refusal, blockers, submit };
}
