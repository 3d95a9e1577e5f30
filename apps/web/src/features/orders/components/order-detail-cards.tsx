import { Descriptions, Timeline } from 'antd';
import type { OrderDetail } from '@inkstone/contracts';
import { ProductPicture } from '../../../components/product-picture.tsx';
import { formatDateTime, formatDeliveryAddress, formatFen, formatWeight } from '../../../lib/format.ts';
import { OrderLineFiles } from './order-line-files.tsx';

type OrderLine = OrderDetail['Lines'][number];

/** One line of the order: product, specification, price lines and files, and its amount. */
function OrderDetailLine({ line }: { line: OrderLine }) {
  return (
    <div className="ink-orders__line" style={{ gridTemplateColumns: '1fr auto' }}>
      <div>
        <div className="ink-product-line">
          <ProductPicture image={line.ProductImage} title={line.ProductTitle} width={64} />
          <div className="ink-product-line__text">
            <p className="ink-orders__line-title">{line.ProductTitle}</p>
            <p className="ink-orders__spec">
              {line.SpecText} · {line.Quantity}
              {line.Unit} · 生产 {line.ProductionDays} 个工作日
            </p>
          </div>
        </div>
        {line.PriceLines.length > 0 && (
          <dl className="ink-orders__totals" style={{ maxWidth: 420, marginTop: 8, fontSize: 13 }}>
            {line.PriceLines.map((price, index) => (
              <div key={index} style={{ display: 'contents' }}>
                <dt>
                  {price.Label}
                  {price.Detail ? <span className="ink-orders__muted">（{price.Detail}）</span> : null}
                </dt>
                <dd>{formatFen(price.AmountFen)}</dd>
              </div>
            ))}
          </dl>
        )}
        <OrderLineFiles files={line.Files} />
      </div>
      <div className="ink-orders__amount">{formatFen(line.AmountFen)}</div>
    </div>
  );
}

/** 商品: the lines, then goods, express fee, discount and the amount due. */
export function OrderGoodsCard({ order }: { order: OrderDetail }) {
  return (
    <div className="ink-orders__card">
      <h2 className="ink-orders__card-title">商品</h2>
      {order.Lines.map((line) => (
        <OrderDetailLine key={line.Id} line={line} />
      ))}
      <dl
        className="ink-orders__totals"
        style={{ marginTop: 12, borderTop: '1px solid #f0f0f0', paddingTop: 12 }}
      >
        <dt>商品金额</dt>
        <dd>{formatFen(order.GoodsFen)}</dd>
        <dt>运费（{formatWeight(order.WeightGrams)}）</dt>
        <dd>{formatFen(order.ExpressFen)}</dd>
        <dt>优惠{order.CouponName ? `（${order.CouponName}）` : ''}</dt>
        <dd>-{formatFen(order.DiscountFen)}</dd>
        <dt>
          <strong>应付</strong>
        </dt>
        <dd>
          <strong className="ink-orders__amount ink-orders__amount--big">{formatFen(order.TotalFen)}</strong>
        </dd>
      </dl>
    </div>
  );
}

/** 收货与配送: the address, express company and tracking number, payment method and remarks. */
export function OrderDeliveryCard({ order }: { order: OrderDetail }) {
  const address = order.Address;
  return (
    <div className="ink-orders__card">
      <h2 className="ink-orders__card-title">收货与配送</h2>
      <Descriptions column={{ xs: 1, sm: 2 }} size="small">
        <Descriptions.Item label="收货人">
          {address.Contacts} {address.PhoneNumber}
        </Descriptions.Item>
        <Descriptions.Item label="收货地址">
          {formatDeliveryAddress({ ...address, Contacts: '', PhoneNumber: '' }).trim()}
        </Descriptions.Item>
        <Descriptions.Item label="快递公司">{order.ExpressCompanyName || '—'}</Descriptions.Item>
        {order.IsSelfPickup ? (
          <Descriptions.Item label="取货">
            {order.ShippedAt ? '已发货，可以到店自提' : '到店自提，发货后即可取货'}
          </Descriptions.Item>
        ) : (
          <Descriptions.Item label="快递单号">{order.TrackingNo || '发货后显示'}</Descriptions.Item>
        )}
        <Descriptions.Item label="支付方式">{order.PayMethodName || '未支付'}</Descriptions.Item>
        <Descriptions.Item label="下单时间">{formatDateTime(order.CreatedAt)}</Descriptions.Item>
      </Descriptions>
      {order.Remarks && (
        <p style={{ whiteSpace: 'pre-wrap', margin: '8px 0 0' }}>
          <span className="ink-orders__muted">备注：</span>
          {order.Remarks}
        </p>
      )}
    </div>
  );
}

/** 订单进度: the order's events, newest first. */
export function OrderTimelineCard({ order }: { order: OrderDetail }) {
  return (
    <div className="ink-orders__card">
      <h2 className="ink-orders__card-title">订单进度</h2>
      <Timeline
        data-testid="order-timeline"
        items={[...order.Events].reverse().map((event) => ({
          color: event.Action.includes('cancel') || event.Action === 'reject' ? 'red' : 'blue',
          content: (
            <div>
              <strong>{event.ActionName}</strong>
              <span className="ink-orders__muted">
                {' '}
                · {formatDateTime(event.CreatedAt)}
                {event.ActorName ? ` · ${event.ActorName}` : ''}
              </span>
              {event.Note && <div className="ink-orders__muted">{event.Note}</div>}
            </div>
          ),
        }))}
      />
    </div>
  );
}
