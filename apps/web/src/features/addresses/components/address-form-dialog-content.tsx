import { Form, Modal } from 'antd';
import { useAddressForm } from '../hooks/use-address-form.ts';
import { EMPTY_ADDRESS_FORM, storedToFormValues } from '../utils/address-form.ts';
import type { AddressFormDialogProps } from './address-form-dialog-props.ts';
import { AddressFormFields } from './address-form-fields.tsx';
import { AddressLineInput } from './address-line-input.tsx';
import './addresses.css';

/** The dialog itself; loaded on demand through `AddressFormDialog`. */
export default function AddressFormDialogContent({
  open,
  action,
  address,
  initialValues,
  title,
  onClose,
  onSaved,
}: AddressFormDialogProps) {
  const editing = action === 'edit' ? address : undefined;
  const { form, isSaving, pasted, setPasted, save, fillRecognised } = useAddressForm({
    editing,
    onClose,
    onSaved,
  });
  const heading = title ?? (editing ? '编辑收货地址' : '新增收货地址');

  return (
    <Modal
      title={heading}
      open={open}
      onOk={() => void save()}
      onCancel={onClose}
      okText="保存"
      cancelText="取消"
      confirmLoading={isSaving}
      destroyOnHidden
      width={560}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        preserve={false}
        initialValues={initialValues ?? (editing ? storedToFormValues(editing) : EMPTY_ADDRESS_FORM)}
        className="ink-address-form"
      >
        {title === undefined && (
          <Form.Item label="粘贴整段地址" className="ink-address-form__paste">
            <AddressLineInput
              value={pasted}
              onChange={setPasted}
              mode="direct"
              placeholder="例如：张三 13800138000 广东省深圳市南山区科技园"
              onRecognised={fillRecognised}
            />
          </Form.Item>
        )}
        <AddressFormFields />
      </Form>
    </Modal>
  );
}
