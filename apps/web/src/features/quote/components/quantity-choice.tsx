import type { ProductDetail } from '@inkstone/contracts';
import type { DraftActions } from '../hooks/use-quote-draft.ts';
import type { SelectionDraft } from '../utils/selection.ts';
import { ChoiceRow, Chip, NumberField } from './choice-controls.tsx';

const thousands = (value: number) => value.toLocaleString('zh-CN');

export interface QuantityChoiceProps {
  product: ProductDetail;
  draft: SelectionDraft;
  actions: DraftActions;
  /** What is wrong with the quantity, shown under it. */
  error: string | null;
}

/** 数量: the preset quantities, and any quantity in the product's range when it allows one. */
export function QuantityChoice({ product, draft, actions, error }: QuantityChoiceProps) {
  const free = product.Quantity.Free;
  const unit = product.Unit;
  return (
    <ChoiceRow
      label="数量"
      hint={
        <>
          {free
            ? `${thousands(free.Min)}–${thousands(free.Max)} ${unit}${free.Step > 1 ? `，按 ${thousands(free.Step)} ${unit}递增` : ''}`
            : `可选 ${product.Quantity.Presets.map(thousands).join('、')} ${unit}`}
          {product.PiecesPerUnit > 1 && `；每${unit} ${product.PiecesPerUnit} 件`}
        </>
      }
      error={error}
    >
      <div className="ink-chips">
        {product.Quantity.Presets.map((quantity) => (
          <Chip
            key={quantity}
            label={`${thousands(quantity)} ${unit}`}
            isSelected={draft.quantity === quantity}
            onClick={() => actions.setQuantity(quantity)}
          />
        ))}
      </div>
      {free && (
        <div className="ink-quantity-field">
          <NumberField
            label="数量"
            value={draft.quantity}
            step={free.Step}
            min={free.Min}
            max={free.Max}
            unit={unit}
            placeholder="其他数量"
            isInvalid={error !== null}
            onChange={actions.setQuantity}
          />
        </div>
      )}
    </ChoiceRow>
  );
}
