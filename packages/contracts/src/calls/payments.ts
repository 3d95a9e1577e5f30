/**
 * Payment, recharge, gateway notifications and the customer bill (spec §7 Payment, Customer
 * Recharge, Orders QueryCustomerBill; docs/payments.md). Money is integer fen; a payment is
 * named by its `PaymentNo`.
 */
import { z } from 'zod';
import { dateSchema, idSchema, pagingFields } from './orders.ts';
import { refineSafeMultilineText } from '../text-rules.ts';

/** How money moves: from the balance, or by QR code through a gateway; `manual` is a staff adjustment. */
export const PayMethod = { Balance: 'balance', Wechat: 'wechat', Alipay: 'alipay' } as const;
export type PayMethod = (typeof PayMethod)[keyof typeof PayMethod];
export const PAY_METHOD_NAMES: Record<string, string> = {
  balance: '余额支付',
  wechat: '微信支付',
  alipay: '支付宝',
  manual: '人工调整',
};

/**
 * What a payment made through the embedded payment simulator is called wherever it shows (pay
 * page, QR code, bill): no real money moved.
 */
export const SIMULATED_PAYMENT_NAME = '模拟支付';

/** The refusal of a QR payment or recharge where the merchant has no payment gateway. */
export const ONLINE_PAYMENT_UNAVAILABLE_MESSAGE = '本站尚未开通在线支付，请联系商家';

const isSimulatedSchema = z
  .boolean()
  .describe('模拟支付：扫码支付由内置的支付模拟器完成，不产生真实扣款（已支付的为是否经模拟器支付）');

/** A payment is pending until a gateway (or the balance) pays it; closed ones can no longer be paid. */
export const PaymentStatus = { Pending: 'pending', Paid: 'paid', Closed: 'closed' } as const;
export type PaymentStatus = (typeof PaymentStatus)[keyof typeof PaymentStatus];
export const PAYMENT_STATUS_NAMES: Record<PaymentStatus, string> = {
  pending: '待支付',
  paid: '已支付',
  closed: '已关闭',
};

/** What a payment is for. */
export const PaymentPurpose = { Orders: 'orders', Recharge: 'recharge' } as const;

/** Smallest and largest recharge, in fen (1 元 … 100,000 元). */
export const RECHARGE_MIN_FEN = 100;
export const RECHARGE_MAX_FEN = 10_000_000;

const paymentNoSchema = z
  .string({ error: '请指定支付单号' })
  .trim()
  .min(1, { error: '请指定支付单号' })
  .max(40)
  .regex(/^[A-Z0-9]+$/, { error: '支付单号无效' })
  .describe('支付单号');

const qrPayTypeSchema = z
  .enum(['wechat', 'alipay'], { error: '支付方式应为 wechat（微信支付）或 alipay（支付宝）' })
  .describe('扫码支付方式：wechat 微信支付、alipay 支付宝');

const orderIdsSchema = z
  .array(idSchema('订单编号'))
  .min(1, { error: '请选择要支付的订单' })
  .max(50, { error: '一次最多支付 50 个订单' })
  .describe('订单编号');

/** POST /api/v1/post_service_order_pay — one payment for the total of one or several unpaid orders. */
export const orderPayBodySchema = z.object({ OrderIds: orderIdsSchema });
export type OrderPayBody = z.infer<typeof orderPayBodySchema>;

export const paymentOrderSchema = z.object({
  OrderId: z.number().int(),
  OrderNo: z.string(),
  TotalFen: z.number().int(),
  Status: z.number().int(),
  StatusName: z.string(),
});

/** A payment as the pay page shows it. */
export const paymentSchema = z.object({
  PaymentNo: z.string(),
  Purpose: z.enum(['orders', 'recharge']).describe('orders 订单支付、recharge 余额充值'),
  Status: z.enum(['pending', 'paid', 'closed']),
  StatusName: z.string(),
  AmountFen: z.number().int().describe('支付金额（分）'),
  PayMethod: z.string().describe('实际支付方式；未支付为空'),
  PayMethodName: z.string(),
  Orders: z.array(paymentOrderSchema).describe('所付订单（充值为空）'),
  BalanceFen: z.number().int().describe('客户当前余额（分）'),
  Methods: z
    .array(z.enum(['balance', 'wechat', 'alipay']))
    .describe('可用的支付方式；商户未开通在线支付时没有 wechat、alipay'),
  IsSimulated: isSimulatedSchema,
  ExpiresAt: z.string().describe('支付单过期时间'),
  PaidAt: z.string().nullable(),
  CreatedAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** POST /api/payment/BalancePaymannet — pay a payment (or the orders directly) from the balance. */
export const balancePayBodySchema = z
  .object({
    PaymentNo: paymentNoSchema.nullish(),
    OrderIds: orderIdsSchema.nullish(),
  })
  .refine((value) => !!value.PaymentNo || (value.OrderIds?.length ?? 0) > 0, {
    message: '请指定支付单号或订单编号',
    path: ['PaymentNo'],
  });
export type BalancePayBody = z.infer<typeof balancePayBodySchema>;

/** POST /api/payment/getqrcode. */
export const getQrCodeBodySchema = z.object({ PaymentNo: paymentNoSchema, PayType: qrPayTypeSchema });
export type GetQrCodeBody = z.infer<typeof getQrCodeBodySchema>;

/** GET /api/v1/get_qrcode_refresh?PaymentNo=&PayType= — a fresh QR code (the old one expired). */
export const qrRefreshQuerySchema = z.object({
  PaymentNo: paymentNoSchema,
  PayType: qrPayTypeSchema.optional().describe('省略为上次所取二维码的支付方式'),
});
export type QrRefreshQuery = z.infer<typeof qrRefreshQuerySchema>;

export const qrCodeSchema = z.object({
  PaymentNo: z.string(),
  Purpose: z.enum(['orders', 'recharge']),
  PayType: z.enum(['wechat', 'alipay']),
  PayTypeName: z.string(),
  AmountFen: z.number().int(),
  QrCode: z.string().describe('二维码图片（data:image/png;base64,…）'),
  CodeUrl: z.string().describe('二维码内容（支付链接）'),
  ExpiresAt: z.string().describe('二维码过期时间；过期后用 get_qrcode_refresh 换新'),
  ExpiresInSeconds: z.number().int(),
  IsSimulated: isSimulatedSchema,
});
export type QrCode = z.infer<typeof qrCodeSchema>;

/** POST /api/payment/QueryPayStatus — the pay page polls this. */
export const queryPayStatusBodySchema = z.object({ PaymentNo: paymentNoSchema });
export type QueryPayStatusBody = z.infer<typeof queryPayStatusBodySchema>;

/** Why a payment was closed: its deadline passed, the payer cancelled at the gateway, or its orders were cancelled. */
export const PAYMENT_CLOSE_REASONS = ['expired', 'declined', 'order_cancelled'] as const;
export type PaymentCloseReason = (typeof PAYMENT_CLOSE_REASONS)[number];

export const payStatusSchema = z.object({
  PaymentNo: z.string(),
  Purpose: z.enum(['orders', 'recharge']),
  Status: z.enum(['pending', 'paid', 'closed']),
  StatusName: z.string(),
  CloseReason: z
    .enum(PAYMENT_CLOSE_REASONS)
    .nullable()
    .describe(
      '关闭原因：expired 已过支付期限，declined 已在支付页取消支付，order_cancelled 订单已取消；未关闭或原因未记录为空',
    ),
  ExpiresAt: z.string().describe('支付期限（订单支付单即订单的自动取消时间）'),
  IsPaid: z.boolean(),
  AmountFen: z.number().int(),
  PayMethod: z.string(),
  PayMethodName: z.string(),
  PaidAt: z.string().nullable(),
  QrExpiresAt: z.string().nullable(),
  IsQrExpired: z.boolean().describe('二维码已过期（应刷新）'),
  OrderIds: z.array(z.number().int()),
  BalanceFen: z.number().int().describe('客户当前余额（分）'),
  Methods: z
    .array(z.enum(['balance', 'wechat', 'alipay']))
    .describe('还能用的支付方式；商户未开通在线支付时没有 wechat、alipay'),
  IsSimulated: isSimulatedSchema,
  WechatJsapi: z
    .boolean()
    .describe(
      '在微信内打开时可用微信内支付（JSAPI）：商户的微信支付账户配置了与商户号绑定的公众号 AppID 与 AppSecret',
    ),
});
export type PayStatus = z.infer<typeof payStatusSchema>;

/** POST /api/cust/Recharge — top up the balance by QR code. */
export const rechargeBodySchema = z.object({
  AmountFen: z
    .number({ error: '请输入充值金额' })
    .int({ error: '充值金额必须是整数（分）' })
    .min(RECHARGE_MIN_FEN, { error: '充值金额不能少于 1 元' })
    .max(RECHARGE_MAX_FEN, { error: '单次充值不能超过 100000 元' })
    .describe('充值金额（分）'),
  PayType: qrPayTypeSchema,
});
export type RechargeBody = z.infer<typeof rechargeBodySchema>;

/**
 * POST /api/payment/notify/:provider — a gateway's payment notification (not bizcontent-wrapped).
 * The simulator's fields; `Sign` is HMAC-SHA256 over the other fields (docs/payments.md).
 */
export const paymentNotifyBodySchema = z.object({
  PaymentNo: z.string().max(64).describe('支付单号'),
  TradeNo: z.string().max(64).describe('网关交易号'),
  AmountFen: z.number().int().describe('实付金额（分）'),
  Status: z.enum(['SUCCESS', 'CLOSED']).describe('SUCCESS 已支付、CLOSED 付款人取消'),
  PayType: z.enum(['wechat', 'alipay']),
  Timestamp: z.number().int().describe('通知时间（毫秒）'),
  Nonce: z.string().max(64),
  Sign: z.string().max(128),
});
export type PaymentNotifyBody = z.infer<typeof paymentNotifyBodySchema>;

export const paymentNotifyResultSchema = z.object({
  Accepted: z.boolean().describe('通知已处理（含重复通知）'),
  Duplicate: z.boolean().describe('重复通知：此前已处理，本次未做任何改变'),
});

// ---------------------------------------------------------------------------------------------
// The bill: QueryCustomerBill
// ---------------------------------------------------------------------------------------------

/** Kind of a money movement. */
export const LedgerType = {
  Payment: 'payment',
  Recharge: 'recharge',
  Refund: 'refund',
  Adjustment: 'adjustment',
} as const;
export type LedgerType = (typeof LedgerType)[keyof typeof LedgerType];
export const LEDGER_TYPE_NAMES: Record<LedgerType, string> = {
  payment: '订单支付',
  recharge: '余额充值',
  refund: '退款',
  adjustment: '余额调整',
};

/** POST /api/order/QueryCustomerBill — every money movement of the customer, newest first. */
export const queryCustomerBillBodySchema = z.object({
  ...pagingFields(100),
  Type: z
    .enum(['payment', 'recharge', 'refund', 'adjustment', ''])
    .default('')
    .describe('类型：payment 订单支付、recharge 充值、refund 退款、adjustment 调整；空为全部'),
  PayMethod: z.enum(['balance', 'wechat', 'alipay', 'manual', '']).default('').describe('支付方式；空为全部'),
  StartDate: dateSchema.nullish().describe('开始日期（YYYY-MM-DD，北京时间，含当天）'),
  EndDate: dateSchema.nullish().describe('结束日期（YYYY-MM-DD，北京时间，含当天）'),
  Keyword: z.string().trim().max(40).default('').describe('订单号或支付单号'),
});
export type QueryCustomerBillBody = z.infer<typeof queryCustomerBillBodySchema>;

export const billEntrySchema = z.object({
  Id: z.number().int(),
  Type: z.enum(['payment', 'recharge', 'refund', 'adjustment']),
  TypeName: z.string(),
  PayMethod: z.string(),
  PayMethodName: z.string(),
  AmountFen: z.number().int().describe('金额（分）：收入为正，支出为负'),
  BalanceChangeFen: z.number().int().describe('余额变动（分）；扫码支付订单为 0'),
  BalanceAfterFen: z.number().int().describe('变动后余额（分）'),
  OrderId: z.number().int().nullable(),
  OrderNos: z.array(z.string()),
  PaymentNo: z.string(),
  Remark: z.string(),
  IsSimulated: z.boolean().describe('模拟支付：这笔钱经内置的支付模拟器支付，没有真实到账'),
  CreatedAt: z.string(),
});
export type BillEntry = z.infer<typeof billEntrySchema>;

export const billPageSchema = z.object({
  List: z.array(billEntrySchema),
  PageIndex: z.number().int(),
  Limit: z.number().int(),
  PageCount: z.number().int(),
  TotalCount: z.number().int(),
  Attach: z.object({
    SumAmount: z.number().int().describe('符合条件记录的金额合计（分，收入为正）'),
    IncomeFen: z.number().int().describe('其中收入合计（分）'),
    ExpenseFen: z.number().int().describe('其中支出合计（分，负数）'),
    BalanceChangeFen: z.number().int().describe('余额变动合计（分）：扫码付款不动余额，所以它与收支合计不同'),
    BalanceFen: z.number().int().describe('当前余额（分）'),
  }),
});
export type BillPage = z.infer<typeof billPageSchema>;

/** POST /api/staff/AdjustBalance — a manual balance adjustment by 财务 (never below zero). */
export const adjustBalanceBodySchema = z.object({
  CustomerId: idSchema('客户编号'),
  AmountFen: z
    .number()
    .int()
    .min(-RECHARGE_MAX_FEN)
    .max(RECHARGE_MAX_FEN)
    .refine((value) => value !== 0, { message: '调整金额不能为 0' })
    .describe('调整金额（分）：正数增加、负数扣减'),
  Remark: z
    .string()
    .trim()
    .min(1, { error: '请填写调整原因' })
    .max(200)
    .superRefine(refineSafeMultilineText)
    .describe('调整原因（客户可见）'),
});
export type AdjustBalanceBody = z.infer<typeof adjustBalanceBodySchema>;

export const adjustBalanceResultSchema = z.object({
  EntryId: z.number().int(),
  BalanceFen: z.number().int().describe('调整后余额（分）'),
});

/** A notification's body is the gateway's own shape (not bizcontent); the gateway checks it. */
export const notifyBodySchema = z
  .object({})
  .catchall(z.unknown())
  .describe(
    '网关通知原文；模拟器的字段见 docs/payments.md（PaymentNo、TradeNo、AmountFen、Status、PayType、Timestamp、Nonce、Sign）',
  );

// ---------------------------------------------------------------------------------------------
// Paying on a phone: 微信 H5 支付 / 支付宝手机网站支付 (docs/payments.md)
// ---------------------------------------------------------------------------------------------

/** POST /api/payment/GetMobilePayUrl — a link a phone browser opens to pay, returning to ReturnPath. */
export const mobilePayBodySchema = z.object({
  PaymentNo: paymentNoSchema,
  PayType: qrPayTypeSchema,
  ReturnPath: z
    .string()
    .trim()
    .max(300, { error: '返回地址不能超过 300 个字符' })
    .regex(/^\/(?:[^/\s\\][^\s\\]*)?$/, { error: '返回地址必须是本站的页面路径，如 /user/order/pay?no=…' })
    .default('/')
    .describe('付款后回到本站的页面路径（以 / 开头）'),
});
export type MobilePayBody = z.infer<typeof mobilePayBodySchema>;

/**
 * POST /api/cust/MobileRecharge — a recharge paid on a phone: a new recharge payment and its
 * 微信 H5 支付 / 支付宝手机网站支付 link; the payer comes back to `ReturnPath` with `no=<PaymentNo>`.
 */
export const mobileRechargeBodySchema = rechargeBodySchema.extend({
  ReturnPath: mobilePayBodySchema.shape.ReturnPath,
});
export type MobileRechargeBody = z.infer<typeof mobileRechargeBodySchema>;

export const mobilePaySchema = z.object({
  PaymentNo: z.string(),
  PayType: z.enum(['wechat', 'alipay']),
  PayTypeName: z.string(),
  AmountFen: z.number().int(),
  PayUrl: z.string().describe('在手机浏览器中打开此地址付款（微信 H5 支付、支付宝手机网站支付或模拟支付页）'),
  ExpiresAt: z.string().describe('此链接的支付期限'),
  IsSimulated: isSimulatedSchema,
});
export type MobilePay = z.infer<typeof mobilePaySchema>;

// ---------------------------------------------------------------------------------------------
// Paying inside 微信: JSAPI with the 公众号's 网页授权 (docs/payments.md)
// ---------------------------------------------------------------------------------------------

/** POST /api/payment/WechatJsapiPay — pay inside 微信's browser: authorise once, then the bridge's parameters. */
export const wechatJsapiPayBodySchema = z.object({
  PaymentNo: paymentNoSchema,
  ReturnPath: mobilePayBodySchema.shape.ReturnPath.describe(
    '网页授权后回到本站的页面路径（以 / 开头，通常是支付页）；微信在其后附上 code 与 state',
  ),
});
export type WechatJsapiPayBody = z.infer<typeof wechatJsapiPayBodySchema>;

/**
 * POST /api/cust/WechatJsapiRecharge — a recharge paid inside 微信's browser: a new recharge payment
 * paid as WechatJsapiPay pays one; `ReturnPath` gets `no=<PaymentNo>` (网页授权 comes back there).
 */
export const wechatJsapiRechargeBodySchema = rechargeBodySchema.pick({ AmountFen: true }).extend({
  ReturnPath: mobilePayBodySchema.shape.ReturnPath.describe(
    '网页授权后回到本站的页面路径（以 / 开头，通常是余额页）；本站附上 no=支付单号，微信再附上 code 与 state',
  ),
});
export type WechatJsapiRechargeBody = z.infer<typeof wechatJsapiRechargeBodySchema>;

/** The parameters of `WeixinJSBridge.invoke('getBrandWCPayRequest', …)`, as 微信 names them. */
export const wechatBridgeParamsSchema = z.object({
  appId: z.string(),
  timeStamp: z.string().describe('秒级时间戳'),
  nonceStr: z.string(),
  package: z.string().describe('prepay_id=…'),
  signType: z.literal('RSA'),
  paySign: z
    .string()
    .describe('商户 API 私钥对 appId\\ntimeStamp\\nnonceStr\\npackage\\n 的 SHA256withRSA 签名（Base64）'),
});
export type WechatBridgeParams = z.infer<typeof wechatBridgeParamsSchema>;

export const wechatJsapiPaySchema = z.object({
  PaymentNo: z.string(),
  AmountFen: z.number().int(),
  Step: z
    .enum(['authorize', 'pay'])
    .describe('authorize：先打开 AuthorizeUrl 完成网页授权（只需一次）；pay：用 Bridge 调起微信支付'),
  AuthorizeUrl: z.string().describe('微信网页授权（snsapi_base）地址；Step 为 pay 时为空'),
  Bridge: wechatBridgeParamsSchema
    .nullable()
    .describe('getBrandWCPayRequest 的参数；Step 为 authorize 时为空'),
  ExpiresAt: z.string().nullable().describe('此次下单的支付期限；Step 为 authorize 时为空'),
});
export type WechatJsapiPay = z.infer<typeof wechatJsapiPaySchema>;

/** POST /api/payment/WechatOauthCallback — the code 微信's 网页授权 sent back, exchanged for the payer's openid. */
export const wechatOauthCallbackBodySchema = z.object({
  Code: z
    .string({ error: '缺少微信授权码 code' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,128}$/, { error: '微信授权码 code 格式不正确' })
    .describe('微信网页授权回到本站时附带的 code'),
  State: z
    .string({ error: '缺少微信授权 state' })
    .trim()
    .regex(/^[a-f0-9]{64}$/, { error: '微信授权 state 格式不正确' })
    .describe('WechatJsapiPay 发出的 state'),
});
export type WechatOauthCallbackBody = z.infer<typeof wechatOauthCallbackBodySchema>;

export const wechatOauthCallbackSchema = z.object({
  PaymentNo: z.string().describe('授权所为的支付单号'),
  IsAuthorized: z.literal(true),
});
export type WechatOauthCallback = z.infer<typeof wechatOauthCallbackSchema>;

// ---------------------------------------------------------------------------------------------
// The merchant's own gateway accounts (staff): 微信支付 API v3 and 支付宝 (docs/payments.md)
// ---------------------------------------------------------------------------------------------

/** The real gateways a merchant can be paid through, each into the merchant's own account. */
export const GATEWAY_PROVIDERS = ['wechat', 'alipay'] as const;
export type GatewayProvider = (typeof GATEWAY_PROVIDERS)[number];

const settingsMetaFields = {
  Configured: z.boolean().describe('已保存过配置'),
  Enabled: z.boolean().describe('已启用：顾客可用它付款'),
  UpdatedAt: z.string().nullable(),
  UpdatedBy: z.string().describe('最后保存的员工'),
};

/** 微信支付 settings as staff read them: identifiers, and only whether each secret is set. */
export const wechatPaySettingsSchema = z.object({
  ...settingsMetaFields,
  MchId: z.string().describe('商户号'),
  AppId: z.string().describe('AppID（公众号或移动应用）'),
  MerchantSerialNo: z.string().describe('商户 API 证书序列号'),
  PlatformSerial: z.string().describe('微信支付公钥 ID（PUB_KEY_ID_…）或平台证书序列号'),
  DownloadPlatformCertificates: z
    .boolean()
    .describe('平台证书由服务器从微信支付下载（GET /v3/certificates），不需粘贴微信支付公钥'),
  PlatformCertificates: z
    .array(
      z.object({
        SerialNo: z.string(),
        EffectiveAt: z.string().describe('生效时间'),
        ExpiresAt: z.string(),
        ExpiresSoon: z.boolean().describe('30 天内到期'),
      }),
    )
    .describe('平台证书（下载的，或粘贴的平台证书）：序列号、有效期；30 天内到期的提示更新'),
  HasPrivateKey: z.boolean().describe('已保存商户 API 私钥'),
  HasApiV3Key: z.boolean().describe('已保存 APIv3 密钥'),
  HasPlatformPublicKey: z.boolean().describe('已保存微信支付公钥（或平台证书）'),
  OfficialAppId: z
    .string()
    .describe('公众号 AppID（微信内 JSAPI 支付与网页授权；须与商户号绑定，即与 AppID 相同）'),
  HasOfficialAppSecret: z.boolean().describe('已保存公众号 AppSecret'),
  JsapiReady: z
    .boolean()
    .describe('微信内支付（JSAPI）可用：公众号 AppID 与 AppSecret 已保存且 AppID 与商户号绑定'),
  NotifyUrl: z.string().describe('支付与退款通知地址（下单时自动带上，仅供核对）'),
});

/** A gateway certificate expiring within this many days is flagged (ExpiresSoon) on the console. */
export const CERTIFICATE_EXPIRY_WARNING_DAYS = 30;

/** A saved X.509 certificate as the console shows it (never the certificate itself). */
export const certificateFactsSchema = z.object({
  Name: z.string().describe('应用公钥证书 / 支付宝公钥证书 / 支付宝根证书'),
  SerialNo: z.string().describe('证书序列号（十六进制）'),
  ValidFrom: z.string(),
  ValidTo: z.string(),
  ExpiresSoon: z.boolean().describe('30 天内到期（或已过期）：请及时在开放平台更换'),
});
export type CertificateFacts = z.infer<typeof certificateFactsSchema>;

/** 支付宝 settings as staff read them. */
export const alipaySettingsSchema = z.object({
  ...settingsMetaFields,
  AppId: z.string().describe('支付宝应用 APPID'),
  SellerId: z.string().describe('收款支付宝账号 PID（2088…，可空）'),
  KeyMode: z.enum(['public_key', 'cert']).describe('接口加签方式：public_key 公钥，cert 公钥证书'),
  HasPrivateKey: z.boolean().describe('已保存应用私钥'),
  HasAlipayPublicKey: z.boolean().describe('已保存支付宝公钥'),
  HasAppCert: z.boolean().describe('已保存应用公钥证书'),
  HasAlipayPublicCert: z.boolean().describe('已保存支付宝公钥证书'),
  HasAlipayRootCert: z.boolean().describe('已保存支付宝根证书'),
  AppCertSn: z.string().describe('应用公钥证书序列号 app_cert_sn（公钥证书模式）'),
  AlipayRootCertSn: z.string().describe('支付宝根证书序列号 alipay_root_cert_sn（公钥证书模式）'),
  Certificates: z
    .array(certificateFactsSchema)
    .describe('公钥证书模式：应用公钥证书、支付宝公钥证书和签发它们的支付宝根证书，各自的序列号与有效期'),
  NotifyUrl: z.string().describe('异步通知地址（下单时自动带上，仅供核对）'),
});

/** POST /api/staff/PaymentGatewaySettings. */
export const paymentGatewaySettingsSchema = z.object({
  CanSave: z
    .boolean()
    .describe('服务器已设置 PAYMENT_CONFIG_KEY（支付配置加密保存所用的密钥）；未设置时不能保存'),
  Wechat: wechatPaySettingsSchema,
  Alipay: alipaySettingsSchema,
});
export type PaymentGatewaySettings = z.infer<typeof paymentGatewaySettingsSchema>;

const pemSchema = (label: string) =>
  z
    .string()
    .trim()
    .max(8000, { error: `${label}过长` })
    .optional()
    .describe(`${label}（PEM 文本；留空则保留已保存的）`);

const certSchema = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label}过长` })
    .optional()
    .describe(`${label}（.crt 文件的 PEM 文本；公钥证书模式；留空则保留已保存的）`);

const wechatSaveSchema = z.object({
  Provider: z.literal('wechat'),
  Enabled: z.boolean({ error: '请指定是否启用' }),
  MchId: z
    .string({ error: '请填写商户号' })
    .trim()
    .regex(/^\d{6,32}$/, { error: '商户号应为数字' }),
  AppId: z
    .string({ error: '请填写 AppID' })
    .trim()
    .regex(/^[A-Za-z0-9]{6,32}$/, { error: 'AppID 格式不正确' }),
  MerchantSerialNo: z
    .string({ error: '请填写商户 API 证书序列号' })
    .trim()
    .regex(/^[A-Fa-f0-9]{8,64}$/, { error: '商户 API 证书序列号应为十六进制数字' }),
  PlatformSerial: z
    .string({ error: '微信支付公钥 ID 或平台证书序列号应为文字' })
    .trim()
    .regex(/^([A-Za-z0-9_]{8,64})?$/, { error: '微信支付公钥 ID 或平台证书序列号格式不正确' })
    .default('')
    .describe('微信支付公钥 ID 或平台证书序列号（下载平台证书时不填）'),
  DownloadPlatformCertificates: z
    .boolean({ error: '请指定是否下载平台证书' })
    .default(false)
    .describe(
      '仍使用平台证书的账户：保存时由服务器用 APIv3 密钥下载并解密平台证书（GET /v3/certificates），出现新序列号时自动更新；不需填微信支付公钥',
    ),
  PrivateKey: pemSchema('商户 API 私钥'),
  ApiV3Key: z
    .string()
    .trim()
    .regex(/^([\x21-\x7e]{32})?$/, { error: 'APIv3 密钥应为 32 个字符' })
    .optional()
    .describe('APIv3 密钥（32 个字符；留空则保留已保存的）'),
  PlatformPublicKey: pemSchema('微信支付公钥或平台证书'),
  OfficialAppId: z
    .string({ error: '公众号 AppID 应为文字' })
    .trim()
    .regex(/^(wx[A-Za-z0-9]{14,30})?$/, { error: '公众号 AppID 格式不正确（wx 开头）' })
    .default('')
    .describe(
      '公众号 AppID：微信内 JSAPI 支付以它下单并做网页授权，须与上方 AppID 相同（与商户号绑定）；留空则不开通微信内支付',
    ),
  OfficialAppSecret: z
    .string()
    .trim()
    .regex(/^([A-Za-z0-9]{32})?$/, { error: '公众号 AppSecret 应为 32 位字母或数字' })
    .optional()
    .describe('公众号 AppSecret（32 位；网页授权换取 openid 用；留空则保留已保存的）'),
});

const alipaySaveSchema = z.object({
  Provider: z.literal('alipay'),
  Enabled: z.boolean({ error: '请指定是否启用' }),
  AppId: z
    .string({ error: '请填写支付宝 APPID' })
    .trim()
    .regex(/^\d{8,32}$/, { error: '支付宝 APPID 应为数字' }),
  SellerId: z
    .string()
    .trim()
    .regex(/^(2088\d{12})?$/, { error: '收款账号 PID 应为 2088 开头的 16 位数字' })
    .default(''),
  KeyMode: z
    .enum(['public_key', 'cert'], { error: '接口加签方式应为 public_key（公钥）或 cert（公钥证书）' })
    .default('public_key')
    .describe('接口加签方式：public_key 公钥（默认），cert 公钥证书'),
  PrivateKey: pemSchema('应用私钥'),
  AlipayPublicKey: pemSchema('支付宝公钥'),
  AppCert: certSchema('应用公钥证书', 8000),
  AlipayPublicCert: certSchema('支付宝公钥证书', 16000),
  AlipayRootCert: certSchema('支付宝根证书', 32000),
});

/** POST /api/staff/SavePaymentGatewaySettings — one provider's account (secrets kept when left out). */
export const savePaymentGatewaySettingsBodySchema = z.discriminatedUnion(
  'Provider',
  [wechatSaveSchema, alipaySaveSchema],
  { error: '支付渠道应为 wechat（微信支付）或 alipay（支付宝）' },
);
export type SavePaymentGatewaySettingsBody = z.infer<typeof savePaymentGatewaySettingsBodySchema>;

/** POST /api/staff/RefundToOriginal — money of a gateway payment back to the payer's account. */
export const refundToOriginalBodySchema = z.object({
  PaymentNo: paymentNoSchema,
  AmountFen: z
    .number({ error: '请填写退款金额' })
    .int({ error: '退款金额必须是整数（分）' })
    .min(1, { error: '退款金额至少 1 分' })
    .max(RECHARGE_MAX_FEN * 100, { error: '退款金额过大' })
    .describe('退款金额（分）：从客户余额退回其微信或支付宝账户'),
  Reason: z
    .string({ error: '请填写退款原因' })
    .trim()
    .min(1, { error: '请填写退款原因' })
    .max(80, { error: '退款原因不能超过 80 个字' })
    .superRefine(refineSafeMultilineText)
    .describe('退款原因（付款人可见）'),
});
export type RefundToOriginalBody = z.infer<typeof refundToOriginalBodySchema>;

export const GatewayRefundStatus = {
  Processing: 'processing',
  Success: 'success',
  Failed: 'failed',
} as const;
export type GatewayRefundStatus = (typeof GatewayRefundStatus)[keyof typeof GatewayRefundStatus];
export const GATEWAY_REFUND_STATUS_NAMES: Record<GatewayRefundStatus, string> = {
  processing: '退款处理中',
  success: '退款成功',
  failed: '退款失败，已退回余额',
};

export const gatewayRefundSchema = z.object({
  RefundNo: z.string().describe('退款单号（发给网关的 out_refund_no / out_request_no）'),
  PaymentNo: z.string(),
  PayMethod: z.enum(['wechat', 'alipay']),
  AmountFen: z.number().int(),
  Status: z.enum(['processing', 'success', 'failed']),
  StatusName: z.string(),
  BalanceFen: z.number().int().describe('客户现在的余额（分）'),
  CreatedAt: z.string(),
});
export type GatewayRefund = z.infer<typeof gatewayRefundSchema>;

// ---------------------------------------------------------------------------------------------
// 测试支付: a 0.01 元 trade at the merchant's own gateway, opened from the console (docs/payments.md)
// ---------------------------------------------------------------------------------------------

/** What a test payment costs: one fen (0.01 元), paid into the merchant's own account. */
export const TEST_PAYMENT_AMOUNT_FEN = 1;

/** POST /api/staff/StartTestPayment — a 0.01 元 QR code of the merchant's saved account. */
export const startTestPaymentBodySchema = z.object({
  Provider: z
    .enum(GATEWAY_PROVIDERS, { error: '支付渠道应为 wechat（微信支付）或 alipay（支付宝）' })
    .describe('wechat（微信支付）或 alipay（支付宝）'),
});
export type StartTestPaymentBody = z.infer<typeof startTestPaymentBodySchema>;

/** POST /api/staff/TestPaymentStatus — the console polls it until the test payment is paid. */
export const testPaymentStatusBodySchema = z.object({
  TestNo: z
    .string({ error: '请提供测试支付单号' })
    .trim()
    .regex(/^T\d{22}$/, { error: '测试支付单号格式不正确' })
    .describe('测试支付单号（StartTestPayment 返回的 TestNo）'),
});
export type TestPaymentStatusBody = z.infer<typeof testPaymentStatusBodySchema>;

export const TestPaymentStatus = {
  Open: 'open',
  Paid: 'paid',
  Closed: 'closed',
} as const;
export type TestPaymentStatus = (typeof TestPaymentStatus)[keyof typeof TestPaymentStatus];
export const TEST_PAYMENT_STATUS_NAMES: Record<TestPaymentStatus, string> = {
  open: '等待付款',
  paid: '支付成功',
  closed: '已关闭',
};

/**
 * The automatic refund of a paid test payment: none asked yet, asked (微信支付 ends it by its
 * refund notification), refunded to the payer, or refused by the gateway (with its reason).
 */
export const TestPaymentRefundStatus = {
  None: 'none',
  Processing: 'processing',
  Success: 'success',
  Failed: 'failed',
} as const;
export type TestPaymentRefundStatus = (typeof TestPaymentRefundStatus)[keyof typeof TestPaymentRefundStatus];
export const TEST_PAYMENT_REFUND_STATUS_NAMES: Record<TestPaymentRefundStatus, string> = {
  none: '',
  processing: '退款中',
  success: '已自动退款',
  failed: '退款失败',
};

/** POST /api/staff/RetryTestPaymentRefund — asks the gateway again for a refused test refund. */
export const retryTestPaymentRefundBodySchema = testPaymentStatusBodySchema;
export type RetryTestPaymentRefundBody = z.infer<typeof retryTestPaymentRefundBodySchema>;

/** A test payment as the console shows it: never tied to a customer, an order or a balance. */
export const testPaymentSchema = z.object({
  TestNo: z.string().describe('测试支付单号（也是发给网关的 out_trade_no）'),
  Provider: z.enum(GATEWAY_PROVIDERS),
  ProviderName: z.string().describe('微信支付 / 支付宝'),
  AmountFen: z.number().int().describe('金额（分），总是 1'),
  Status: z.enum(['open', 'paid', 'closed']),
  StatusName: z.string(),
  IsPaid: z.boolean(),
  QrCode: z.string().describe('二维码图片（PNG data URL）；已关闭时为空'),
  CodeUrl: z.string().describe('二维码的内容（微信 code_url / 支付宝 qr_code）'),
  GatewayTradeNo: z.string().describe('网关的交易号（付款后才有）'),
  ExpiresAt: z.string(),
  PaidAt: z.string().nullable(),
  RefundStatus: z
    .enum(['none', 'processing', 'success', 'failed'])
    .describe('自动退款：none 未发起，processing 退款中，success 已自动退款，failed 退款失败'),
  RefundStatusName: z.string().describe('退款中 / 已自动退款 / 退款失败；未发起时为空'),
  RefundNo: z.string().describe('退款单号（发给网关的 out_refund_no / out_request_no）'),
  RefundFailure: z.string().describe('网关拒绝退款的原因（退款失败时）'),
  RefundedAt: z.string().nullable(),
  CanRetryRefund: z.boolean().describe('退款失败，可以重试退款'),
  CreatedBy: z.string().describe('发起测试的员工'),
  CreatedAt: z.string(),
});
export type TestPayment = z.infer<typeof testPaymentSchema>;
