import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { CartLine, OrderPreview, PreviewOrderBody, ServerFile } from '@inkstone/contracts';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { orderPath } from '../../../lib/paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { postServiceOrderPay } from '../../payment/index.ts';
import { addOrder } from '../api/add-order.ts';

export interface SubmitOrderOptions {
  /** What the totals were previewed for; null until address and express company are chosen. */
  previewBody: PreviewOrderBody | null;
  totals: OrderPreview | null | undefined;
  remarks: string;
  lines: readonly CartLine[];
  /** The artwork chosen per cart line. */
  files: Readonly<Record<number, ServerFile[]>>;
  /** Asks for the totals again (after a refusal, prices or stock may have changed). */
  refetchPreview(): unknown;
  /** The order was placed: what was kept for a reload can go. */
  onPlaced(): void;
}

/**
 * 提交订单: addorder at the total shown, then a payment for the new order and on to its pay page
 * (or to the order, when the payment could not be started). A refusal is shown and the cart and
 * the totals are read again.
 */
export function useSubmitOrder({
  previewBody,
  totals,
  remarks,
  lines,
  files,
  refetchPreview,
  onPlaced,
}: SubmitOrderOptions) {
  const site = useVersionSite();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);

  async function submit() {
    if (!previewBody || !totals) return;
    setIsSubmitting(true);
    setSubmitError(null);
    try {
      const order = await addOrder({
        ...previewBody,
        Remarks: remarks.trim(),
        // A line with its own artwork is always named, so that removing its file here means none.
        Files: lines
          .map((line) => ({ CartId: line.Id, FileIds: (files[line.Id] ?? []).map((file) => file.Id) }))
          .filter((item, index) => item.FileIds.length > 0 || lines[index]!.ArtworkFiles.length > 0),
        ExpectedTotalFen: totals.TotalFen,
      });
      onPlaced();
      void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      try {
        // Lines with their own addresses became one order each: they are paid together.
        const payment = await postServiceOrderPay(order.OrderIds.length > 0 ? order.OrderIds : [order.Id]);
        void navigate(orderPath(site.version, 'pay', { no: payment.PaymentNo }), {
          replace: true,
          state: { payment },
        });
      } catch {
        void navigate(orderPath(site.version, 'all', { id: order.Id }), { replace: true });
      }
    } catch (error) {
      setSubmitError(error instanceof Error ? error.message : '提交订单失败，请稍后重试');
      void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
      void refetchPreview();
    } finally {
      setIsSubmitting(false);
    }
  }

  return { isSubmitting, submitError, submit };
}
