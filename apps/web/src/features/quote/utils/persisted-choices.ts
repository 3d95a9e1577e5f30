import { StorageKey } from '@inkstone/contracts';
import type { PriceRequestBody } from '@inkstone/contracts';
import type { ExcludedTechnology, SavedChoices } from './selection.ts';

/**
 * The customer's last choices per product, in this merchant's localStorage under the storage keys
 * of spec §3: selected quantity, custom product size, the chosen attributes, and the technology
 * exclude list of the last priced selection. Each key holds one object keyed by product id.
 */
function readMap<T>(storage: Storage, key: string): Record<string, T> {
  try {
    const raw = storage.getItem(key);
    const value = raw ? (JSON.parse(raw) as unknown) : null;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, T>) : {};
  } catch {
    return {};
  }
}

function writeEntry(storage: Storage, key: string, productId: number, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify({ ...readMap(storage, key), [productId]: value }));
  } catch {
    // Storage full or blocked: the choices simply are not remembered.
  }
}

/** What was kept for `productId`, or null when nothing was. */
export function loadSavedChoices(storage: Storage, productId: number): SavedChoices | null {
  const attributes = readMap<SavedChoices['attributes']>(storage, StorageKey.CustomAttributeType)[productId];
  const customSize = readMap<SavedChoices['customSize']>(storage, StorageKey.CustomProductSize)[productId];
  const quantity = readMap<number>(storage, StorageKey.SelectedQuantity)[productId];
  if (attributes === undefined && customSize === undefined && quantity === undefined) return null;
  return { attributes, customSize, quantity };
}

/** Keeps a priced selection as the product's last choices. */
export function saveChoices(storage: Storage, body: PriceRequestBody): void {
  writeEntry(storage, StorageKey.SelectedQuantity, body.ProductId, body.Quantity);
  writeEntry(storage, StorageKey.CustomAttributeType, body.ProductId, {
    SizeId: body.SizeId ?? null,
    StyleId: body.StyleId ?? null,
    InnerStyleId: body.InnerStyleId ?? null,
    PageCount: body.PageCount ?? null,
    ColourId: body.ColourId ?? null,
    TechnologyIds: body.TechnologyIds ?? [],
  });
  if (!body.SizeId && typeof body.WidthMm === 'number' && typeof body.HeightMm === 'number') {
    writeEntry(storage, StorageKey.CustomProductSize, body.ProductId, {
      WidthMm: body.WidthMm,
      HeightMm: body.HeightMm,
    });
  }
}

/** The technologies greyed out next to the product's last priced selection (spec §3). */
export function loadExcludedTechnologies(storage: Storage, productId: number): ExcludedTechnology[] | null {
  const list = readMap<ExcludedTechnology[]>(storage, StorageKey.TechnologyExcludeIds)[productId];
  return Array.isArray(list) ? list : null;
}

export function saveExcludedTechnologies(
  storage: Storage,
  productId: number,
  list: readonly ExcludedTechnology[],
): void {
  writeEntry(storage, StorageKey.TechnologyExcludeIds, productId, list);
}
