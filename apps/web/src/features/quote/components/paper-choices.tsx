import type { ProductDetail } from '@inkstone/contracts';
import type { DraftActions } from '../hooks/use-quote-draft.ts';
import type { SelectionDraft } from '../utils/selection.ts';
import { ChoiceRow, Chip, NumberField } from './choice-controls.tsx';

type Style = ProductDetail['Styles'][number];

/** The second line of a paper chip: what the name does not already say. */
function styleSub(style: Style): string | undefined {
  const parts: string[] = [];
  if (style.PaperName && !style.Name.includes(style.PaperName)) parts.push(style.PaperName);
  if (style.Gsm > 0 && !`${style.Name}${style.PaperName}`.includes(String(style.Gsm)))
    parts.push(`${style.Gsm}g`);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

function StyleChips({
  styles,
  chosen,
  onChoose,
}: {
  styles: Style[];
  chosen: string | null;
  onChoose(id: string): void;
}) {
  return (
    <div className="ink-chips">
      {styles.map((style) => (
        <Chip
          key={style.Id}
          label={style.Name}
          sub={styleSub(style)}
          isSelected={chosen === style.Id}
          onClick={() => onChoose(style.Id)}
        />
      ))}
    </div>
  );
}

export interface PaperChoicesProps {
  product: ProductDetail;
  draft: SelectionDraft;
  actions: DraftActions;
  /** What is wrong with the page count, shown under it. */
  pagesError: string | null;
}

/** The paper (材料 for area products); a booklet's cover and inner paper and its page count. */
export function PaperChoices({ product, draft, actions, pagesError }: PaperChoicesProps) {
  const pages = product.Pages;
  if (!pages) {
    return (
      <ChoiceRow label={product.OfferKind === 'area' ? '材料' : '纸张'}>
        <StyleChips styles={product.Styles} chosen={draft.styleId} onChoose={actions.chooseStyle} />
      </ChoiceRow>
    );
  }
  return (
    <>
      <ChoiceRow label="封面纸张">
        <StyleChips
          styles={product.Styles.filter((style) => pages.CoverStyleIds.includes(style.Id))}
          chosen={draft.styleId}
          onChoose={actions.chooseStyle}
        />
      </ChoiceRow>
      <ChoiceRow label="内页纸张">
        <StyleChips
          styles={product.Styles.filter((style) => pages.InnerStyleIds.includes(style.Id))}
          chosen={draft.innerStyleId}
          onChoose={actions.chooseInnerStyle}
        />
      </ChoiceRow>
      <ChoiceRow
        label="页数"
        hint={`${pages.Min}–${pages.Max} 页，须为 ${pages.Multiple} 的倍数（含封面 4 页）`}
        error={pagesError}
      >
        <NumberField
          label="页数"
          value={draft.pageCount}
          step={pages.Multiple}
          min={pages.Min}
          max={pages.Max}
          unit="页"
          isInvalid={pagesError !== null}
          onChange={actions.setPageCount}
        />
      </ChoiceRow>
    </>
  );
}
