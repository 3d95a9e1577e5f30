import { useState } from 'react';
import type { ProductDetail } from '@inkstone/contracts';
import { feedback } from '../../../lib/feedback.ts';
import { dropUnsupportedTechnologies, toggleTechnology } from '../utils/selection.ts';
import type { SavedChoices, SelectionDraft } from '../utils/selection.ts';

export interface DraftActions {
  choosePresetSize(sizeId: string): void;
  /** Switch to a custom size, starting from the last one used or the current preset's. */
  chooseCustomSize(): void;
  setCustomSize(widthMm: number | null, heightMm: number | null): void;
  chooseStyle(styleId: string): void;
  chooseInnerStyle(styleId: string): void;
  setPageCount(pageCount: number | null): void;
  chooseColour(colourId: string): void;
  toggleTechnology(id: string): void;
  setQuantity(quantity: number | null): void;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The customer's choices on the quote screen, and what each control does to them. */
export function useQuoteDraft(
  product: ProductDetail,
  initial: () => SelectionDraft,
  saved: SavedChoices | null,
): [SelectionDraft, DraftActions] {
  const [draft, setDraft] = useState(initial);
  const patch = (change: Partial<SelectionDraft>) => setDraft((current) => ({ ...current, ...change }));
  // A paper that rules out a chosen technology takes it off, and says so.
  const patchKeepingPriceable = (change: Partial<SelectionDraft>) => {
    const { draft: next, notices } = dropUnsupportedTechnologies(product, { ...draft, ...change });
    setDraft(next);
    for (const notice of notices) feedback.info(notice);
  };

  const actions: DraftActions = {
    choosePresetSize: (sizeId) => patch({ sizeId, widthMm: null, heightMm: null }),
    chooseCustomSize() {
      const custom = product.Sizes.Custom;
      if (!custom) return;
      setDraft((current) => {
        if (current.sizeId === null) return current;
        const preset = product.Sizes.Presets.find((size) => size.Id === current.sizeId);
        const start = saved?.customSize ?? {
          WidthMm: preset?.WidthMm ?? custom.MinWidthMm,
          HeightMm: preset?.HeightMm ?? custom.MinHeightMm,
        };
        return {
          ...current,
          sizeId: null,
          widthMm: clamp(start.WidthMm, custom.MinWidthMm, custom.MaxWidthMm),
          heightMm: clamp(start.HeightMm, custom.MinHeightMm, custom.MaxHeightMm),
        };
      });
    },
    setCustomSize: (widthMm, heightMm) => patch({ sizeId: null, widthMm, heightMm }),
    chooseStyle: (styleId) => patchKeepingPriceable({ styleId }),
    chooseInnerStyle: (innerStyleId) => patch({ innerStyleId }),
    setPageCount: (pageCount) => patch({ pageCount }),
    chooseColour: (colourId) => patch({ colourId }),
    toggleTechnology: (id) =>
      setDraft((current) => ({
        ...current,
        technologyIds: toggleTechnology(product, current.technologyIds, id),
      })),
    setQuantity: (quantity) => patch({ quantity }),
  };
  return [draft, actions];
}
