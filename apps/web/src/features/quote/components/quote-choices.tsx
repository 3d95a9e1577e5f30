import type { ProductDetail } from '@inkstone/contracts';
import type { DraftActions } from '../hooks/use-quote-draft.ts';
import { groupTechnologies } from '../utils/selection.ts';
import type { DraftField, SelectionDraft } from '../utils/selection.ts';
import { ChoiceRow, Chip, ExclusionNotes, NumberField } from './choice-controls.tsx';

type Style = ProductDetail['Styles'][number];

export interface QuoteChoicesProps {
  product: ProductDetail;
  draft: SelectionDraft;
  actions: DraftActions;
  /** The draft's problem, shown beside its field. */
  problem: { field: DraftField; message: string } | null;
  /** Why each technology cannot be chosen now (null: it can). */
  technologyReasons: Map<string, string | null>;
}

const thousands = (value: number) => value.toLocaleString('zh-CN');

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

/** Every choice of the product: size, paper, pages, colour, technologies and quantity. */
export function QuoteChoices({ product, draft, actions, problem, technologyReasons }: QuoteChoicesProps) {
  const custom = product.Sizes.Custom;
  const isCustom = draft.sizeId === null;
  const pages = product.Pages;
  const free = product.Quantity.Free;
  const unit = product.Unit;
  const paperLabel = product.OfferKind === 'area' ? '材料' : '纸张';
  const errorOf = (field: DraftField) => (problem?.field === field ? problem.message : null);

  return (
    <div className="ink-choices">
      <ChoiceRow
        label="尺寸"
        hint={
          isCustom && custom
            ? `宽 ${custom.MinWidthMm}–${custom.MaxWidthMm} mm，高 ${custom.MinHeightMm}–${custom.MaxHeightMm} mm，整数毫米（成品尺寸，不含出血）`
            : undefined
        }
        error={errorOf('size')}
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
              isInvalid={errorOf('size') !== null}
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
              isInvalid={errorOf('size') !== null}
              onChange={(height) => actions.setCustomSize(draft.widthMm, height)}
            />
          </div>
        )}
      </ChoiceRow>

      {pages ? (
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
            error={errorOf('pages')}
          >
            <NumberField
              label="页数"
              value={draft.pageCount}
              step={pages.Multiple}
              min={pages.Min}
              max={pages.Max}
              unit="页"
              isInvalid={errorOf('pages') !== null}
              onChange={actions.setPageCount}
            />
          </ChoiceRow>
        </>
      ) : (
        <ChoiceRow label={paperLabel}>
          <StyleChips styles={product.Styles} chosen={draft.styleId} onChoose={actions.chooseStyle} />
        </ChoiceRow>
      )}

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

      {groupTechnologies(product).map((group) => {
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
      })}

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
        error={errorOf('quantity')}
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
              isInvalid={errorOf('quantity') !== null}
              onChange={actions.setQuantity}
            />
          </div>
        )}
      </ChoiceRow>
    </div>
  );
}
