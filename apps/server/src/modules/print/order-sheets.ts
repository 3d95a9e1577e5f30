/**
 * An order on paper (docs/excel.md "Print"): the order sheet — lines with their artwork
 * thumbnails, choices, price lines and totals — and the delivery note, the same lines without a
 * price, with room to sign. Every text from the order is escaped by the `html` tag.
 */
import type { OrderDetail, OrderLine } from '@inkstone/contracts';
import { formatChinaDateTime, formatFullAddress, formatYuan } from '@inkstone/domain';
import { html, sameSitePath, type SafeHtml } from './html.ts';
import { infoList, sheetHead, type PrintMerchant } from './print-page.ts';

const timeOf = (iso: string | null) => (iso ? formatChinaDateTime(Date.parse(iso)) : '');

function addressOf(order: OrderDetail): string {
  const { Province, City, Region, Address } = order.Address;
  return formatFullAddress({ province: Province, city: City, region: Region, address: Address });
}

function expressOf(order: OrderDetail): string {
  return [order.ExpressCompanyName, order.TrackingNo && `单号 ${order.TrackingNo}`].filter(Boolean).join(' ');
}

/** The artwork of a line: each file's thumbnail (a signed link of this site) and its name. */
function artwork(line: OrderLine): SafeHtml | null {
  if (line.Files.length === 0) return null;
  return html`<div class="thumbs">
    ${line.Files.map((file) => {
      const src = sameSitePath(file.Thumbnail);
      return html`<figure>
        ${src ? html`<img src="${src}" alt="${file.OrgFileName}" />` : null}
        <figcaption>${file.OrgFileName}</figcaption>
      </figure>`;
    })}
  </div>`;
}

function priceLines(line: OrderLine): SafeHtml | null {
  if (line.PriceLines.length === 0) return null;
  return html`<ul class="price-lines">
    ${line.PriceLines.map(
      (price) =>
        html`<li>
          ${price.Label}${price.Detail ? `（${price.Detail}）` : ''}：${formatYuan(price.AmountFen)}
        </li>`,
    )}
  </ul>`;
}

/** The order sheet: everything the customer bought and paid, at the prices it was placed at. */
export function orderSheet(order: OrderDetail, merchant: PrintMerchant, qr: SafeHtml): SafeHtml {
  const rows = order.Lines.map(
    (line, index) =>
      html`<tr>
        <td class="num">${index + 1}</td>
        <td><strong>${line.ProductTitle}</strong>${artwork(line)}</td>
        <td>
          ${line.SpecText}${priceLines(line)}${line.Remarks ? html`<div class="remarks">备注：${line.Remarks}</div>` : null}
        </td>
        <td class="num">${line.Quantity}${line.Unit}</td>
        <td class="num">${formatYuan(line.UnitPriceFen)}</td>
        <td class="num">${formatYuan(line.AmountFen)}</td>
      </tr>`,
  );
  return html`${sheetHead(merchant, '订单', { svg: qr, caption: order.OrderNo })}
    ${infoList([
      ['订单号', order.OrderNo],
      ['下单时间', timeOf(order.CreatedAt)],
      ['状态', order.StatusName],
      ['支付方式', order.PayMethodName || '未支付'],
      ['收货人', `${order.Address.Contacts} ${order.Address.PhoneNumber}`],
      ['快递', expressOf(order)],
      ['收货地址', addressOf(order)],
      ['优惠券', order.CouponName || '无'],
    ])}
    <table>
      <thead>
        <tr>
          <th class="num">序号</th>
          <th>商品与图稿</th>
          <th>规格与价格明细</th>
          <th class="num">数量</th>
          <th class="num">单价</th>
          <th class="num">金额</th>
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
    </table>
    <table class="totals">
      <tr>
        <td>商品金额</td>
        <td class="num">${formatYuan(order.GoodsFen)}</td>
      </tr>
      <tr>
        <td>运费</td>
        <td class="num">${formatYuan(order.ExpressFen)}</td>
      </tr>
      <tr>
        <td>优惠</td>
        <td class="num">${formatYuan(-order.DiscountFen)}</td>
      </tr>
      <tr class="due">
        <td>应付金额</td>
        <td class="num">${formatYuan(order.TotalFen)}</td>
      </tr>
      ${
        order.RefundFen > 0
          ? html`<tr>
              <td>已退款</td>
              <td class="num">${formatYuan(order.RefundFen)}</td>
            </tr>`
          : null
      }
    </table>
    ${order.Remarks ? html`<div class="remarks">订单备注：${order.Remarks}</div>` : null}`;
}

/** The delivery note: what is delivered to whom, without a price, with room to sign. */
export function deliveryNote(order: OrderDetail, merchant: PrintMerchant, qr: SafeHtml): SafeHtml {
  const rows = order.Lines.map(
    (line, index) =>
      html`<tr>
        <td class="num">${index + 1}</td>
        <td>${line.ProductTitle}</td>
        <td>${line.SpecText}</td>
        <td class="num">${line.Quantity}${line.Unit}</td>
        <td>${line.Files.map((file) => file.OrgFileName).join('、')}</td>
        <td>${line.Remarks}</td>
      </tr>`,
  );
  return html`${sheetHead(merchant, '送货单', { svg: qr, caption: order.OrderNo })}
    ${infoList([
      ['订单号', order.OrderNo],
      ['下单时间', timeOf(order.CreatedAt)],
      ['收货人', order.Address.Contacts],
      ['联系电话', order.Address.PhoneNumber],
      ['收货地址', addressOf(order)],
      ['快递', expressOf(order)],
      ['发货时间', timeOf(order.ShippedAt)],
      ['件数', `${order.Lines.length} 种商品`],
    ])}
    <table>
      <thead>
        <tr>
          <th class="num">序号</th>
          <th>商品</th>
          <th>规格</th>
          <th class="num">数量</th>
          <th>印刷文件</th>
          <th>备注</th>
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
    </table>
    ${order.Remarks ? html`<div class="remarks">订单备注：${order.Remarks}</div>` : null}
    <div class="signatures"><span>发货人</span><span>收货人签字</span><span>签收日期</span></div>`;
}
