import type { CartLine, ServerFile } from '@inkstone/contracts';

/**
 * What the customer chose on checkout before placing the order, kept in the tab's storage under
 * the cart lines it is for, so a reload (or a trip to upload a file) loses nothing.
 */
export interface CheckoutDraft {
  addressId: number | null;
  expressId: number | null;
  couponId: number | null;
  remarks: string;
  /** The artwork chosen per cart line. */
  files: Record<number, ServerFile[]>;
}

const PREFIX = 'ink_checkout_draft:';

/** The storage key of the draft for these cart lines (in any order). */
export function draftKey(cartIds: readonly number[]): string {
  return PREFIX + [...cartIds].sort((a, b) => a - b).join(',');
}

const idOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

function filesOf(value: unknown): Record<number, ServerFile[]> {
  if (typeof value !== 'object' || value === null) return {};
  const files: Record<number, ServerFile[]> = {};
  for (const [key, list] of Object.entries(value)) {
    const cartId = Number(key);
    if (!Number.isInteger(cartId) || !Array.isArray(list)) continue;
    files[cartId] = list.filter(
      (file): file is ServerFile => typeof file === 'object' && file !== null && typeof file.Id === 'number',
    );
  }
  return files;
}

/** The draft kept for these cart lines, or null when there is none (or it cannot be read). */
export function loadDraft(storage: Storage, cartIds: readonly number[]): CheckoutDraft | null {
  if (cartIds.length === 0) return null;
  try {
    const raw = storage.getItem(draftKey(cartIds));
    if (!raw) return null;
    const value = JSON.parse(raw) as Record<string, unknown>;
    return {
      addressId: idOrNull(value.addressId),
      expressId: idOrNull(value.expressId),
      couponId: idOrNull(value.couponId),
      remarks: typeof value.remarks === 'string' ? value.remarks : '',
      files: filesOf(value.files),
    };
  } catch {
    return null;
  }
}

export function saveDraft(storage: Storage, cartIds: readonly number[], draft: CheckoutDraft): void {
  if (cartIds.length === 0) return;
  try {
    storage.setItem(draftKey(cartIds), JSON.stringify(draft));
  } catch {
    // A full or blocked storage only loses the draft, never the checkout.
  }
}

export function clearDraft(storage: Storage, cartIds: readonly number[]): void {
  try {
    storage.removeItem(draftKey(cartIds));
  } catch {
    // Nothing to clear.
  }
}

/** Work a reload would cost the customer to redo: artwork chosen or a remark typed. */
export function hasUnsavedWork(draft: Pick<CheckoutDraft, 'remarks' | 'files'>): boolean {
  return draft.remarks.trim() !== '' || Object.values(draft.files).some((list) => list.length > 0);
}

/**
 * The artwork of each line: what the customer chose here, else the line's own file (batch
 * ordering, an Excel import's 文件名), which the server would attach anyway.
 */
export function withOwnArtwork(
  lines: readonly Pick<CartLine, 'Id' | 'ArtworkFiles'>[],
  chosen: Readonly<Record<number, ServerFile[]>>,
): Record<number, ServerFile[]> {
  const files: Record<number, ServerFile[]> = { ...chosen };
  for (const line of lines) {
    if (!(line.Id in files) && line.ArtworkFiles.length > 0) files[line.Id] = [...line.ArtworkFiles];
  }
  return files;
}
