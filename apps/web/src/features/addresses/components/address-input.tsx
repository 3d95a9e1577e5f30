import { useState } from 'react';
import type { RecognisedAddress } from '@inkstone/domain';
import type { DeliverGoodsAddress } from '@inkstone/contracts';
import { EMPTY_ADDRESS_FORM, recognisedToFormValues, storedToFormValues } from '../utils/address-form.ts';
import type { AddressFormValues } from '../utils/address-form.ts';
import { AddressFormDialog } from './address-form-dialog.tsx';
import { AddressLineInput } from './address-line-input.tsx';

export interface AddressInputProps {
  /**
   * `dialog` (default): a recognised line opens 确认识别信息 to add (or edit `editing`) the address;
   * `direct`: the recognised address goes straight to `onConfirmed`.
   */
  mode?: 'dialog' | 'direct';
  disabled?: boolean;
  placeholder?: string;
  /** The recognised address (direct mode, and a chosen suggestion in either mode). */
  onConfirmed?(value: RecognisedAddress, line: string): void;
  /** Dialog mode: recognition edits this address instead of adding one. */
  editing?: DeliverGoodsAddress;
  /** Dialog mode: the address was saved. */
  onSaved?(address: DeliverGoodsAddress): void;
}

interface Confirmation {
  values: AddressFormValues;
}

/**
 * The address input of spec §2: a clearable text box (full width minus 100 px) with suggestions —
 * lines recognised lately and the saved addresses — and 自动识别. A refusal shows the warning of
 * spec §5 exactly as `recogniseAddress` words it. Choosing a suggestion recognises it in direct mode.
 */
export function AddressInput({
  mode = 'dialog',
  disabled = false,
  placeholder,
  onConfirmed,
  editing,
  onSaved,
}: AddressInputProps) {
  const [text, setText] = useState('');
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  function recognised(value: RecognisedAddress, line: string, how: 'dialog' | 'direct') {
    if (how === 'direct' && onConfirmed) {
      onConfirmed(value, line);
      setText('');
      return;
    }
    const base = editing ? storedToFormValues(editing) : EMPTY_ADDRESS_FORM;
    setConfirmation({ values: recognisedToFormValues(value, base) });
  }

  return (
    <AddressLineInput
      value={text}
      onChange={setText}
      mode={mode}
      disabled={disabled}
      placeholder={placeholder}
      onRecognised={recognised}
    >
      <AddressFormDialog
        open={confirmation !== null}
        action={editing ? 'edit' : 'add'}
        address={editing}
        initialValues={confirmation?.values}
        title="确认识别信息"
        onClose={() => setConfirmation(null)}
        onSaved={(address) => {
          setText('');
          onSaved?.(address);
        }}
      />
    </AddressLineInput>
  );
}
