import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, DatePicker, Drawer, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useMutation } from '@tanstack/react-query';
import { ApiCode, staffCalls, type StaffCoupon, type StaffCouponList } from '@inkstone/contracts';
import { StaffApiError, errorMessage, staffCall } from '../../lib/staff-api.ts';
import {
  couponToValues,
  newCouponValues,
  valuesToBody,
  type CouponFormValues,
} from './coupon-form-values.ts';

export interface CouponDrawerProps {
  /** Open for a new coupon (`'new'`), for this coupon, or closed (null). */
  coupon: StaffCoupon | 'new' | null;
  scopeOptions: StaffCouponList['ScopeOptions'] | undefined;
  onClose(): void;
  /** After a save: the coupon as stored. */
  onSaved(coupon: StaffCoupon): void;
  /** Another member saved first: read again. */
  onConflict(): void;
}

/**
 * 新建优惠券 / 编辑优惠券: every rule of the coupon engine. Once customers hold the coupon, the
 * fields that decide its value are shown but locked (the server refuses them too), and the
 * validity may only end later.
 */
export function CouponDrawer({ coupon, scopeOptions, onClose, onSaved, onConflict }: CouponDrawerProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<CouponFormValues>();
  const [problem, setProblem] = useState<{ text: string; conflict: boolean } | null>(null);
  const editing = coupon && coupon !== 'new' ? coupon : null;
  const received = editing?.ReceivedCount ?? 0;
  const locked = editing !== null && editing.TotalStock - editing.RemainingStock > 0;
  const discountType = Form.useWatch('DiscountType', form);
  const scopeType = Form.useWatch('ScopeType', form);

  useEffect(() => {
    if (!coupon) return;
    setProblem(null);
    form.resetFields();
    form.setFieldsValue(coupon === 'new' ? newCouponValues(dayjs()) : couponToValues(coupon));
  }, [coupon, form]);

  const scopeChoices = useMemo(() => {
    if (!scopeOptions) return [];
    return scopeType === 'categories'
      ? scopeOptions.Categories.map((category) => ({ value: category.Id, label: category.Title }))
      : scopeOptions.Products.map((product) => ({ value: product.Id, label: product.Title }));
  }, [scopeOptions, scopeType]);

  const save = useMutation({
    mutationFn: (values: CouponFormValues) => staffCall(staffCalls.SaveCoupon, valuesToBody(values, editing)),
    onSuccess: (saved) => {
      void message.success(editing ? '优惠券已保存，顾客立即看到新内容' : '优惠券已创建，顾客现在可以领取');
      onSaved(saved);
    },
    onError: (error) => {
      const conflict = error instanceof StaffApiError && error.apiCode === ApiCode.EditConflict;
      setProblem({ text: errorMessage(error), conflict });
    },
  });

  return (
    <Drawer
      open={coupon !== null}
      onClose={onClose}
      size={560}
      title={editing ? `编辑优惠券 · ${editing.Name}` : '新建优惠券'}
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
      {locked ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`已有客户领取了 ${received} 张，优惠内容不能再修改`}
          description="已领取的券按领取时的规则使用：优惠类型、金额、折扣、门槛、适用范围、有效期开始和领取后天数都不能改；可以修改名称、说明、领取时间、发放总量、每人限领，或延后有效期结束时间。要换规则，请停用此券后新建。"
        />
      ) : null}
      <Form<CouponFormValues>
        form={form}
        layout="vertical"
        onFinish={(values) => {
          setProblem(null);
          save.mutate(values);
        }}
      >
        <Form.Item
          name="Name"
          label="优惠券名称"
          rules={[{ required: true, whitespace: true, message: '请填写优惠券名称' }]}
        >
          <Input maxLength={30} placeholder="如 满200减20" />
        </Form.Item>
        <Form.Item name="Description" label="使用说明">
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
        <Form.Item name="DiscountType" label="优惠类型">
          <Radio.Group
            disabled={locked}
            options={[
              { value: 'amount', label: '满减' },
              { value: 'percent', label: '折扣' },
            ]}
          />
        </Form.Item>
        <Space wrap size="large" align="start">
          {discountType === 'percent' ? (
            <>
              <Form.Item
                name="Zhe"
                label="折扣（折）"
                extra="9 为 9折，8.5 为 8.5折"
                rules={[{ required: true, message: '请填写折扣' }]}
              >
                <InputNumber
                  min={0.1}
                  max={9.9}
                  step={0.5}
                  precision={1}
                  disabled={locked}
                  style={{ width: 160 }}
                />
              </Form.Item>
              <Form.Item name="MaxDiscountYuan" label="最高优惠（元）" extra="不填为不封顶">
                <InputNumber min={0.01} precision={2} disabled={locked} style={{ width: 160 }} />
              </Form.Item>
            </>
          ) : (
            <Form.Item
              name="AmountOffYuan"
              label="减免金额（元）"
              rules={[{ required: true, message: '请填写减免金额' }]}
            >
              <InputNumber min={0.01} precision={2} disabled={locked} style={{ width: 160 }} />
            </Form.Item>
          )}
          <Form.Item
            name="ThresholdYuan"
            label="使用门槛（元）"
            extra="订单或适用商品满此金额可用；0 为无门槛"
          >
            <InputNumber min={0} precision={2} disabled={locked} style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Form.Item name="ScopeType" label="适用范围">
          <Radio.Group
            disabled={locked}
            options={[
              { value: 'all', label: '全部商品' },
              { value: 'products', label: '指定商品' },
              { value: 'categories', label: '指定分类' },
            ]}
            onChange={() => form.setFieldValue('ScopeIds', [])}
          />
        </Form.Item>
        {scopeType && scopeType !== 'all' ? (
          <Form.Item
            name="ScopeIds"
            label={scopeType === 'products' ? '适用商品' : '适用分类（含下级分类的商品）'}
            rules={[
              { required: true, message: scopeType === 'products' ? '请选择适用商品' : '请选择适用分类' },
            ]}
          >
            <Select mode="multiple" options={scopeChoices} optionFilterProp="label" disabled={locked} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="ReceiveWindow"
          label="领取时间"
          rules={[{ required: true, message: '请选择领取时间' }]}
        >
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Form.Item
          name="ValidWindow"
          label="有效期"
          extra={locked ? '已有客户领取：开始时间不能改，结束时间只能延后（已领取的券随之延长）' : undefined}
          rules={[{ required: true, message: '请选择有效期' }]}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            disabled={locked ? [true, false] : false}
          />
        </Form.Item>
        <Space wrap size="large" align="start">
          <Form.Item
            name="ValidDays"
            label="领取后有效天数"
            extra="不填为按有效期；填写则从领取起算，不超过有效期结束"
          >
            <InputNumber min={1} max={3650} precision={0} disabled={locked} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="PerCustomerLimit"
            label="每人限领（张）"
            rules={[{ required: true, message: '请填写每人限领' }]}
          >
            <InputNumber min={1} max={100} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="TotalStock"
            label="发放总量（张）"
            extra={editing ? `已领取 ${received} 张` : undefined}
            rules={[{ required: true, message: '请填写发放总量' }]}
          >
            <InputNumber min={1} max={1_000_000} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="SortOrder" label="排序" extra="小的在前">
            <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
          </Form.Item>
        </Space>
      </Form>
    </Drawer>
  );
}
