import { InputNumber, type InputNumberProps } from 'antd';
import { fenToYuan, yuanToFen } from './catalog-draft.ts';

/**
 * A money field of the catalogue file: the file holds integer fen (`…Fen`), the member types
 * yuan with two decimals. Used as a Form.Item's control (value and onChange in fen).
 */
export function FenInput({
  value,
  onChange,
  ...rest
}: Omit<InputNumberProps<number>, 'value' | 'onChange'> & {
  value?: number | null;
  onChange?: (fen: number | null) => void;
}) {
  return (
    <InputNumber<number>
      {...rest}
      value={fenToYuan(value)}
      onChange={(yuan) => onChange?.(yuanToFen(yuan))}
      min={0}
      precision={2}
      prefix="¥"
    />
  );
}
