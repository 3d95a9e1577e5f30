import { useCallback, useState } from 'react';
import { Alert, Button, Drawer, Select, Skeleton } from 'antd';
import type { ProductDetail } from '@inkstone/contracts';
import { useCatalogue } from '../../catalogue/index.ts';
import { QuoteEditor, useProductInfo, type EditedSelection } from '../../quote/index.ts';
import type { BatchRow } from '../utils/batch-rows.ts';

export interface RowEditorProps {
  /** The row being edited and its number (0-based), or null when the drawer is closed. */
  row: BatchRow | null;
  index: number;
  onClose(): void;
  onConfirm(product: ProductDetail, edited: EditedSelection): void;
}

/**
 * 修改第 N 行: the product (any of the merchant's), then the quote screen's own controls for it,
 * with the live server price; 确定 puts that priced configuration into the row.
 */
export function RowEditor({ row, index, onClose, onConfirm }: RowEditorProps) {
  const catalogue = useCatalogue();
  const [productId, setProductId] = useState<number | null>(row?.productId ?? null);
  const [edited, setEdited] = useState<EditedSelection | null>(null);
  const info = useProductInfo(productId === null ? null : { ProductId: productId });
  const loaded = info.data?.Product.Id === productId ? info.data : undefined;
  const onPriced = useCallback((selection: EditedSelection | null) => setEdited(selection), []);

  function chooseProduct(id: number) {
    setEdited(null);
    setProductId(id);
  }

  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      title={row ? `修改第 ${index + 1} 行：${row.file.OrgFileName}` : ''}
      size={720}
      destroyOnHidden
      className="ink-batch-editor"
      footer={
        <div className="ink-batch-editor__actions">
          <Button onClick={onClose}>取消</Button>
          <Button
            type="primary"
            disabled={!loaded || !edited}
            onClick={() => loaded && edited && onConfirm(loaded.Product, edited)}
          >
            确定
          </Button>
        </div>
      }
    >
      <label className="ink-batch-editor__product">
        <span>产品</span>
        <Select<number>
          aria-label="产品"
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="请选择产品"
          value={productId ?? undefined}
          onChange={chooseProduct}
          options={catalogue.products.map((product) => ({ value: product.Id, label: product.Title }))}
        />
      </label>
      {productId === null ? (
        <Alert type="info" showIcon title="文件名中没有可识别的产品，请先选择产品" />
      ) : !loaded ? (
        info.isError ? (
          <Alert type="error" showIcon title="商品信息读取失败，请重试" />
        ) : (
          <Skeleton active paragraph={{ rows: 6 }} />
        )
      ) : (
        <QuoteEditor
          key={loaded.Product.Id}
          info={loaded}
          initial={row && row.productId === loaded.Product.Id ? row.selection : null}
          onPriced={onPriced}
        />
      )}
    </Drawer>
  );
}
