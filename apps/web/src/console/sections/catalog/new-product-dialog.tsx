import { useState } from 'react';
import { Alert, Col, Form, Input, InputNumber, Modal, Radio, Row, Select, Typography } from 'antd';
import { addProduct, type CatalogDraft, type NewProductFields, type ProductIssue } from './catalog-draft.ts';
import { FenInput } from './fen-input.tsx';

/** Labels of the new product's fields, to name a refused field as the form shows it. */
const FIELD_LABELS: [RegExp, string][] = [
  [/^Title/, '商品名称'],
  [/^Unit/, '计量单位'],
  [/^Sizes\.Presets\[0\]\.Name/, '尺寸名称'],
  [/^Sizes\.Presets\[0\]\.WidthMm/, '宽（毫米）'],
  [/^Sizes\.Presets\[0\]\.HeightMm/, '高（毫米）'],
  [/^Styles/, '纸张'],
  [/^(Quantity|FixedPrices\[0\]\.Prices\[0\]\.Quantity)/, '数量'],
  [/^FixedPrices/, '一口价'],
  [/^ProductionDays/, '生产天数'],
];

const labelOf = (path: string) => FIELD_LABELS.find(([pattern]) => pattern.test(path))?.[1] ?? path;

/**
 * 新建商品: the least a product needs to be quoted — name, unit, one size, one paper, single or
 * double sided, one quantity with its 一口价 and the production days — added to the draft under
 * the chosen leaf category after the catalogue file's own validator passed it. Everything else
 * (more sizes, technologies, 报价 rules) is edited in the product's tabs afterwards.
 */
export function NewProductDialog({
  open,
  draft,
  firstFreeId,
  categoryId,
  papers,
  onClose,
  onAdded,
}: {
  open: boolean;
  draft: CatalogDraft;
  /** The first product id no version used (CatalogEditor's NextProductId). */
  firstFreeId: number;
  categoryId: number;
  papers: { value: string; label: string }[];
  onClose: () => void;
  onAdded: (draft: CatalogDraft, productId: number) => void;
}) {
  const [form] = Form.useForm<NewProductFields>();
  const [issues, setIssues] = useState<ProductIssue[]>([]);

  const submit = async () => {
    const values = await form.validateFields();
    const result = addProduct(
      draft,
      categoryId,
      {
        ...values,
        WidthMm: values.WidthMm ?? 0,
        HeightMm: values.HeightMm ?? 0,
        PriceFen: values.PriceFen ?? 0,
      },
      firstFreeId,
    );
    if (!result.ok) {
      setIssues(result.issues);
      return;
    }
    setIssues([]);
    form.resetFields();
    onAdded(result.draft, result.id);
  };

  return (
    <Modal
      title="新建商品"
      open={open}
      okText="添加到草稿"
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={() => {
        setIssues([]);
        onClose();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        先填可以报价的最少内容（一个尺寸、一种纸张、一个数量的一口价），添加后在右侧各页签补充其他尺寸、工艺和报价规则；发布新版本后客户网站才会显示。
      </Typography.Paragraph>
      {issues.length > 0 ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 12 }}
          title="新商品有错误，未添加"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {issues.map((issue) => (
                <li key={`${issue.path}:${issue.message}`}>
                  {labelOf(issue.path)}（{issue.path}）：{issue.message}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ Unit: '张', Sides: 1, Quantity: 100, ProductionDays: 2, PaperId: papers[0]?.value }}
      >
        <Row gutter={12}>
          <Col span={16}>
            <Form.Item name="Title" label="商品名称" rules={[{ required: true, message: '请填写商品名称' }]}>
              <Input maxLength={60} aria-label="商品名称" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="Unit" label="计量单位" rules={[{ required: true, message: '请填写计量单位' }]}>
              <Input maxLength={4} aria-label="计量单位" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={10}>
            <Form.Item
              name="SizeName"
              label="尺寸名称"
              rules={[{ required: true, message: '请填写尺寸名称' }]}
            >
              <Input maxLength={60} placeholder="例如 A4" aria-label="尺寸名称" />
            </Form.Item>
          </Col>
          <Col span={7}>
            <Form.Item name="WidthMm" label="宽（毫米）" rules={[{ required: true, message: '请填写宽' }]}>
              <InputNumber min={1} precision={0} style={{ width: '100%' }} aria-label="宽（毫米）" />
            </Form.Item>
          </Col>
          <Col span={7}>
            <Form.Item name="HeightMm" label="高（毫米）" rules={[{ required: true, message: '请填写高' }]}>
              <InputNumber min={1} precision={0} style={{ width: '100%' }} aria-label="高（毫米）" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={14}>
            <Form.Item name="PaperId" label="纸张" rules={[{ required: true, message: '请选择纸张' }]}>
              <Select options={papers} showSearch optionFilterProp="label" aria-label="纸张" />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="Sides" label="印刷面">
              <Radio.Group
                options={[
                  { value: 1, label: '单面' },
                  { value: 2, label: '双面' },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="Quantity" label="数量" rules={[{ required: true, message: '请填写数量' }]}>
              <InputNumber min={1} precision={0} style={{ width: '100%' }} aria-label="数量" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="PriceFen"
              label="一口价（元）"
              rules={[{ required: true, message: '请填写一口价' }]}
            >
              <FenInput style={{ width: '100%' }} aria-label="一口价（元）" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="ProductionDays" label="生产天数">
              <InputNumber min={0} max={365} precision={0} style={{ width: '100%' }} aria-label="生产天数" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
