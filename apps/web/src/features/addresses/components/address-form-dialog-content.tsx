import { useState } from 'react';
import { Cascader, Checkbox, Form, Input, Modal } from 'antd';
import type { FormRule } from 'antd';
import type { CascaderProps } from 'antd';
import { parseContactPhone, getRegionTree } from '@inkstone/domain';
import { ADDRESS_CONTACTS_MAX_LENGTH, ADDRESS_STREET_MAX_LENGTH } from '@inkstone/contracts';
import { feedback } from '../../../lib/feedback.ts';
import { useAddDeliverGoodsAddress } from '../api/add-deliver-goods-address.ts';
import { useUpdateDeliverGoodsAddress } from '../api/update-deliver-goods-address.ts';
import {
  EMPTY_ADDRESS_FORM,
  formValuesToBody,
  recognisedToFormValues,
  storedToFormValues,
} from '../utils/address-form.ts';
import type { AddressFormValues } from '../utils/address-form.ts';
import { checkRegionPath } from '../utils/region-path.ts';
import type { AddressFormDialogProps } from './address-form-dialog-props.ts';
import { AddressLineInput } from './address-line-input.tsx';
import './addresses.css';

/** The region Cascader's options: the domain's table under root 86, three levels (spec §3, §9). */
const REGION_OPTIONS = getRegionTree() as unknown as CascaderProps['options'];

const contactsRules: FormRule[] = [
  { required: true, whitespace: true, message: '请输入联系人' },
  { max: ADDRESS_CONTACTS_MAX_LENGTH, message: `联系人不能超过${ADDRESS_CONTACTS_MAX_LENGTH}个字` },
];

const phoneRules: FormRule[] = [
  {
    validator: async (_rule, value: unknown) => {
      const parsed = parseContactPhone(typeof value === 'string' ? value : '');
      if (!parsed.ok) throw new Error(parsed.message);
    },
  },
];

const regionRules: FormRule[] = [
  {
    validator: async (_rule, value: unknown) => {
      const problem = checkRegionPath(Array.isArray(value) ? (value as string[]) : [], getRegionTree());
      if (problem) throw new Error(problem);
    },
  },
];

const streetRules: FormRule[] = [
  { required: true, whitespace: true, message: '请输入详细地址' },
  { max: ADDRESS_STREET_MAX_LENGTH, message: `详细地址不能超过${ADDRESS_STREET_MAX_LENGTH}个字` },
];

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
  const [form] = Form.useForm<AddressFormValues>();
  const add = useAddDeliverGoodsAddress();
  const update = useUpdateDeliverGoodsAddress();
  const [isSaving, setIsSaving] = useState(false);
  const [pasted, setPasted] = useState('');
  const isEdit = action === 'edit' && address !== undefined;
  const heading = title ?? (isEdit ? '编辑收货地址' : '新增收货地址');

  async function save() {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setIsSaving(true);
    try {
      const body = formValuesToBody({ ...EMPTY_ADDRESS_FORM, ...values });
      const saved = isEdit
        ? await update.mutateAsync({ ...body, Id: address.Id })
        : await add.mutateAsync(body);
      feedback.success(isEdit ? '收货地址已保存' : '收货地址已添加');
      onSaved?.(saved);
      onClose();
    } catch {
      // The API client has shown why (limit reached, a field the server refused).
    } finally {
      setIsSaving(false);
    }
  }

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
        initialValues={initialValues ?? (isEdit ? storedToFormValues(address) : EMPTY_ADDRESS_FORM)}
        className="ink-address-form"
      >
        {title === undefined && (
          <Form.Item label="粘贴整段地址" className="ink-address-form__paste">
            <AddressLineInput
              value={pasted}
              onChange={setPasted}
              mode="direct"
              placeholder="例如：张三 13800138000 广东省深圳市南山区科技园"
              onRecognised={(value) => {
                form.setFieldsValue(
                  recognisedToFormValues(value, form.getFieldsValue(true) as AddressFormValues),
                );
                setPasted('');
              }}
            />
          </Form.Item>
        )}
        <div className="ink-address-form__row">
          <Form.Item name="contacts" label="联系人" rules={contactsRules}>
            <Input placeholder="收货人姓名" maxLength={ADDRESS_CONTACTS_MAX_LENGTH} autoComplete="name" />
          </Form.Item>
          <Form.Item name="phoneNumber" label="手机号码" rules={phoneRules}>
            <Input placeholder="手机号或带区号的固定电话" autoComplete="tel" inputMode="tel" />
          </Form.Item>
        </div>
        <Form.Item name="citys" label="所在地区" rules={regionRules}>
          <Cascader
            options={REGION_OPTIONS}
            placeholder="请选择省 / 市 / 区"
            showSearch
            aria-label="所在地区"
            popupClassName="ink-address-form__region-popup"
          />
        </Form.Item>
        <Form.Item name="address" label="详细地址" rules={streetRules}>
          <Input.TextArea
            placeholder="街道、楼栋、门牌号"
            autoSize={{ minRows: 2, maxRows: 4 }}
            maxLength={ADDRESS_STREET_MAX_LENGTH}
            showCount
          />
        </Form.Item>
        <Form.Item name="IsDefault" valuePropName="checked" className="ink-address-form__default">
          <Checkbox>设为默认地址</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
