import { useState } from 'react';
import { Form } from 'antd';
import type { DeliverGoodsAddress } from '@inkstone/contracts';
import type { RecognisedAddress } from '@inkstone/domain';
import { feedback } from '../../../lib/feedback.ts';
import { useAddDeliverGoodsAddress } from '../api/add-deliver-goods-address.ts';
import { useUpdateDeliverGoodsAddress } from '../api/update-deliver-goods-address.ts';
import { EMPTY_ADDRESS_FORM, formValuesToBody, recognisedToFormValues } from '../utils/address-form.ts';
import type { AddressFormValues } from '../utils/address-form.ts';

export interface AddressFormOptions {
  /** The address being edited; undefined to add one. */
  editing: DeliverGoodsAddress | undefined;
  onClose(): void;
  onSaved?(address: DeliverGoodsAddress): void;
}

/**
 * The address dialog's state: the form, the pasted line that fills it when recognised, and saving
 * (add or update), which closes the dialog.
 */
export function useAddressForm({ editing, onClose, onSaved }: AddressFormOptions) {
  const [form] = Form.useForm<AddressFormValues>();
  const add = useAddDeliverGoodsAddress();
  const update = useUpdateDeliverGoodsAddress();
  const [isSaving, setIsSaving] = useState(false);
  const [pasted, setPasted] = useState('');

  async function save() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setIsSaving(true);
    try {
      const body = formValuesToBody({ ...EMPTY_ADDRESS_FORM, ...values });
      const saved = editing
        ? await update.mutateAsync({ ...body, Id: editing.Id })
        : await add.mutateAsync(body);
      feedback.success(editing ? '收货地址已保存' : '收货地址已添加');
      onSaved?.(saved);
      onClose();
    } catch {
      // The API client has shown why (limit reached, a field the server refused).
    } finally {
      setIsSaving(false);
    }
  }

  function fillRecognised(value: RecognisedAddress) {
    form.setFieldsValue(recognisedToFormValues(value, form.getFieldsValue(true) as AddressFormValues));
    setPasted('');
  }

  return { form, isSaving, pasted, setPasted, save, fillRecognised };
}
