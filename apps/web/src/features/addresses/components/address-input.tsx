import { useMemo, useState } from 'react';
import { AutoComplete, Button, Input } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { recogniseAddress } from '@inkstone/domain';
import type { RecognisedAddress } from '@inkstone/domain';
import type { DeliverGoodsAddress } from '@inkstone/contracts';
import { useAddresses } from '../api/query-deliver-goods-address.ts';
import {
  EMPTY_ADDRESS_FORM,
  addressToLine,
  recognisedToFormValues,
  storedToFormValues,
} from '../utils/address-form.ts';
import type { AddressFormValues } from '../utils/address-form.ts';
import { readRecentLines, rememberRecentLine } from '../utils/recent-lines.ts';
import { AddressFormDialog } from './address-form-dialog.tsx';
import './addresses.css';

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
  placeholder = '粘贴或输入“联系人 手机号码 省市区详细地址”，点击自动识别',
  onConfirmed,
  editing,
  onSaved,
}: AddressInputProps) {
  const [text, setText] = useState('');
  const [warning, setWarning] = useState<string | null>(null);
  const [recent, setRecent] = useState<string[]>(() => readRecentLines());
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const addresses = useAddresses();

  const options = useMemo(() => {
    const query = text.trim();
    const matches = (line: string) => !query || line.includes(query);
    const recentLines = recent.filter(matches);
    const saved = (addresses.data?.List ?? [])
      .map(addressToLine)
      .filter((line) => matches(line) && !recentLines.includes(line));
    const groups = [];
    if (recentLines.length > 0) {
      groups.push({ label: '最近识别', options: recentLines.map((line) => ({ value: line, label: line })) });
    }
    if (saved.length > 0) {
      groups.push({ label: '我的地址', options: saved.map((line) => ({ value: line, label: line })) });
    }
    return groups;
  }, [text, recent, addresses.data]);

  function recognise(line: string, how: 'dialog' | 'direct') {
    setIsMenuOpen(false);
    const result = recogniseAddress(line);
    if (!result.ok) {
      setWarning(result.warning);
      return;
    }
    setWarning(null);
    setRecent(rememberRecentLine(line));
    if (how === 'direct' && onConfirmed) {
      onConfirmed(result.value, line);
      setText('');
      return;
    }
    const base = editing ? storedToFormValues(editing) : EMPTY_ADDRESS_FORM;
    setConfirmation({ values: recognisedToFormValues(result.value, base) });
  }

  return (
    <div className="ink-address-input">
      <AutoComplete
        className="ink-address-input__box"
        value={text}
        options={options}
        disabled={disabled}
        open={isMenuOpen && options.length > 0}
        onOpenChange={setIsMenuOpen}
        onChange={(value: string) => {
          setText(value);
          if (warning) setWarning(null);
        }}
        onSelect={(value: string) => {
          setText(value);
          recognise(value, 'direct');
        }}
        popupMatchSelectWidth
      >
        <Input
          allowClear
          aria-label="地址文本"
          placeholder={placeholder}
          onPressEnter={() => recognise(text, mode)}
          status={warning ? 'warning' : undefined}
        />
      </AutoComplete>
      <Button
        className="ink-address-input__button"
        type="primary"
        ghost
        icon={<ThunderboltOutlined />}
        disabled={disabled}
        onClick={() => recognise(text, mode)}
      >
        自动识别
      </Button>
      {warning && (
        <div className="ink-address-input__warning" role="alert">
          {warning}
        </div>
      )}
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
    </div>
  );
}
