import { Cascader, Checkbox, Form, Input } from 'antd';
import type { CascaderProps, FormRule } from 'antd';
import { getRegionTree, parseContactPhone } from '@inkstone/domain';
import { ADDRESS_CONTACTS_MAX_LENGTH, ADDRESS_STREET_MAX_LENGTH } from '@inkstone/contracts';
import { checkRegionPath } from '../utils/region-path.ts';

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

/** The address's fields: contacts and phone, region, street and 设为默认地址. */
export function AddressFormFields() {
  return (
    <>
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
    </>
  );
}
