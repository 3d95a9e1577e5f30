import { useState } from 'react';
import type { CartLine } from '@inkstone/contracts';
import { feedback } from '../../../lib/feedback.ts';
import { deleteShopCarOrders } from '../api/delete-shop-car-orders.ts';
import { updateShopCarOrder } from '../api/update-shop-car-order.ts';

/** What a quantity below 1 is answered with. */
export const ZERO_QUANTITY = '数量至少为 1；不需要这件商品请点「删除」';

/** Spec §8 success message of a delete. */
export const DELETED = '删除成功';

/** One cart line's quantity as typed, saving it (re-priced by the server) and deleting the line. */
export function useCartLine(line: CartLine, onChanged: () => void) {
  const [quantity, setQuantity] = useState<number | null>(line.Quantity);
  const [isSaving, setIsSaving] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);

  async function saveQuantity() {
    if (quantity === null || quantity === line.Quantity) {
      setQuantity(line.Quantity);
      return;
    }
    if (quantity < 1) {
      // Never turn a typed 0 into 1 silently: say so, and point at 删除 for a line not wanted.
      feedback.warning(ZERO_QUANTITY);
      setQuantity(line.Quantity);
      return;
    }
    setIsSaving(true);
    try {
      await updateShopCarOrder({ Id: line.Id, Quantity: quantity });
      onChanged();
    } catch {
      setQuantity(line.Quantity);
    } finally {
      setIsSaving(false);
    }
  }

  async function remove() {
    setIsDeleting(true);
    try {
      await deleteShopCarOrders({ Ids: [line.Id] });
      feedback.success(DELETED);
      onChanged();
    } catch {
      setIsDeleting(false);
    }
  }

  return { quantity, setQuantity, isSaving, isDeleting, saveQuantity, remove };
}
