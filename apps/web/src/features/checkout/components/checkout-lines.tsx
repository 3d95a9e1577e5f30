import { Tag } from 'antd';
import type { CartLine, ServerFile } from '@inkstone/contracts';
import { ProductPicture } from '../../../components/product-picture.tsx';
import { formatDeliveryAddress, formatFen } from '../../../lib/format.ts';
import { LineArtwork } from './line-artwork.tsx';

export interface CheckoutLinesProps {
  lines: readonly CartLine[];
  /** The artwork chosen per cart line. */
  files: Readonly<Record<number, ServerFile[]>>;
  onFilesChange(cartId: number, files: ServerFile[]): void;
}

/** 商品与印刷文件: each line with its amount and its artwork. */
export function CheckoutLines({ lines, files, onFilesChange }: CheckoutLinesProps) {
  return (
    <div className="ink-orders__card" role="group" aria-label="商品与印刷文件">
      <h2 className="ink-orders__card-title">商品与印刷文件</h2>
      {lines.map((line) => (
        <div key={line.Id} className="ink-orders__line" style={{ gridTemplateColumns: '1fr auto' }}>
          <div>
            <div className="ink-product-line">
              <ProductPicture image={line.ProductImage} title={line.ProductTitle} width={64} />
              <div className="ink-product-line__text">
                <p className="ink-orders__line-title">{line.ProductTitle}</p>
                <p className="ink-orders__spec">
                  {line.SpecText} · {line.Quantity}
                  {line.Unit}
                </p>
              </div>
            </div>
            {line.Address && (
              <Tag color="blue" data-testid="checkout-line-address">
                单独发货：{formatDeliveryAddress(line.Address)}
              </Tag>
            )}
            {line.IsPriceChanged && (
              <Tag color="warning">价格已变动：加入时 {formatFen(line.AddedAmountFen)}</Tag>
            )}
            <div style={{ marginTop: 8 }}>
              <LineArtwork
                line={line}
                files={files[line.Id] ?? []}
                onChange={(next) => onFilesChange(line.Id, next)}
              />
            </div>
          </div>
          <div className="ink-orders__amount">{formatFen(line.AmountFen)}</div>
        </div>
      ))}
    </div>
  );
}
