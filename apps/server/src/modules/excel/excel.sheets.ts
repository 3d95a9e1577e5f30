/**
 * The columns of each export (docs/excel.md): Chinese headers, widths, what each cell holds, and
 * which columns the sum row totals. Money is in fen and times in epoch ms here; the writer turns
 * them into ¥ amounts and China-time dates.
 */
import type {
  BillEntry,
  CartLine,
  DeliverGoodsAddress,
  OrderAddress,
  OrderDetail,
  OrderLine,
} from '@inkstone/contracts';
import type { ExportedOrder } from '../orders/index.ts';
import type { SheetColumn, SheetSpec } from './xlsx-stream.ts';

/** The period a sum row names: `2026-11-01至2026-11-30`, `截至2026-11-30`, or none. */
export function periodText(startDate?: string | null, endDate?: string | null): string {
  if (startDate && endDate) return `${startDate}至${endDate}`;
  if (startDate) return `${startDate}起`;
  if (endDate) return `截至${endDate}`;
  return '';
}

/** A line's own delivery address in one cell: `李四 13900139000 北京市东城区东长安街1号`. */
const deliveryLine = (a: OrderAddress) =>
  `${a.Contacts} ${a.PhoneNumber} ${a.Province}${a.City === '市辖区' ? '' : a.City}${a.Region}${a.Address}`;

const labelWith = (head: string, parts: string[]) => `${head}（${parts.filter(Boolean).join('，')}）`;

const ORDER_COLUMNS: SheetColumn<ExportedOrder>[] = [
  { header: '订单号', width: 22, kind: 'text', value: (o) => o.orderNo },
  { header: '下单时间', width: 20, kind: 'datetime', value: (o) => o.createdAt },
  { header: '状态', width: 16, kind: 'text', value: (o) => o.statusName },
  { header: '商品', width: 40, kind: 'text', value: (o) => o.products },
  { header: '商品金额', width: 14, kind: 'money', isSummed: true, value: (o) => o.goodsFen },
  { header: '运费', width: 12, kind: 'money', isSummed: true, value: (o) => o.expressFen },
  { header: '优惠', width: 12, kind: 'money', isSummed: true, value: (o) => o.discountFen },
  { header: '应付金额', width: 14, kind: 'money', isSummed: true, value: (o) => o.totalFen },
  { header: '已退款', width: 12, kind: 'money', isSummed: true, value: (o) => o.refundFen },
  { header: '支付方式', width: 12, kind: 'text', value: (o) => o.payMethodName },
  { header: '支付时间', width: 20, kind: 'datetime', value: (o) => o.paidAt },
  { header: '收货人', width: 12, kind: 'text', value: (o) => o.contacts },
  { header: '联系电话', width: 15, kind: 'text', value: (o) => o.phoneNumber },
  { header: '收货地址', width: 40, kind: 'text', value: (o) => o.address },
  { header: '快递公司', width: 12, kind: 'text', value: (o) => o.expressCompanyName },
  { header: '快递单号', width: 20, kind: 'text', value: (o) => o.trackingNo },
  { header: '优惠券', width: 16, kind: 'text', value: (o) => o.couponName },
  { header: '备注', width: 30, kind: 'text', value: (o) => o.remarks },
];

/** 订单: the order list with its filters; the sum row totals every amount. */
export function ordersSheet(period: string): SheetSpec<ExportedOrder> {
  return {
    sheetName: '订单',
    columns: ORDER_COLUMNS,
    sumLabel: (count) => labelWith('合计', [period, `共 ${count} 单`]),
  };
}

/** 订单 of the merchant console (staff ExportOrders): the customer's columns and who ordered. */
export function merchantOrdersSheet(period: string): SheetSpec<ExportedOrder> {
  const [orderNo, ...rest] = ORDER_COLUMNS;
  return {
    ...ordersSheet(period),
    columns: [orderNo!, { header: '客户', width: 22, kind: 'text', value: (o) => o.customer ?? '' }, ...rest],
  };
}

const BILL_COLUMNS: SheetColumn<BillEntry>[] = [
  { header: '时间', width: 20, kind: 'datetime', value: (e) => Date.parse(e.CreatedAt) },
  { header: '类型', width: 10, kind: 'text', value: (e) => e.TypeName },
  {
    header: '支付方式',
    width: 14,
    kind: 'text',
    value: (e) => (e.IsSimulated ? `${e.PayMethodName}（模拟支付）` : e.PayMethodName),
  },
  {
    header: '收入',
    width: 14,
    kind: 'money',
    isSummed: true,
    value: (e) => (e.AmountFen > 0 ? e.AmountFen : null),
  },
  {
    header: '支出',
    width: 14,
    kind: 'money',
    isSummed: true,
    value: (e) => (e.AmountFen < 0 ? e.AmountFen : null),
  },
  { header: '余额变动', width: 14, kind: 'money', isSummed: true, value: (e) => e.BalanceChangeFen },
  { header: '变动后余额', width: 14, kind: 'money', value: (e) => e.BalanceAfterFen },
  { header: '订单号', width: 24, kind: 'text', value: (e) => e.OrderNos.join('、') },
  { header: '支付单号', width: 24, kind: 'text', value: (e) => e.PaymentNo },
  { header: '备注', width: 30, kind: 'text', value: (e) => e.Remark },
];

/** 账单: the bill of a period; the sum row totals income, spending and the balance's change. */
export function billsSheet(period: string): SheetSpec<BillEntry> {
  return {
    sheetName: '账单',
    columns: BILL_COLUMNS,
    sumLabel: (count) => labelWith('合计', [period || '全部时间', `共 ${count} 笔`]),
  };
}

const CART_COLUMNS: SheetColumn<CartLine>[] = [
  { header: '商品', width: 20, kind: 'text', value: (l) => l.ProductTitle },
  { header: '规格', width: 40, kind: 'text', value: (l) => l.SpecText },
  { header: '数量', width: 10, kind: 'integer', value: (l) => l.Quantity },
  { header: '单位', width: 8, kind: 'text', value: (l) => l.Unit },
  { header: '单价', width: 12, kind: 'money', value: (l) => (l.IsAvailable ? l.UnitPriceFen : null) },
  {
    header: '金额（今日价）',
    width: 16,
    kind: 'money',
    isSummed: true,
    value: (l) => (l.IsAvailable ? l.AmountFen : null),
  },
  { header: '加入时金额', width: 14, kind: 'money', value: (l) => l.AddedAmountFen },
  {
    header: '可下单',
    width: 24,
    kind: 'text',
    value: (l) => (l.IsAvailable ? '是' : `否：${l.UnavailableReason}`),
  },
  { header: '原订单号', width: 22, kind: 'text', value: (l) => l.SourceOrderNo ?? '' },
  {
    header: '收货地址（单独发货）',
    width: 40,
    kind: 'text',
    value: (l) => (l.Address ? deliveryLine(l.Address) : ''),
  },
  {
    header: '印刷文件',
    width: 24,
    kind: 'text',
    value: (l) => l.ArtworkFiles.map((file) => file.OrgFileName).join('、'),
  },
  { header: '备注', width: 30, kind: 'text', value: (l) => l.Remarks },
  { header: '加入时间', width: 20, kind: 'datetime', value: (l) => Date.parse(l.CreatedAt) },
];

/** 购物车 at today's prices; the sum row totals the lines that can be ordered. */
export function cartSheet(): SheetSpec<CartLine> {
  return {
    sheetName: '购物车',
    columns: CART_COLUMNS,
    sumLabel: (count) => labelWith('合计', [`共 ${count} 件`, '仅计可下单的商品']),
  };
}

const ADDRESS_COLUMNS: SheetColumn<DeliverGoodsAddress>[] = [
  { header: '收货人', width: 14, kind: 'text', value: (a) => a.contacts },
  { header: '联系电话', width: 16, kind: 'text', value: (a) => a.phoneNumber },
  { header: '省份', width: 14, kind: 'text', value: (a) => a.province },
  { header: '城市', width: 14, kind: 'text', value: (a) => a.city },
  { header: '区县', width: 14, kind: 'text', value: (a) => a.region },
  { header: '详细地址', width: 40, kind: 'text', value: (a) => a.address },
  { header: '默认地址', width: 10, kind: 'text', value: (a) => (a.IsDefault ? '是' : '') },
  { header: '更新时间', width: 20, kind: 'datetime', value: (a) => Date.parse(a.UpdateTime) },
];

/** 收货地址, the default first; the last row counts them. */
export function addressesSheet(): SheetSpec<DeliverGoodsAddress> {
  return {
    sheetName: '收货地址',
    columns: ADDRESS_COLUMNS,
    sumLabel: (count) => `共 ${count} 个地址`,
  };
}

const AMOUNT_COLUMN = 5;

const ORDER_LINE_COLUMNS: SheetColumn<OrderLine>[] = [
  { header: '商品', width: 20, kind: 'text', value: (l) => l.ProductTitle },
  { header: '规格', width: 40, kind: 'text', value: (l) => l.SpecText },
  { header: '数量', width: 10, kind: 'integer', value: (l) => l.Quantity },
  { header: '单位', width: 8, kind: 'text', value: (l) => l.Unit },
  { header: '单价', width: 12, kind: 'money', value: (l) => l.UnitPriceFen },
  { header: '金额', width: 14, kind: 'money', isSummed: true, value: (l) => l.AmountFen },
  {
    header: '重量（千克）',
    width: 12,
    kind: 'number',
    numFmt: '0.000',
    value: (l) => l.WeightGrams / 1000,
  },
  { header: '生产天数', width: 10, kind: 'integer', value: (l) => l.ProductionDays },
  {
    header: '印刷文件',
    width: 30,
    kind: 'text',
    value: (l) => l.Files.map((file) => file.OrgFileName).join('、'),
  },
  { header: '备注', width: 30, kind: 'text', value: (l) => l.Remarks },
];

/**
 * 订单明细 of one order: its lines, their sum, then the shipping fee, the discount and the amount
 * due, as the order was placed.
 */
export function orderLinesSheet(order: OrderDetail): SheetSpec<OrderLine> {
  return {
    sheetName: '订单明细',
    columns: ORDER_LINE_COLUMNS,
    sumLabel: (count) => labelWith('商品合计', [`订单 ${order.OrderNo}`, `共 ${count} 项`]),
    trailer: [
      { label: '运费', moneyFen: { [AMOUNT_COLUMN]: order.ExpressFen } },
      { label: '优惠', moneyFen: { [AMOUNT_COLUMN]: -order.DiscountFen } },
      { label: '应付金额', moneyFen: { [AMOUNT_COLUMN]: order.TotalFen } },
    ],
  };
}
