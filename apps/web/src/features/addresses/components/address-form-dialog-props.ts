import type { DeliverGoodsAddress } from '@inkstone/contracts';
import type { AddressFormValues } from '../utils/address-form.ts';

/** The props of `AddressFormDialog`, shared with the dialog's lazily loaded content. */
export interface AddressFormDialogProps {
  open: boolean;
  /** `add` a new address, or `edit` the given `address`. */
  action: 'add' | 'edit';
  address?: DeliverGoodsAddress;
  /** Values to start with (recognised ones), else the address's own (edit) or empty (add). */
  initialValues?: AddressFormValues;
  /** 确认识别信息 after recognition; by default 新增收货地址 / 编辑收货地址 (with a paste box). */
  title?: string;
  onClose(): void;
  onSaved?(address: DeliverGoodsAddress): void;
}
