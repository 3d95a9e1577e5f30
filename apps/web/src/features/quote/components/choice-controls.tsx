import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { ExclamationCircleFilled, InfoCircleOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';

export interface ChoiceRowProps {
  label: string;
  /** Small words after the label: 必选, 单选, 可多选. */
  tag?: string;
  children: ReactNode;
  /** Explanation under the controls (ranges, steps). */
  hint?: ReactNode;
  /** A problem with what was typed, shown in red under the controls. */
  error?: string | null;
}

/** One line of the choices: a label on the left, the controls on the right (stacked on phones). */
export function ChoiceRow({ label, tag, children, hint, error }: ChoiceRowProps) {
  const id = useId();
  return (
    <div className="ink-choice" role="group" aria-labelledby={id}>
      <div className="ink-choice__label" id={id}>
        {label}
        {tag && <span className="ink-choice__tag">{tag}</span>}
      </div>
      <div className="ink-choice__body">
        {children}
        {hint && <p className="ink-choice__hint">{hint}</p>}
        {error && (
          <p className="ink-choice__error" role="alert">
            <ExclamationCircleFilled /> {error}
          </p>
        )}
      </div>
    </div>
  );
}

export interface ChipProps {
  label: ReactNode;
  sub?: ReactNode;
  isSelected: boolean;
  /** Why it cannot be chosen now; the chip is greyed out and says so on hover. */
  disabledReason?: string | null;
  onClick(): void;
}

/** A choice button. A greyed-out chip stays focusable, so its reason can be read. */
export function Chip({ label, sub, isSelected, disabledReason, onClick }: ChipProps) {
  const isDisabled = Boolean(disabledReason) && !isSelected;
  const className = `ink-chip${isSelected ? ' is-selected' : ''}${disabledReason ? ' is-disabled' : ''}`;
  return (
    <button
      type="button"
      className={className}
      aria-pressed={isSelected}
      aria-disabled={isDisabled || undefined}
      title={disabledReason ?? undefined}
      onClick={isDisabled ? undefined : onClick}
    >
      <span className="ink-chip__label">{label}</span>
      {sub && <span className="ink-chip__sub">{sub}</span>}
    </button>
  );
}

/** The reasons of the greyed-out chips of a row, in words under the chips. */
export function ExclusionNotes({ notes }: { notes: { id: string; name: string; reason: string }[] }) {
  if (notes.length === 0) return null;
  return (
    <ul className="ink-choice__notes" aria-label="不可选的工艺">
      {notes.map((note) => (
        <li key={note.id} data-technology={note.id}>
          <InfoCircleOutlined /> {note.reason}
        </li>
      ))}
    </ul>
  );
}

export interface NumberFieldProps {
  value: number | null;
  onChange(value: number | null): void;
  label: string;
  step?: number;
  min?: number;
  max?: number;
  unit?: string;
  isInvalid?: boolean;
  placeholder?: string;
}

const parseWhole = (text: string): number | null => (/^\d{1,9}$/.test(text) ? Number(text) : null);

/** A whole-number box with − and + buttons; what is typed is kept as typed until it is a number. */
export function NumberField({
  value,
  onChange,
  label,
  step = 1,
  min,
  max,
  unit,
  isInvalid,
  placeholder,
}: NumberFieldProps) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (parseWhole(text) !== value) setText(value === null ? '' : String(value));
  }

  function type(next: string) {
    const digits = next.replace(/[^\d]/g, '').slice(0, 9);
    setText(digits);
    onChange(parseWhole(digits));
  }

  function nudge(direction: 1 | -1) {
    let next = (value ?? min ?? 0) + direction * step;
    if (min !== undefined) next = Math.max(min, next);
    if (max !== undefined) next = Math.min(max, next);
    setText(String(next));
    onChange(next);
  }

  return (
    <span className={`ink-number${isInvalid ? ' is-invalid' : ''}`}>
      <button
        type="button"
        className="ink-number__step"
        aria-label={`${label}减少`}
        onClick={() => nudge(-1)}
        disabled={min !== undefined && value !== null && value <= min}
      >
        <MinusOutlined />
      </button>
      <input
        className="ink-number__input"
        inputMode="numeric"
        aria-label={label}
        aria-invalid={isInvalid || undefined}
        value={text}
        placeholder={placeholder}
        onChange={(event) => type(event.target.value)}
      />
      <button
        type="button"
        className="ink-number__step"
        aria-label={`${label}增加`}
        onClick={() => nudge(1)}
        disabled={max !== undefined && value !== null && value >= max}
      >
        <PlusOutlined />
      </button>
      {unit && <span className="ink-number__unit">{unit}</span>}
    </span>
  );
}
