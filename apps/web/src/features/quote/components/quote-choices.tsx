import type { ProductDetail } from '@inkstone/contracts';
import type { DraftActions } from '../hooks/use-quote-draft.ts';
import { groupTechnologies } from '../utils/selection.ts';
import type { DraftField, SelectionDraft } from '../utils/selection.ts';
import { ChoiceRow, Chip, ExclusionNotes } from './choice-controls.tsx';
import { PaperChoices } from './paper-choices.tsx';
import { QuantityChoice } from './quantity-choice.tsx';
import { SizeChoice } from './size-choice.tsx';

export interface QuoteChoicesProps {
  product: ProductDetail;
  draft: SelectionDraft;
  actions: DraftActions;
  /** The draft's problem, shown beside its field. */
  problem: { field: DraftField; message: string } | null;
  /** Why each technology cannot be chosen now (null: it can). */
  technologyReasons: Map<string, string | null>;
}

/** 颜色: one colour of the product's. */
function ColourChoice({ product, draft, actions }: Omit<QuoteChoicesProps, 'problem' | 'technologyReasons'>) {
  return (
    <ChoiceRow label="颜色">
      <div className="ink-chips">
        {product.Colours.map((colour) => (
          <Chip
            key={colour.Id}
            label={colour.Name}
            isSelected={draft.colourId === colour.Id}
            onClick={() => actions.chooseColour(colour.Id)}
          />
        ))}
      </div>
    </ChoiceRow>
  );
}

/** A row per technology group (工艺), greyed-out chips saying why they cannot be chosen now. */
function TechnologyChoices({
  product,
  draft,
  actions,
  technologyReasons,
}: Omit<QuoteChoicesProps, 'problem'>) {
  return groupTechnologies(product).map((group) => {
    const notes = group.technologies.flatMap((tech) => {
      const reason = technologyReasons.get(tech.Id);
      return reason ? [{ id: tech.Id, name: tech.Name, reason }] : [];
    });
    return (
      <ChoiceRow
        key={group.key}
        label={group.title}
        tag={group.isRequired ? '必选' : group.isExclusive ? '单选' : '可多选'}
      >
        <div className="ink-chips">
          {group.technologies.map((tech) => (
            <Chip
              key={tech.Id}
              label={tech.Name}
              sub={tech.ExtraDays > 0 ? `+${tech.ExtraDays}天` : undefined}
              isSelected={draft.technologyIds.includes(tech.Id)}
              disabledReason={technologyReasons.get(tech.Id)}
              onClick={() => actions.toggleTechnology(tech.Id)}
            />
          ))}
        </div>
        <ExclusionNotes notes={notes} />
      </ChoiceRow>
    );
  });
}

/** Every choice of the product: size, paper, pages, colour, technologies and quantity. */
export function QuoteChoices({ product, draft, actions, problem, technologyReasons }: QuoteChoicesProps) {
  const errorOf = (field: DraftField) => (problem?.field === field ? problem.message : null);
  const parts = { product, draft, actions };

  return (
    <div className="ink-choices">
      <SizeChoice {...parts} error={errorOf('size')} />
      <PaperChoices {...parts} pagesError={errorOf('pages')} />
      <ColourChoice {...parts} />
      <TechnologyChoices {...parts} technologyReasons={technologyReasons} />
      <QuantityChoice {...parts} error={errorOf('quantity')} />
    </div>
  );
}
