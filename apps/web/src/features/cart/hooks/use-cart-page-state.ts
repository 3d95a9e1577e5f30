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

/** Adds (`checked`) or removes `lines` of the chosen ones. */
function choose(current: Map<number, CartLine>, lines: readonly CartLine[], checked: boolean) {
  const next = new Map(current);
  for (const line of lines) {
    if (checked) next.set(line.Id, line);
    else next.delete(line.Id);
  }
  return next;
}

/** 购物车's state: the page of lines, the lines chosen across pages and their sum, and what to do with them. */
export function useCartPageState() {
  const site = useVersionSite();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pageIndex, setPageIndex] = useState(1);
  const cart = useCartPage(pageIndex, DEFAULT_PAGE_SIZE);
  // Chosen lines by id, kept across pages; the amounts are the latest seen.
  const [selected, setSelected] = useState<Map<number, CartLine>>(new Map());
  const [isDeleting, setIsDeleting] = useState(false);

  const lines = cart.data?.List ?? [];
  const chosen = [...selected.values()].map((line) => lines.find((item) => item.Id === line.Id) ?? line);
  const chosenAvailable = chosen.filter((line) => line.IsAvailable);
  const pageAvailable = lines.filter((line) => line.IsAvailable);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });

  async function removeSelected() {
    setIsDeleting(true);
    try {
      await deleteShopCarOrders({ Ids: chosen.map((line) => line.Id) });
      feedback.success(DELETED);
      setSelected(new Map());
      refresh();
    } catch {
      // The client showed why.
    } finally {
      setIsDeleting(false);
    }
  }

  function onLineChanged(line: CartLine) {
    setSelected((current) => (current.has(line.Id) ? choose(current, [line], false) : current));
    refresh();
  }

  return {
    cart,
    lines,
    pageIndex,
    setPageIndex,
    isSelected: (line: CartLine) => selected.has(line.Id),
    chosenCount: chosen.length,
    chosenAvailableCount: chosenAvailable.length,
    sumFen: chosenAvailable.reduce((sum, line) => sum + line.AmountFen, 0),
    isPageAllSelected: pageAvailable.length > 0 && pageAvailable.every((line) => selected.has(line.Id)),
    isDeleting,
    toggle: (line: CartLine, checked: boolean) => setSelected((current) => choose(current, [line], checked)),
    togglePage: (checked: boolean) => setSelected((current) => choose(current, pageAvailable, checked)),
    removeSelected,
    onLineChanged,
    goQuote: () => void navigate(site.workspace),
    goCheckout: () =>
      void navigate(orderPath(site.version, 'checkout', { ids: chosenAvailable.map((line) => line.Id) })),
  };
}
