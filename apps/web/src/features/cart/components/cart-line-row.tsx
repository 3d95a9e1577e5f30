import { Button, Checkbox, InputNumber, Popconfirm, Tag } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { CartLine } from '@inkstone/contracts';
import { ProductPicture } from '../../../components/product-picture.tsx';
import { formatDeliveryAddress, formatFen } from '../../../lib/format.ts';
import { useCartLine } from '../hooks/use-cart-line.ts';

export interface CartLineRowProps {
  line: CartLine;
  isSelected: boolean;
  onToggle(checked: boolean): void;
  onChanged(): void;
}

/** What may stop a line or has changed since it was added: reorder source, price change, availability. */
function CartLineFlags({ line }: { line: CartLine }) {
  return (
    <div className="ink-orders__flags">
      {line.SourceOrderNo && <Tag>再来一单 · {line.SourceOrderNo}</Tag>}
      {line.IsAvailable && line.IsPriceChanged && (
        <Tag color="warning">价格已变动：加入时 {formatFen(line.AddedAmountFen)}</Tag>
      )}
      {!line.IsAvailable && <Tag color="error">暂不可下单：{line.UnavailableReason || '规格已调整'}</Tag>}
      <LineOwnDelivery line={line} />
    </div>
  );
}

/**
 * A line's own delivery address and artwork (a batch import's row): checkout sends the line to
 * that address in an order of its own and attaches the file.
 */
function LineOwnDelivery({ line }: { line: Pick<CartLine, 'Address' | 'ArtworkFiles'> }) {
  return (
    <>
      {line.Address && (
        <Tag color="blue" data-testid="line-address">
          收货：{formatDeliveryAddress(line.Address)}
        </Tag>
      )}
      {line.ArtworkFiles.map((file) => (
        <Tag key={file.Id} data-testid="line-artwork">
          印刷文件：{file.OrgFileName}
        </Tag>
      ))}
    </>
  );
}

/** One cart line: choose it, change its quantity (re-priced) or delete it. */
export function CartLineRow({ line, isSelected, onToggle, onChanged }: CartLineRowProps) {
  const { quantity, setQuantity, isSaving, isDeleting, saveQuantity, remove } = useCartLine(line, onChanged);

  return (
    <div className="ink-orders__line" data-testid="cart-line">
      <Checkbox
        checked={isSelected}
        disabled={!line.IsAvailable}
        onChange={(event) => onToggle(event.target.checked)}
        aria-label={`选择 ${line.ProductTitle}`}
      />
      <div>
        <div className="ink-product-line">
          <ProductPicture image={line.ProductImage} title={line.ProductTitle} width={64} />
          <div className="ink-product-line__text">
            <p className="ink-orders__line-title">{line.ProductTitle}</p>
            <p className="ink-orders__spec">{line.SpecText}</p>
          </div>
        </div>
        <CartLineFlags line={line} />
        <div className="ink-orders__controls">
          <span className="ink-orders__muted">数量</span>
          <InputNumber
            aria-label={`${line.ProductTitle} 数量`}
            min={0}
            precision={0}
            value={quantity}
            disabled={!line.IsAvailable || isSaving}
            onChange={setQuantity}
            onBlur={() => void saveQuantity()}
            onPressEnter={() => void saveQuantity()}
            addonAfter={line.Unit}
            style={{ width: 150 }}
          />
          <Popconfirm title="确定要删除吗?" okText="删除" cancelText="取消" onConfirm={() => void remove()}>
            <Button type="text" danger icon={<DeleteOutlined />} loading={isDeleting}>
              删除
            </Button>
          </Popconfirm>
        </div>
      </div>
      <div className="ink-orders__amount">
        <div>{formatFen(line.AmountFen)}</div>
        <div className="ink-orders__muted">单价 {formatFen(line.UnitPriceFen)}</div>
        {isSaving && <div className="ink-orders__muted">正在重新计价…</div>}
      </div>
    </div>
  );
}
