import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ServerFile } from '@inkstone/contracts';
import { useCheckoutCoupons } from '../../account/index.ts';
import { useAddresses } from '../../addresses/index.ts';
import { useCartPage } from '../../cart/index.ts';
import { parseIds } from '../../orders/index.ts';
import { useExpressCompanies } from '../api/express-info-all.ts';
import { useOrderPreview } from '../api/preview-order.ts';
import { couponQueryOf, sortCoupons, summariseLines } from '../checkout-rules.ts';
import { browserStorage } from '../../../lib/session.ts';
import { clearDraft, loadDraft, withOwnArtwork } from '../utils/checkout-draft.ts';
import { useCheckoutDraft } from './use-checkout-draft.ts';
import { useSubmitOrder } from './use-submit-order.ts';

/** The cart holds at most 200 lines: one page of that size has every line checkout may name. */
const WHOLE_CART = 200;

/** Once `list` is there and nothing is chosen yet, chooses its default item (else its first). */
function useDefaultChoice(
  list: readonly { Id: number; IsDefault: boolean }[] | undefined,
  chosenId: number | null,
  choose: (id: number) => void,
) {
  useEffect(() => {
    if (chosenId !== null || !list) return;
    const chosen = list.find((item) => item.IsDefault) ?? list[0];
    if (chosen) choose(chosen.Id);
  }, [list, chosenId, choose]);
}

/**
 * Checkout's state and calls: the cart lines named by `?ids=`, the chosen address, express
 * company, coupon, artwork per line and remarks, the server's preview of the totals, and 提交订单.
 */
export function useCheckout() {
  const [search] = useSearchParams();
  const cartIds = useMemo(() => parseIds(search.get('ids')), [search]);

  const cart = useCartPage(1, WHOLE_CART);
  const addresses = useAddresses();
  const companies = useExpressCompanies();

  const lines = useMemo(
    () => (cart.data?.List ?? []).filter((line) => cartIds.includes(line.Id)),
    [cart.data, cartIds],
  );
  const orderable = lines.filter((line) => line.IsAvailable);
  const { goodsFen, weightGrams } = summariseLines(orderable);

  // What was chosen before a reload comes back (kept per tab, under these cart lines).
  const storage = useMemo(() => browserStorage('sessionStorage'), []);
  const [restored] = useState(() => loadDraft(storage, cartIds));
  const [addressId, setAddressId] = useState<number | null>(restored?.addressId ?? null);
  const [expressId, setExpressId] = useState<number | null>(restored?.expressId ?? null);
  const [couponId, setCouponId] = useState<number | null>(restored?.couponId ?? null);
  const [remarks, setRemarks] = useState(restored?.remarks ?? '');
  const [chosenFiles, setFiles] = useState<Record<number, ServerFile[]>>(restored?.files ?? {});
  useCheckoutDraft(storage, cartIds, { addressId, expressId, couponId, remarks, files: chosenFiles });
  // A line's own artwork (batch ordering, Excel import) is its artwork until the customer changes it.
  const files = useMemo(() => withOwnArtwork(lines, chosenFiles), [lines, chosenFiles]);
  // Lines with their own address go there; the address chosen here serves the others.
  const ownAddressCount = orderable.filter((line) => line.Address !== null).length;
  const needsAddress = ownAddressCount < orderable.length;
  // What goes to the chosen address: the express choices show its fee for these lines only.
  const chosenAddressLines = summariseLines(orderable.filter((line) => line.Address === null));

  // The default address and the default company are chosen for the customer.
  useDefaultChoice(addresses.data?.List, addressId, setAddressId);
  useDefaultChoice(companies.data, expressId, setExpressId);

  const coupons = useCheckoutCoupons(couponQueryOf(orderable));
  // 到店自提 goes without an address; every other company needs one.
  const isPickup = companies.data?.find((company) => company.Id === expressId)?.IsSelfPickup === true;
  const previewBody =
    orderable.length > 0 && (addressId !== null || isPickup || !needsAddress) && expressId !== null
      ? {
          CartIds: orderable.map((line) => line.Id),
          AddressId: addressId,
          ExpressCompanyId: expressId,
          CouponId: couponId,
        }
      : null;
  const preview = useOrderPreview(previewBody);
  const totals = preview.isError ? null : preview.data;
  const { isSubmitting, submitError, submit } = useSubmitOrder({
    previewBody,
    totals,
    remarks,
    lines: orderable,
    files,
    refetchPreview: preview.refetch,
    onPlaced: () => clearDraft(storage, cartIds),
  });

  return {
    cartIds,
    isCartLoaded: Boolean(cart.data),
    companies,
    orderable,
    goodsFen,
    weightGrams,
    addressId,
    setAddressId,
    ownAddressCount,
    needsAddress,
    chosenAddressLines,
    expressId,
    setExpressId,
    couponId,
    setCouponId,
    remarks,
    setRemarks,
    files,
    setLineFiles: (cartId: number, next: ServerFile[]) =>
      setFiles((current) => ({ ...current, [cartId]: next })),
    coupons,
    sortedCoupons: sortCoupons(coupons.data?.List ?? []),
    hasPreviewBody: previewBody !== null,
    preview,
    totals,
    isSubmitting,
    submitError,
    submit,
  };
}
