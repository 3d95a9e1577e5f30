import { Suspense, lazy } from 'react';
import type { DeliverGoodsAddress } from '@inkstone/contracts';
import { loadChunk } from '../../../lib/chunk-load.ts';
import type { AddressFormValues } from '../utils/address-form.ts';

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

const Content = lazy(() => loadChunk(() => import('./address-form-dialog-content.tsx')));

/**
 * Add or edit one delivery address: contacts, phone, region Cascader (the domain's region table)
 * and street. The dialog, with the region table, loads on demand when first opened (spec §2).
 */
export function AddressFormDialog(props: AddressFormDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <Content {...props} />
    </Suspense>
  );
}
