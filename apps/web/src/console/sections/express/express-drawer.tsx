import { useEffect, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Space,
  Switch,
  TreeSelect,
  type TreeSelectProps,
} from 'antd';
import { useMutation } from '@tanstack/react-query';
import { getRegionTree } from '@inkstone/domain';
import { ApiCode, staffCalls, type StaffExpressCompany } from '@inkstone/contracts';
import { StaffApiError, errorMessage, staffCall } from '../../lib/staff-api.ts';
import {
  companyToValues,
  newExpressValues,
  newZoneValues,
  valuesToBody,
  type ExpressFormValues,
} from './express-form-values.ts';

/**
 * The region picker's tree: provinces, cities and districts of the table the fee calculation and
 * the address book use. Checking every city of a province stores the province; the zone listing
 * the most specific division of an address prices it (深圳 before 广东).
 */
const REGION_TREE = getRegionTree(3) as unknown as TreeSelectProps['treeData'];

function RegionPicker(props: { value?: string[]; onChange?: (codes: string[]) => void; label: string }) {
  return (
    <TreeSelect
      aria-label={props.label}
      value={props.value}
      onChange={(codes: string[]) => props.onChange?.(codes)}
      treeData={REGION_TREE}
      fieldNames={{ label: 'label', value: 'value', children: 'children' }}
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_PARENT}
      showSearch={{ treeNodeFilterProp: 'label' }}
      placeholder="选择省份，展开可选到市、区县"
      maxTagCount={12}
      style={{ width: '100%' }}
      listHeight={320}
    />
  );
}

/** 首重 / 续重 prices of a zone (or of 其他地区), under the form path `prefix`. */
function PriceFields({ prefix }: { prefix: (string | number)[] }) {
  return (
    <Space wrap size="middle" align="start">
      <Form.Item
        name={[...prefix, 'FirstWeightKg']}
        label="首重（kg）"
        rules={[{ required: true, message: '请填写首重' }]}
      >
        <InputNumber min={0.001} precision={3} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item
        name={[...prefix, 'FirstFeeYuan']}
        label="首重价格（元）"
        rules={[{ required: true, message: '请填写首重价格' }]}
      >
        <InputNumber min={0} precision={2} style={{ width: 130 }} />
      </Form.Item>
      <Form.Item
        name={[...prefix, 'AdditionalWeightKg']}
        label="续重每（kg）"
        rules={[{ required: true, message: '请填写续重每份重量' }]}
      >
        <InputNumber min={0.001} precision={3} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item
        name={[...prefix, 'AdditionalFeeYuan']}
        label="续重价格（元）"
        rules={[{ required: true, message: '请填写续重价格' }]}
      >
        <InputNumber min={0} precision={2} style={{ width: 130 }} />
      </Form.Item>
    </Space>
  );
}

export interface ExpressDrawerProps {
  company: StaffExpressCompany | 'new' | null;
  onClose(): void;
  onSaved(company: StaffExpressCompany): void;
  onConflict(): void;
}

/** 新增快递 / 编辑快递: the company and the fee template checkout prices by. */
export function ExpressDrawer({ company, onClose, onSaved, onConflict }: ExpressDrawerProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ExpressFormValues>();
  const [problem, setProblem] = useState<{ text: string; conflict: boolean } | null>(null);
  const editing = company && company !== 'new' ? company : null;
  const kind = Form.useWatch('Kind', form);
  const hasFreeShipping = Form.useWatch('HasFreeShipping', form);
  const hasOtherZone = Form.useWatch('HasOtherZone', form);

  useEffect(() => {
    if (!company) return;
    setProblem(null);
    form.resetFields();
    form.setFieldsValue(company === 'new' ? newExpressValues() : companyToValues(company));
  }, [company, form]);

  const save = useMutation({
    mutationFn: (values: ExpressFormValues) =>
      staffCall(staffCalls.SaveExpressCompany, valuesToBody(values, editing)),
    onSuccess: (saved) => {
      void message.success('快递设置已保存，顾客下单立即按新运费计算');
      onSaved(saved);
    },
    onError: (error) => {
      const conflict = error instanceof StaffApiError && error.apiCode === ApiCode.EditConflict;
      setProblem({ text: errorMessage(error), conflict });
    },
  });

  return (
    <Drawer
      open={company !== null}
      onClose={onClose}
      size={720}
      title={editing ? `编辑快递 · ${editing.Name}` : '新增快递'}
      destroyOnHidden
      extra={
        <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
          保存
        </Button>
      }
    >
      {problem ? (
        <Alert
          type={problem.conflict ? 'warning' : 'error'}
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title={problem.text}
          description={problem.conflict ? '您这次的修改没有保存。请重新读取后再修改。' : undefined}
          action={
            problem.conflict ? (
              <Button size="small" onClick={onConflict}>
                重新读取
              </Button>
            ) : undefined
          }
        />
      ) : null}
      <Form<ExpressFormValues>
        form={form}
        layout="vertical"
        onFinish={(values) => {
          setProblem(null);
          save.mutate(values);
        }}
      >
        <Space wrap size="large" align="start">
          <Form.Item
            name="Name"
            label="快递名称"
            rules={[{ required: true, whitespace: true, message: '请填写快递名称' }]}
          >
            <Input maxLength={20} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="Code"
            label="快递代码"
            extra="字母或数字，如 SF"
            rules={[{ required: true, whitespace: true, message: '请填写快递代码' }]}
          >
            <Input maxLength={20} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="SortOrder" label="排序" extra="小的在前">
            <InputNumber min={0} max={9999} precision={0} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="IsActive" label="启用" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="IsDefault" label="默认快递" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item name="Kind" label="配送方式">
          <Radio.Group
            options={[
              { value: 'delivery', label: '快递配送' },
              { value: 'pickup', label: '到店自提（免运费）' },
            ]}
          />
        </Form.Item>
        {kind === 'pickup' ? (
          <Form.Item
            name="PickupAddress"
            label="自提地址"
            extra="顾客结算时看到"
            rules={[{ required: true, whitespace: true, message: '请填写自提地址' }]}
          >
            <Input maxLength={120} />
          </Form.Item>
        ) : (
          <>
            <Space align="start" size="large">
              <Form.Item name="HasFreeShipping" label="满额包邮" valuePropName="checked">
                <Switch />
              </Form.Item>
              {hasFreeShipping ? (
                <Form.Item
                  name="FreeShippingMinYuan"
                  label="包邮门槛（元）"
                  extra="订单商品金额满此数免运费（勾选“不参与包邮”的区域除外）"
                  rules={[{ required: true, message: '请填写包邮门槛' }]}
                >
                  <InputNumber min={0} precision={2} style={{ width: 160 }} />
                </Form.Item>
              ) : null}
            </Space>
            <Form.List name="Zones">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((field) => (
                    <Card
                      key={field.key}
                      size="small"
                      style={{ marginBottom: 12 }}
                      title={
                        <Form.Item
                          name={[field.name, 'Name']}
                          rules={[{ required: true, whitespace: true, message: '请填写区域名称' }]}
                          style={{ margin: 0 }}
                        >
                          <Input
                            aria-label="区域名称"
                            placeholder="区域名称，如 江浙沪"
                            maxLength={30}
                            style={{ width: 220 }}
                          />
                        </Form.Item>
                      }
                      extra={
                        <Button size="small" danger onClick={() => remove(field.name)}>
                          删除区域
                        </Button>
                      }
                    >
                      <Form.Item
                        name={[field.name, 'RegionCodes']}
                        label="包含地区"
                        rules={[{ required: true, message: '请为区域选择至少一个地区' }]}
                      >
                        <RegionPicker label="包含地区" />
                      </Form.Item>
                      <PriceFields prefix={[field.name]} />
                      <Form.Item
                        name={[field.name, 'ExcludeFromFreeShipping']}
                        valuePropName="checked"
                        style={{ margin: 0 }}
                      >
                        <Checkbox>不参与包邮（如偏远地区）</Checkbox>
                      </Form.Item>
                    </Card>
                  ))}
                  <Button onClick={() => add(newZoneValues())} style={{ marginBottom: 16 }}>
                    添加计费区域
                  </Button>
                </>
              )}
            </Form.List>
            <Card
              size="small"
              style={{ marginBottom: 12 }}
              title="其他地区"
              extra={
                <Form.Item name="HasOtherZone" valuePropName="checked" style={{ margin: 0 }}>
                  <Switch checkedChildren="配送" unCheckedChildren="不配送" />
                </Form.Item>
              }
            >
              {hasOtherZone ? (
                <>
                  <Form.Item
                    name={['OtherZone', 'Name']}
                    label="名称"
                    rules={[{ required: true, whitespace: true, message: '请填写名称' }]}
                  >
                    <Input maxLength={30} style={{ width: 220 }} />
                  </Form.Item>
                  <PriceFields prefix={['OtherZone']} />
                  <Form.Item
                    name={['OtherZone', 'ExcludeFromFreeShipping']}
                    valuePropName="checked"
                    style={{ margin: 0 }}
                  >
                    <Checkbox>不参与包邮</Checkbox>
                  </Form.Item>
                </>
              ) : (
                <span>上面区域以外的地区不配送</span>
              )}
            </Card>
            <Form.Item name="ExcludedRegionCodes" label="不配送地区">
              <RegionPicker label="不配送地区" />
            </Form.Item>
          </>
        )}
      </Form>
    </Drawer>
  );
}
