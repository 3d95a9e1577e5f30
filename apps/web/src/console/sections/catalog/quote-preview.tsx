import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Card,
  Checkbox,
  Descriptions,
  Empty,
  Form,
  InputNumber,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import { formatYuan, suggestSelection, type CompiledProduct, type QuoteSelection } from '@inkstone/domain';
import { previewQuote } from './catalog-draft.ts';

const CUSTOM_SIZE = '__custom__';

/**
 * 报价预览: the product of the draft priced in the browser by the customer site's own engine
 * (`calculatePrice` of `@inkstone/domain`, by the product's PriceMode, as `pro-cal` answers), on
 * the choices and quantity picked here. Recomputed on every change of the form beside it.
 */
export function QuotePreview({ product }: { product: CompiledProduct | undefined }) {
  const [selection, setSelection] = useState<QuoteSelection | null>(null);
  const productId = product?.id;

  // A new product starts from the customer site's default choices.
  useEffect(() => {
    setSelection(product ? suggestSelection(product) : null);
    // Only when another product is chosen: edits of this one keep the choices made.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productId]);

  const quote = useMemo(
    () => (product && selection ? previewQuote(product, selection) : null),
    [product, selection],
  );

  if (!product || !selection || !quote) {
    return (
      <Card title="报价预览" size="small">
        <Empty description="选择一个商品后在此试算价格" />
      </Card>
    );
  }
  const source = product.source;
  const change = (patch: Partial<QuoteSelection>) => setSelection({ ...selection, ...patch });
  const isCustom = selection.sizeId === undefined;
  const styles = source.Pages
    ? source.Styles.filter((style) => source.Pages!.CoverStyleIds.includes(style.Id))
    : source.Styles;
  const result = quote.result;

  return (
    <Card
      title="报价预览"
      size="small"
      extra={<Typography.Text type="secondary">与客户网站同一计价引擎</Typography.Text>}
    >
      <Form layout="vertical" size="small">
        <Form.Item label="尺寸">
          <Select
            aria-label="预览尺寸"
            value={isCustom ? CUSTOM_SIZE : selection.sizeId}
            options={[
              ...source.Sizes.Presets.map((size) => ({ value: size.Id, label: size.Name })),
              ...(source.Sizes.Custom ? [{ value: CUSTOM_SIZE, label: '自定义尺寸' }] : []),
            ]}
            onChange={(value: string) =>
              value === CUSTOM_SIZE
                ? change({
                    sizeId: undefined,
                    widthMm: source.Sizes.Custom?.MinWidthMm,
                    heightMm: source.Sizes.Custom?.MinHeightMm,
                  })
                : change({ sizeId: value, widthMm: undefined, heightMm: undefined })
            }
          />
        </Form.Item>
        {isCustom ? (
          <Space>
            <Form.Item label="宽（毫米）">
              <InputNumber
                aria-label="预览宽"
                min={1}
                precision={0}
                value={selection.widthMm}
                onChange={(value) => change({ widthMm: value ?? undefined })}
              />
            </Form.Item>
            <Form.Item label="高（毫米）">
              <InputNumber
                aria-label="预览高"
                min={1}
                precision={0}
                value={selection.heightMm}
                onChange={(value) => change({ heightMm: value ?? undefined })}
              />
            </Form.Item>
          </Space>
        ) : null}
        <Form.Item label={source.Pages ? '封面' : '款式'}>
          <Select
            aria-label="预览款式"
            value={selection.styleId}
            options={styles.map((style) => ({ value: style.Id, label: style.Name }))}
            onChange={(value: string) => change({ styleId: value })}
          />
        </Form.Item>
        {source.Pages ? (
          <Space>
            <Form.Item label="内页">
              <Select
                aria-label="预览内页"
                style={{ minWidth: 140 }}
                value={selection.innerStyleId}
                options={source.Styles.filter((style) => source.Pages!.InnerStyleIds.includes(style.Id)).map(
                  (style) => ({ value: style.Id, label: style.Name }),
                )}
                onChange={(value: string) => change({ innerStyleId: value })}
              />
            </Form.Item>
            <Form.Item label="页数">
              <InputNumber
                aria-label="预览页数"
                min={1}
                precision={0}
                value={selection.pageCount}
                onChange={(value) => change({ pageCount: value ?? undefined })}
              />
            </Form.Item>
          </Space>
        ) : null}
        <Form.Item label="颜色">
          <Select
            aria-label="预览颜色"
            value={selection.colourId}
            options={source.Colours.map((colour) => ({ value: colour.Id, label: colour.Name }))}
            onChange={(value: string) => change({ colourId: value })}
          />
        </Form.Item>
        {source.Technologies.length > 0 ? (
          <Form.Item label="工艺">
            <Checkbox.Group
              value={[...(selection.technologyIds ?? [])]}
              options={source.Technologies.map((technology) => ({
                value: technology.Id,
                label: technology.Name,
                disabled:
                  quote.excludedTechnologyIds.has(technology.Id) &&
                  !(selection.technologyIds ?? []).includes(technology.Id),
              }))}
              onChange={(values) => change({ technologyIds: values as string[] })}
            />
          </Form.Item>
        ) : null}
        <Form.Item
          label={`数量（${source.Unit}）`}
          extra={
            source.Quantity.Presets.length > 0 ? `预设：${source.Quantity.Presets.join('、')}` : undefined
          }
        >
          <InputNumber
            aria-label="预览数量"
            min={1}
            precision={0}
            value={selection.quantity}
            onChange={(value) => change({ quantity: value ?? 0 })}
          />
        </Form.Item>
      </Form>
      {result.ok ? (
        <>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="合计">
              <Typography.Text strong style={{ fontSize: 20 }} data-testid="preview-total">
                {formatYuan(result.totalFen)}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="单价">
              {formatYuan(result.unitPriceFen)} / {source.Unit}
            </Descriptions.Item>
            <Descriptions.Item label="计价方式">
              {result.method === 'fixed' ? '一口价' : '报价'}
              {result.skuCode ? `（SKU ${result.skuCode}）` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="生产周期">{result.productionDays} 个工作日</Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            style={{ marginTop: 12 }}
            pagination={false}
            rowKey={(line) => `${line.kind}:${line.label}:${line.technologyId ?? ''}`}
            dataSource={result.lines}
            columns={[
              { title: '明细', dataIndex: 'label' },
              {
                title: '金额',
                dataIndex: 'amountFen',
                align: 'right',
                render: (fen: number) => formatYuan(fen),
              },
              { title: '计算', dataIndex: 'detail', ellipsis: true },
            ]}
          />
        </>
      ) : (
        <Alert
          type="warning"
          showIcon
          title="无法报价"
          description={result.reason}
          data-testid="preview-refused"
        />
      )}
    </Card>
  );
}
