import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@inkstone/contracts';
import type { CartLine } from '@inkstone/contracts';
import { feedback } from '../../../lib/feedback.ts';
import { useVersionSite } from '../../../lib/route-handle.ts';
import { orderPath } from '../../../lib/paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { deleteShopCarOrders } from '../api/delete-shop-car-orders.ts';
import { useCartPage } from '../api/shop-car-orders.ts';
import { DELETED } from './use-cart-line.ts';
import { chosenLines, forget, isChosen, leavePage, NOTHING_UNTICKED, tick } from '../utils/cart-selection.ts';

/** 购物车's state: the page of lines, the lines chosen across pages and their sum, and what to do with them. */
export function useCartPageState() {
  const site = useVersionSite();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pageIndex, setPageIndex] = useState(1);
  const cart = useCartPage(pageIndex, DEFAULT_PAGE_SIZE);
  // Every available line starts chosen; the customer unticks what to leave for later.
  const [selection, setSelection] = useState(NOTHING_UNTICKED);
  const [isDeleting, setIsDeleting] = useState(false);

  const lines = cart.data?.List ?? [];
  const chosen = chosenLines(selection, lines);
  const chosenAvailable = chosen.filter((line) => line.IsAvailable);
  const pageAvailable = lines.filter((line) => line.IsAvailable);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });

  async function removeSelected() {
    setIsDeleting(true);
    try {
      await deleteShopCarOrders({ Ids: chosen.map((line) => line.Id) });
      feedback.success(DELETED);
      setSelection((current) =>
        forget(
          current,
          chosen.map((line) => line.Id),
        ),
      );
      refresh();
    } catch {
      // The client showed why.
    } finally {
      setIsDeleting(false);
    }
  }

  function onLineChanged(line: CartLine) {
    setSelection((current) => forget(current, [line.Id]));
    refresh();
  }

  return {
    cart,
    lines,
    pageIndex,
    setPageIndex: (next: number) => {
      setSelection((current) => leavePage(current, lines));
      setPageIndex(next);
    },
    isSelected: (line: CartLine) => isChosen(selection, line),
    chosenCount: chosen.length,
    chosenAvailableCount: chosenAvailable.length,
    sumFen: chosenAvailable.reduce((sum, line) => sum + line.AmountFen, 0),
    isPageAllSelected: pageAvailable.length > 0 && pageAvailable.every((line) => isChosen(selection, line)),
    isDeleting,
    toggle: (line: CartLine, checked: boolean) => setSelection((current) => tick(current, [line], checked)),
    togglePage: (checked: boolean) => setSelection((current) => tick(current, pageAvailable, checked)),
    removeSelected,
    onLineChanged,
    goQuote: () => void navigate(site.workspace),
    goCheckout: () =>
      void navigate(orderPath(site.version, 'checkout', { ids: chosenAvailable.map((line) => line.Id) })),
  };
}
