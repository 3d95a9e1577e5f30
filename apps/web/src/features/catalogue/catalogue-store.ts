import { useSyncExternalStore } from 'react';
import type { CategoryTreeNodeWire, ProductSummary } from '@inkstone/contracts';

/**
 * The merchant's product categories (spec §3 order state "product classifies"), loaded once in
 * the start sequence (spec §4) and read by every category menu.
 */
export interface CatalogueState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** The three-level tree (spec §3), sorted by SerialNumber, SourceType 2 applied. */
  tree: CategoryTreeNodeWire[];
  /** Every product, in tree order. */
  products: ProductSummary[];
  /** Version of the merchant's catalogue the tree came from; 0 when none. */
  catalogVersion: number;
  /** Why the last load failed (shown beside a retry button). */
  error: string | null;
}

export const EMPTY_CATALOGUE: CatalogueState = {
  status: 'idle',
  tree: [],
  products: [],
  catalogVersion: 0,
  error: null,
};

export interface CatalogueStore {
  get(): CatalogueState;
  set(change: Partial<CatalogueState>): void;
  subscribe(listener: () => void): () => void;
}

export function createCatalogueStore(initial: CatalogueState = EMPTY_CATALOGUE): CatalogueStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(change) {
      state = { ...state, ...change };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one catalogue. */
export const catalogueStore: CatalogueStore = createCatalogueStore();

export function useCatalogue(store: CatalogueStore = catalogueStore): CatalogueState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
