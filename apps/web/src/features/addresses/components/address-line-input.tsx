import type { ReactNode } from 'react';
import { AutoComplete, Button, Input } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import type { RecognisedAddress } from '@inkstone/domain';
import { useAddressLine } from '../hooks/use-address-line.ts';
import './addresses.css';

export interface AddressLineInputProps {
  /** The line as typed. */
  value: string;
  onChange(value: string): void;
  /** What Enter and 自动识别 pass as `how`; a chosen suggestion is always `direct`. */
  mode: 'dialog' | 'direct';
  disabled?: boolean;
  placeholder?: string;
  /** A line was recognised (a refusal is shown here, as spec §5 words it). */
  onRecognised(value: RecognisedAddress, line: string, how: 'dialog' | 'direct'): void;
  /** Rendered at the end of the box (the confirmation dialog of `AddressInput`). */
  children?: ReactNode;
}

/**
 * The text box of the address input (spec §2): a clearable box (full width minus 100 px) with
 * suggestions — lines recognised lately and the saved addresses — and 自动识别. It opens no dialog,
 * so the address dialog's paste box can use it; `AddressInput` adds the confirmation dialog.
 */
export function AddressLineInput({
  value: text,
  onChange: setText,
  mode,
  disabled = false,
  placeholder = '粘贴或输入“联系人 手机号码 省市区详细地址”，点击自动识别',
  onRecognised,
  children,
}: AddressLineInputProps) {
  const { warning, setWarning, isMenuOpen, setIsMenuOpen, options, recognise } = useAddressLine(
    text,
    onRecognised,
  );

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
      {children}
    </div>
  );
}
