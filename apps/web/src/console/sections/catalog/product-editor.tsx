import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Tabs,
  Typography,
  type FormInstance,
} from 'antd';
import { FINISHING_UNITS, INKS, TECHNOLOGY_KINDS } from '@inkstone/domain';
import type { DraftProduct } from './catalog-draft.ts';
import { FenInput } from './fen-input.tsx';
import { ProductPictures } from './product-pictures.tsx';

const PRICE_MODES = [
  { value: 'fixed', label: '一口价' },
  { value: 'offer', label: '报价（按公式计算）' },
  { value: 'fixedOrOffer', label: '有一口价用一口价，否则报价' },
];

const FINISHING_UNIT_LABELS: Record<(typeof FINISHING_UNITS)[number], string> = {
  piece: '按件',
  sqm: '按成品平方米',
  metre: '按周长米数',
  sheet: '按印张',
  fixed: '每单固定',
};

interface Option {
  value: string;
  label: string;
}

/** The remove button of a list row. */
function RemoveButton({ onClick, what }: { onClick: () => void; what: string }) {
  return (
    <Button type="link" danger size="small" onClick={onClick} aria-label={`删除${what}`}>
      删除
    </Button>
  );
}

function BasicsTab() {
  return (
    <>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="Title" label="商品名称" rules={[{ required: true, message: '请填写商品名称' }]}>
            <Input maxLength={60} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="Unit" label="计量单位" rules={[{ required: true, message: '请填写计量单位' }]}>
            <Input maxLength={4} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="PiecesPerUnit" label="每单位件数">
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="PriceMode" label="计价方式">
        <Select options={PRICE_MODES} />
      </Form.Item>
      <Form.Item name="Summary" label="简介">
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Form.Item name="Aliases" label="别名" extra="批量下单按文件名识别商品时也认作此商品，回车添加">
        <Select mode="tags" open={false} suffixIcon={null} />
      </Form.Item>
    </>
  );
}

function SizesTab() {
  return (
    <>
      <Typography.Text strong>预设尺寸（毫米）</Typography.Text>
      <Form.List name={['Sizes', 'Presets']}>
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" wrap>
                <Form.Item name={[field.name, 'Id']} label="编号">
                  <Input style={{ width: 90 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'Name']} label="名称">
                  <Input style={{ width: 160 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'WidthMm']} label="宽">
                  <InputNumber min={1} precision={0} style={{ width: 90 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'HeightMm']} label="高">
                  <InputNumber min={1} precision={0} style={{ width: 90 }} />
                </Form.Item>
                <RemoveButton what="尺寸" onClick={() => remove(field.name)} />
              </Space>
            ))}
            <Button size="small" onClick={() => add({ Id: '', Name: '', WidthMm: 90, HeightMm: 54 })}>
              添加尺寸
            </Button>
          </>
        )}
      </Form.List>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        自定义尺寸范围（毫米）：留空则不允许自定义
      </Typography.Paragraph>
      <Space wrap>
        <Form.Item name={['Sizes', 'Custom', 'MinWidthMm']} label="最小宽">
          <InputNumber min={1} precision={0} />
        </Form.Item>
        <Form.Item name={['Sizes', 'Custom', 'MaxWidthMm']} label="最大宽">
          <InputNumber min={1} precision={0} />
        </Form.Item>
        <Form.Item name={['Sizes', 'Custom', 'MinHeightMm']} label="最小高">
          <InputNumber min={1} precision={0} />
        </Form.Item>
        <Form.Item name={['Sizes', 'Custom', 'MaxHeightMm']} label="最大高">
          <InputNumber min={1} precision={0} />
        </Form.Item>
      </Space>
    </>
  );
}

function StylesTab({ papers }: { papers: Option[] }) {
  return (
    <>
      <Typography.Text strong>款式（纸张）</Typography.Text>
      <Form.List name="Styles">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" wrap>
                <Form.Item name={[field.name, 'Id']} label="编号">
                  <Input style={{ width: 90 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'Name']} label="名称">
                  <Input style={{ width: 180 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'PaperId']} label="纸张">
                  <Select style={{ width: 200 }} options={papers} />
                </Form.Item>
                <RemoveButton what="款式" onClick={() => remove(field.name)} />
              </Space>
            ))}
            <Button size="small" onClick={() => add({ Id: '', Name: '', PaperId: papers[0]?.value })}>
              添加款式
            </Button>
          </>
        )}
      </Form.List>
      <div style={{ marginTop: 16 }}>
        <Typography.Text strong>颜色</Typography.Text>
      </div>
      <Form.List name="Colours">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" wrap>
                <Form.Item name={[field.name, 'Id']} label="编号">
                  <Input style={{ width: 90 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'Name']} label="名称">
                  <Input style={{ width: 140 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'Sides']} label="面数">
                  <Select
                    style={{ width: 90 }}
                    options={[
                      { value: 1, label: '单面' },
                      { value: 2, label: '双面' },
                    ]}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'Ink']} label="色数">
                  <Select style={{ width: 90 }} options={INKS.map((ink) => ({ value: ink, label: ink }))} />
                </Form.Item>
                <RemoveButton what="颜色" onClick={() => remove(field.name)} />
              </Space>
            ))}
            <Button size="small" onClick={() => add({ Id: '', Name: '', Sides: 1, Ink: '四色' })}>
              添加颜色
            </Button>
          </>
        )}
      </Form.List>
    </>
  );
}

function TechnologiesTab({ form }: { form: FormInstance<DraftProduct> }) {
  const technologies = (Form.useWatch('Technologies', form) ?? []) as { Id?: string; Name?: string }[];
  const styles = (Form.useWatch('Styles', form) ?? []) as { Id?: string; Name?: string }[];
  const techOptions = technologies
    .filter((t) => t?.Id)
    .map((t) => ({ value: t.Id!, label: t.Name || t.Id! }));
  const styleOptions = styles.filter((s) => s?.Id).map((s) => ({ value: s.Id!, label: s.Name || s.Id! }));
  return (
    <Form.List name="Technologies">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field) => (
            <Card
              key={field.key}
              size="small"
              style={{ marginBottom: 12 }}
              title={technologies[field.name]?.Name || '新工艺'}
              extra={<RemoveButton what="工艺" onClick={() => remove(field.name)} />}
            >
              <Space align="baseline" wrap>
                <Form.Item name={[field.name, 'Id']} label="编号">
                  <Input style={{ width: 90 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'Name']} label="名称">
                  <Input style={{ width: 140 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'Kind']} label="类别">
                  <Select
                    style={{ width: 100 }}
                    options={TECHNOLOGY_KINDS.map((kind) => ({ value: kind, label: kind }))}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'Group']} label="互斥组">
                  <Input style={{ width: 100 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'ExtraDays']} label="加工天数">
                  <InputNumber min={0} precision={0} style={{ width: 80 }} />
                </Form.Item>
              </Space>
              <Space align="baseline" wrap>
                <Form.Item name={[field.name, 'Price', 'Unit']} label="计价单位">
                  <Select
                    style={{ width: 140 }}
                    options={FINISHING_UNITS.map((unit) => ({
                      value: unit,
                      label: FINISHING_UNIT_LABELS[unit],
                    }))}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'Price', 'RateFen']} label="单价">
                  <FenInput style={{ width: 120 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'Price', 'PerUnits']} label="每多少单位">
                  <InputNumber min={1} precision={0} style={{ width: 100 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'Price', 'SetupFen']} label="准备费">
                  <FenInput style={{ width: 120 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'Price', 'MinFen']} label="最低收费">
                  <FenInput style={{ width: 120 }} />
                </Form.Item>
              </Space>
              <Form.Item name={[field.name, 'ExcludeIds']} label="不能同时选择的工艺">
                <Select
                  mode="multiple"
                  options={techOptions.filter((option) => option.value !== technologies[field.name]?.Id)}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'ExcludeStyleIds']} label="不能用于的款式">
                <Select mode="multiple" options={styleOptions} />
              </Form.Item>
            </Card>
          ))}
          <Button
            size="small"
            onClick={() =>
              add({
                Id: '',
                Name: '',
                Kind: '其他',
                ExcludeIds: [],
                Price: { Unit: 'piece', RateFen: 0, PerUnits: 1 },
              })
            }
          >
            添加工艺
          </Button>
        </>
      )}
    </Form.List>
  );
}

function FixedPricesTab({ form, unit }: { form: FormInstance<DraftProduct>; unit: string }) {
  const tables = (Form.useWatch('FixedPrices', form) ?? []) as {
    SkuCode?: string;
    Prices?: { Quantity?: number }[];
  }[];
  return (
    <>
      <Space wrap align="baseline">
        <Form.Item
          name={['Quantity', 'Presets']}
          label={`预设数量（${unit}）`}
          extra="回车添加"
          normalize={(values: (string | number)[]) =>
            values.map(Number).filter((value) => Number.isInteger(value) && value > 0)
          }
        >
          <Select mode="tags" open={false} suffixIcon={null} style={{ minWidth: 240 }} />
        </Form.Item>
        <Form.Item name={['Quantity', 'Free', 'Min']} label="自由数量 最小">
          <InputNumber min={1} precision={0} />
        </Form.Item>
        <Form.Item name={['Quantity', 'Free', 'Max']} label="最大">
          <InputNumber min={1} precision={0} />
        </Form.Item>
        <Form.Item name={['Quantity', 'Free', 'Step']} label="步长">
          <InputNumber min={1} precision={0} />
        </Form.Item>
      </Space>
      <Typography.Text strong>一口价表（按 SKU，数量 → 价格）</Typography.Text>
      <Form.List name="FixedPrices">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Card
                key={field.key}
                size="small"
                style={{ marginTop: 8 }}
                title={
                  <Form.Item name={[field.name, 'SkuCode']} noStyle>
                    <Input style={{ width: 240 }} aria-label="一口价 SKU" />
                  </Form.Item>
                }
                extra={<RemoveButton what="一口价表" onClick={() => remove(field.name)} />}
              >
                <Form.List name={[field.name, 'Prices']}>
                  {(rows, rowActions) => (
                    <>
                      <div>
                        <Typography.Text type="secondary">数量 → 一口价</Typography.Text>
                      </div>
                      {rows.map((row) => {
                        const sku = tables[field.name]?.SkuCode ?? '';
                        const quantity = tables[field.name]?.Prices?.[row.name]?.Quantity ?? '';
                        return (
                          <Space key={row.key} align="baseline">
                            <Form.Item name={[row.name, 'Quantity']} style={{ marginBottom: 4 }}>
                              <InputNumber
                                min={1}
                                precision={0}
                                style={{ width: 110 }}
                                suffix={unit}
                                aria-label={`一口价 ${sku} 第 ${row.name + 1} 档数量`}
                              />
                            </Form.Item>
                            <Form.Item name={[row.name, 'PriceFen']} style={{ marginBottom: 4 }}>
                              <FenInput
                                style={{ width: 140 }}
                                aria-label={`一口价 ${sku} ${quantity}${unit}`}
                              />
                            </Form.Item>
                            <RemoveButton what="价格" onClick={() => rowActions.remove(row.name)} />
                          </Space>
                        );
                      })}
                      <Button size="small" onClick={() => rowActions.add({ Quantity: 1, PriceFen: 0 })}>
                        添加数量
                      </Button>
                    </>
                  )}
                </Form.List>
              </Card>
            ))}
            <Button
              size="small"
              style={{ marginTop: 8 }}
              onClick={() => add({ SkuCode: '', Prices: [{ Quantity: 1, PriceFen: 0 }] })}
            >
              添加一口价表
            </Button>
          </>
        )}
      </Form.List>
    </>
  );
}

function OfferTab({ form }: { form: FormInstance<DraftProduct> }) {
  const kind = Form.useWatch(['Offer', 'Kind'], form) as string | undefined;
  if (!kind) {
    return <Alert type="info" showIcon title="此商品没有报价规则，只按一口价表计价" />;
  }
  return (
    <>
      <Typography.Paragraph type="secondary">
        {kind === 'sheet'
          ? '按印张拼版计算：纸价（纸张吨价 × 克重 × 印张面积）+ 印工 + 开机费 + 工艺，再按数量优惠与起步价。机台与印工单价在「JSON」中编辑。'
          : '大幅面按面积计算：材料每平方米单价 × 面积 + 工艺，再按数量优惠与起步价。'}
      </Typography.Paragraph>
      <Space wrap align="baseline">
        <Form.Item name={['Offer', 'MinChargeFen']} label="整单起步价">
          <FenInput style={{ width: 140 }} />
        </Form.Item>
        {kind === 'sheet' ? (
          <Form.Item name={['Offer', 'BleedMm']} label="出血（毫米）">
            <InputNumber min={0} max={20} precision={0} />
          </Form.Item>
        ) : (
          <Form.Item name={['Offer', 'MinAreaPerPieceM2']} label="每件最小计价面积（㎡）">
            <InputNumber min={0} max={100} step={0.01} />
          </Form.Item>
        )}
      </Space>
      <Typography.Text strong>数量优惠</Typography.Text>
      <Form.List name={['Offer', 'Breaks']}>
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="baseline">
                <Form.Item name={[field.name, 'MinQuantity']} label="达到数量">
                  <InputNumber min={1} precision={0} />
                </Form.Item>
                <Form.Item name={[field.name, 'DiscountPercent']} label="优惠 %">
                  <InputNumber min={1} max={50} precision={0} />
                </Form.Item>
                <RemoveButton what="优惠档" onClick={() => remove(field.name)} />
              </Space>
            ))}
            <div>
              <Button size="small" onClick={() => add({ MinQuantity: 1000, DiscountPercent: 5 })}>
                添加优惠档
              </Button>
            </div>
          </>
        )}
      </Form.List>
      <div style={{ marginTop: 16 }}>
        <Typography.Text strong>生产周期</Typography.Text>
      </div>
      <Form.List name="ProductionDays">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="baseline">
                <Form.Item name={[field.name, 'MinQuantity']} label="达到数量">
                  <InputNumber min={1} precision={0} />
                </Form.Item>
                <Form.Item name={[field.name, 'Days']} label="工作日">
                  <InputNumber min={0} precision={0} />
                </Form.Item>
                <RemoveButton what="生产周期" onClick={() => remove(field.name)} />
              </Space>
            ))}
            <div>
              <Button size="small" onClick={() => add({ MinQuantity: 1, Days: 2 })}>
                添加生产周期档
              </Button>
            </div>
          </>
        )}
      </Form.List>
    </>
  );
}

/** Every field of the product as JSON (SKU bindings, 页数, presses …), applied whole. */
function JsonTab({
  product,
  onReplace,
}: {
  product: DraftProduct;
  onReplace: (product: DraftProduct) => void;
}) {
  const [text, setText] = useState(() => JSON.stringify(product, null, 2));
  const [problem, setProblem] = useState('');
  const apply = () => {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
        setProblem('商品必须是一个 JSON 对象');
        return;
      }
      setProblem('');
      onReplace(parsed as DraftProduct);
    } catch (error) {
      setProblem(`不是合法的 JSON：${error instanceof Error ? error.message : ''}`);
    }
  };
  return (
    <>
      <Typography.Paragraph type="secondary">
        商品的全部字段（SKU 绑定、页数规则、机台与印工单价等），格式见目录文件说明；应用后表单与预览随之更新。
      </Typography.Paragraph>
      {problem ? <Alert type="error" showIcon title={problem} style={{ marginBottom: 8 }} /> : null}
      <Input.TextArea
        aria-label="商品 JSON"
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoSize={{ minRows: 12, maxRows: 30 }}
        style={{ fontFamily: 'monospace', fontSize: 12 }}
      />
      <Button style={{ marginTop: 8 }} onClick={apply}>
        应用 JSON
      </Button>
    </>
  );
}

/**
 * The product editor: the file's fields of one product, grouped in tabs. Every change goes to
 * the draft at once (`onChange` with the whole product), so the preview beside it follows.
 */
export function ProductEditor({
  product,
  papers,
  onChange,
  onReplace,
}: {
  product: DraftProduct;
  papers: Option[];
  onChange: (product: DraftProduct) => void;
  /** A product replaced whole (JSON): the form is built again from it. */
  onReplace: (product: DraftProduct) => void;
}) {
  const [form] = Form.useForm<DraftProduct>();
  const unit = typeof product.Unit === 'string' ? product.Unit : '';
  return (
    <Card size="small" title={`编辑商品：${product.Title}（编号 ${product.Id}）`}>
      <Form<DraftProduct>
        form={form}
        layout="vertical"
        size="small"
        initialValues={product}
        onValuesChange={() => onChange({ ...(form.getFieldsValue(true) as DraftProduct), Id: product.Id })}
      >
        <Tabs
          items={[
            { key: 'basics', label: '基本信息', children: <BasicsTab /> },
            {
              key: 'pictures',
              label: '图片',
              children: <ProductPictures productId={product.Id} title={product.Title} />,
            },
            { key: 'sizes', label: '尺寸', children: <SizesTab /> },
            { key: 'styles', label: '纸张与颜色', children: <StylesTab papers={papers} /> },
            { key: 'technologies', label: '工艺', children: <TechnologiesTab form={form} /> },
            { key: 'prices', label: '数量与一口价', children: <FixedPricesTab form={form} unit={unit} /> },
            { key: 'offer', label: '报价规则', children: <OfferTab form={form} /> },
            { key: 'json', label: 'JSON', children: <JsonTab product={product} onReplace={onReplace} /> },
          ]}
        />
      </Form>
    </Card>
  );
}
