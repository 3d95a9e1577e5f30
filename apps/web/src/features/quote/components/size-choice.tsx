import type { ProductDetail } from '@inkstone/contracts';
import type { DraftActions } from '../hooks/use-quote-draft.ts';
import type { SelectionDraft } from '../utils/selection.ts';
import { ChoiceRow, Chip, NumberField } from './choice-controls.tsx';

export interface SizeChoiceProps {
  product: ProductDetail;
  draft: SelectionDraft;
  actions: DraftActions;
  /** What is wrong with the size, shown under it. */
  error: string | null;
}

/** 尺寸: the preset sizes, and a custom width × height within the product's range. */
export function SizeChoice({ product, draft, actions, error }: SizeChoiceProps) {
  const custom = product.Sizes.Custom;
  const isCustom = draft.sizeId === null;
  return (
    <ChoiceRow
      label="尺寸"
      hint={
        isCustom && custom
          ? `宽 ${custom.MinWidthMm}–${custom.MaxWidthMm} mm，高 ${custom.MinHeightMm}–${custom.MaxHeightMm} mm，整数毫米（成品尺寸，不含出血）`
          : undefined
      }
      error={error}
    >
      <div className="ink-chips">
        {product.Sizes.Presets.map((size) => (
          <Chip
            key={size.Id}
            label={size.Name}
            isSelected={draft.sizeId === size.Id}
            onClick={() => actions.choosePresetSize(size.Id)}
          />
        ))}
        {custom && <Chip label="自定义尺寸" isSelected={isCustom} onClick={actions.chooseCustomSize} />}
      </div>
      {isCustom && custom && (
        <div className="ink-size-fields">
          <NumberField
            label="宽"
            value={draft.widthMm}
            min={custom.MinWidthMm}
            max={custom.MaxWidthMm}
            unit="mm"
            placeholder="宽"
            isInvalid={error !== null}
            onChange={(width) => actions.setCustomSize(width, draft.heightMm)}
          />
          <span className="ink-size-fields__times" aria-hidden="true">
            ×
          </span>
          <NumberField
            label="高"
            value={draft.heightMm}
            min={custom.MinHeightMm}
            max={custom.MaxHeightMm}
            unit="mm"
            placeholder="高"
            isInvalid={error !== null}
            onChange={(height) => actions.setCustomSize(draft.widthMm, height)}
          />
        </div>
      )}
    </ChoiceRow>
  );
}
