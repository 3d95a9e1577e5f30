import { useEffect } from 'react';
import { hasUnsavedWork, saveDraft, type CheckoutDraft } from '../utils/checkout-draft.ts';

/**
 * Keeps checkout's choices in the tab's storage as they change, and asks before the page is left
 * with artwork or a remark that the order does not have yet.
 */
export function useCheckoutDraft(storage: Storage, cartIds: readonly number[], draft: CheckoutDraft) {
  const { addressId, expressId, couponId, remarks, files } = draft;
  useEffect(() => {
    saveDraft(storage, cartIds, { addressId, expressId, couponId, remarks, files });
  }, [storage, cartIds, addressId, expressId, couponId, remarks, files]);

  const isAtRisk = hasUnsavedWork({ remarks, files });
  useEffect(() => {
    if (!isAtRisk) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their own text only when returnValue is set.
      event.returnValue = '';
    };
    globalThis.addEventListener('beforeunload', warn);
    return () => globalThis.removeEventListener('beforeunload', warn);
  }, [isAtRisk]);
}
