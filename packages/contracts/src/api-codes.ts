/**
 * The reply-code catalogue (spec §8). Every reply carries one of these as `apiCode`.
 * Each entry has the Chinese message shown to customers, the HTTP status the server sends,
 * and its meaning for integrators (docs/api-codes.md is generated from this table).
 */
export const ApiCode = {
  Ok: 0,
  Failed: -1,
  /** App token (header `authtoken`) missing, unknown, expired or issued for another merchant. */
  AppTokenInvalid: -101,
  /** The call needs a signed-in customer and no access token was sent. */
  LoginRequired: -200,
  /** The access token has passed its expiry time. */
  LoginExpired: -201,
  /** The access token is unknown, was revoked (logout, password change) or belongs to another merchant. */
  LoginRevoked: -202,
  /** The thing being created exists already (spec §8: may be suppressed by ignore-exists). */
  AlreadyExists: -1001,
  ValidationFailed: -1002,
  Forbidden: -1003,
  NotFound: -1004,
  MalformedBody: -1005,
  BodyTooLarge: -1006,
  UnsupportedMediaType: -1007,
  MerchantUnknown: -1010,
  MerchantMismatch: -1011,
  AppCredentialsInvalid: -1012,
  CaptchaRequired: -1020,
  CaptchaInvalid: -1021,
  CaptchaUsed: -1022,
  SmsTooFrequent: -1030,
  SmsDailyLimit: -1031,
  SmsIpLimit: -1032,
  SmsCodeInvalid: -1033,
  SmsCodeExpired: -1034,
  SmsCodeExhausted: -1035,
  /** The SMS gateway refused the message or did not answer in time; the send was not counted. */
  SmsSendFailed: -1036,
  /** The server cannot encrypt or decrypt the merchant's SMS secrets (SMS_CONFIG_KEY). */
  SmsSecretsUnavailable: -1037,
  AccountNotFound: -1040,
  WrongPassword: -1041,
  AccountLocked: -1042,
  AccountDisabled: -1043,
  /** Uploads and the file library (docs/uploads.md). */
  UploadFileNameInvalid: -1080,
  UploadTypeNotAllowed: -1081,
  UploadTooLarge: -1082,
  UploadChunkInvalid: -1083,
  UploadChecksumMismatch: -1084,
  UploadBusy: -1085,
  FileNotFound: -1086,
  FileLinkInvalid: -1087,
  /** Products and quotation (docs/catalog.md). */
  ProductNotFound: -1100,
  /** The engine refused the combination; the message is its Chinese reason. */
  QuoteRefused: -1101,
  CatalogUnavailable: -1102,
  /** A catalogue published or imported from the console did not validate; the message names the fields. */
  CatalogInvalid: -1103,
  /** Delivery addresses, express companies and coupons (docs/addresses-express-coupons.md). */
  AddressNotFound: -1120,
  AddressLimitReached: -1121,
  ExpressNotFound: -1130,
  /** The company does not deliver to the destination; the message names it. */
  ExpressUnreachable: -1131,
  CouponNotFound: -1140,
  /** Outside the coupon's receiving window; the message says whether it has not begun or has ended. */
  CouponNotReceivable: -1141,
  CouponSoldOut: -1142,
  CouponLimitReached: -1143,
  /** The coupon does not fit the order; the message is the Chinese reason. */
  CouponNotApplicable: -1144,
  CouponUnavailable: -1145,
  /** Cart and orders (docs/orders.md). */
  CartLineNotFound: -1600,
  OrderNotFound: -1601,
  /** The order is not in the status the operation needs (it moved on, or it never was). */
  OrderStatusConflict: -1602,
  PriceChanged: -1603,
  OrderFilesRequired: -1604,
  /** Payments, balance and bills (docs/payments.md). */
  PaymentNotFound: -1630,
  PaymentAlreadyPaid: -1631,
  PaymentClosed: -1632,
  InsufficientBalance: -1633,
  OrderNotPayable: -1634,
  PaymentNotifyInvalid: -1635,
  PaymentMethodUnavailable: -1636,
  PaymentGatewayFailed: -1637,
  /** 微信内支付 (JSAPI): the 网页授权 state is not this session's and payment's, or 微信 refused the code. */
  WechatAuthFailed: -1638,
  /** The merchant's staff (docs/orders.md, merchant operations). */
  StaffLoginRequired: -1660,
  StaffLoginExpired: -1661,
  StaffForbidden: -1662,
  /** Another staff member saved the same thing since it was read (a revision check failed). */
  EditConflict: -1663,
  /** Site content (docs/website.md): a help article or home-page group that is not there. */
  ContentNotFound: -1690,
  RateLimited: -1429,
  Unavailable: -1503,
  Internal: -1500,
} as const;

export type ApiCode = (typeof ApiCode)[keyof typeof ApiCode];
export type ApiCodeName = keyof typeof ApiCode;

/** The one message the client shows for every login-expired code (spec §8). */
export const LOGIN_EXPIRED_MESSAGE = '登录已失效，请重新登录';

/** The login-expired codes of spec §8: the client retries once after 1 s, then clears the session. */
export const LOGIN_EXPIRED_CODES: readonly number[] = [
  ApiCode.AppTokenInvalid,
  ApiCode.LoginRequired,
  ApiCode.LoginExpired,
  ApiCode.LoginRevoked,
];

export interface ApiCodeEntry {
  /** Chinese message shown to the customer when the server has nothing more specific. */
  message: string;
  /** HTTP status of the reply. Business outcomes are 200; protocol faults keep their status. */
  httpStatus: number;
  /** What the code means, for integrators. */
  meaning: string;
}

/** Message, HTTP status and meaning of every code. */
export const API_CODES: Record<ApiCodeName, ApiCodeEntry> = {
  Ok: { message: '成功', httpStatus: 200, meaning: '调用成功' },
  Failed: { message: '操作失败', httpStatus: 200, meaning: '业务上未能完成，message 说明原因' },
  AppTokenInvalid: {
    message: LOGIN_EXPIRED_MESSAGE,
    httpStatus: 200,
    meaning: '应用令牌（authtoken）缺失、无效、已过期或属于其他商户；客户端应重新申请应用令牌',
  },
  LoginRequired: {
    message: LOGIN_EXPIRED_MESSAGE,
    httpStatus: 200,
    meaning: '此接口需要登录，请求未携带访问令牌（accesstoken）',
  },
  LoginExpired: {
    message: LOGIN_EXPIRED_MESSAGE,
    httpStatus: 200,
    meaning: '访问令牌已超过有效期',
  },
  LoginRevoked: {
    message: LOGIN_EXPIRED_MESSAGE,
    httpStatus: 200,
    meaning: '访问令牌未知、已注销（退出登录、修改密码、账号被商户停用）或属于其他商户',
  },
  AlreadyExists: { message: '数据已存在', httpStatus: 200, meaning: '要创建的记录已存在（如账号已注册）' },
  ValidationFailed: { message: '参数校验失败', httpStatus: 200, meaning: '请求参数不合法，message 指明字段' },
  Forbidden: { message: '无权访问', httpStatus: 200, meaning: '已登录但无权操作此资源' },
  NotFound: { message: '接口不存在', httpStatus: 404, meaning: '请求的接口路径不存在' },
  MalformedBody: { message: '请求体不是合法的 JSON', httpStatus: 400, meaning: '请求体无法解析' },
  BodyTooLarge: { message: '请求体过大', httpStatus: 413, meaning: '请求体超过服务器允许的大小' },
  UnsupportedMediaType: {
    message: '不支持的请求类型',
    httpStatus: 415,
    meaning: 'Content-Type 不是 application/json 或 multipart/form-data',
  },
  MerchantUnknown: {
    message: '商户不存在或已停用',
    httpStatus: 200,
    meaning: '域名或商户代码无法对应到商户',
  },
  MerchantMismatch: {
    message: '商户代码与访问域名不一致',
    httpStatus: 200,
    meaning: '请求头 domainname 与访问域名所属商户不同',
  },
  AppCredentialsInvalid: { message: '应用凭据无效', httpStatus: 200, meaning: 'appid 或 secret 不正确' },
  CaptchaRequired: { message: '请先完成滑动验证', httpStatus: 200, meaning: '缺少人机验证结果' },
  CaptchaInvalid: {
    message: '滑动验证未通过，请重试',
    httpStatus: 200,
    meaning: '人机验证结果不正确或已过期',
  },
  CaptchaUsed: {
    message: '滑动验证已失效，请重新验证',
    httpStatus: 200,
    meaning: '人机验证结果只能使用一次',
  },
  SmsTooFrequent: {
    message: '发送过于频繁，请稍后再试',
    httpStatus: 200,
    meaning: '同一号码 60 秒内只能发送一次',
  },
  SmsDailyLimit: {
    message: '该号码今日短信发送次数已达上限',
    httpStatus: 200,
    meaning: '同一号码每天最多发送 10 条',
  },
  SmsIpLimit: {
    message: '当前网络发送短信过多，请稍后再试',
    httpStatus: 200,
    meaning: '同一 IP 每小时发送数量已达上限',
  },
  SmsCodeInvalid: { message: '短信验证码错误', httpStatus: 200, meaning: '验证码不正确' },
  SmsCodeExpired: {
    message: '短信验证码已过期，请重新获取',
    httpStatus: 200,
    meaning: '验证码超过 5 分钟或未发送',
  },
  SmsCodeExhausted: {
    message: '短信验证码错误次数过多，请重新获取',
    httpStatus: 200,
    meaning: '验证码已错 5 次，作废',
  },
  SmsSendFailed: {
    message: '短信发送失败，请稍后重试',
    httpStatus: 200,
    meaning:
      '短信服务商拒绝发送（错误码）或未在限定时间内应答；本次不计入发送间隔与每日条数，可以立即重试（docs/sms.md）',
  },
  SmsSecretsUnavailable: {
    message: '短信设置暂不可用：服务器未设置短信密钥的加密密钥',
    httpStatus: 200,
    meaning: '服务器未配置 SMS_CONFIG_KEY（或与保存密钥时不同），不能加密或解密商户的短信服务密钥',
  },
  AccountNotFound: { message: '账号不存在', httpStatus: 200, meaning: '该商户下没有此账号' },
  WrongPassword: { message: '账号或密码错误', httpStatus: 200, meaning: '密码不正确' },
  AccountLocked: {
    message: '密码错误次数过多，账号已锁定15分钟',
    httpStatus: 200,
    meaning: '连续 5 次密码错误，账号锁定 15 分钟',
  },
  AccountDisabled: { message: '账号已停用，请联系商家', httpStatus: 200, meaning: '商户停用了此客户账号' },
  UploadFileNameInvalid: {
    message: '文件名不合法',
    httpStatus: 200,
    meaning:
      '文件名为空、过长、含路径（/ 或 \\）、控制字符、文字方向控制符或零宽字符，或是 Windows 设备保留名（CON、NUL…）',
  },
  UploadTypeNotAllowed: {
    message: '不支持此文件类型',
    httpStatus: 200,
    meaning: '扩展名不在该上传类型允许的范围内（docs/uploads.md）',
  },
  UploadTooLarge: { message: '文件超过大小限制', httpStatus: 200, meaning: '文件大小超过该上传类型的上限' },
  UploadChunkInvalid: {
    message: '分片信息不正确',
    httpStatus: 200,
    meaning: '分片大小、分片总数、分片序号或分片数据与文件大小不符',
  },
  UploadChecksumMismatch: {
    message: '文件校验失败，请重新上传',
    httpStatus: 200,
    meaning: '合并后的文件 MD5 或大小与 identifier、totalSize 不符；已丢弃全部分片',
  },
  UploadBusy: {
    message: '文件正在合并，请稍后重试',
    httpStatus: 200,
    meaning: '同一文件的另一请求正在合并，等待超时；稍后再查询即可',
  },
  FileNotFound: {
    message: '文件不存在或已删除',
    httpStatus: 200,
    meaning: '文件不存在、已删除，或不属于当前客户',
  },
  FileLinkInvalid: {
    message: '文件链接已失效，请刷新后重试',
    httpStatus: 403,
    meaning: '签名链接已过期、签名不正确，或在其他商户的域名下使用',
  },
  ProductNotFound: {
    message: '商品不存在或已下架',
    httpStatus: 200,
    meaning: '商品编号或分类编号在当前商户的商品目录中不存在（或商户尚未导入目录）',
  },
  QuoteRefused: {
    message: '该规格组合无法报价',
    httpStatus: 200,
    meaning: '规格组合不可能或不完整（尺寸、款式、工艺互斥、数量规则等）；message 为计价引擎的中文原因',
  },
  CatalogUnavailable: {
    message: '商品目录暂不可用，请联系商家',
    httpStatus: 200,
    meaning: '已保存的商品目录无法通过当前版本的校验（需重新导入）；详情只记录在服务器日志',
  },
  CatalogInvalid: {
    message: '商品目录有错误，未发布',
    httpStatus: 200,
    meaning: '商家后台发布或导入的商品目录未通过校验；message 逐条列出出错字段的路径与原因，没有写入任何内容',
  },
  CartLineNotFound: {
    message: '购物车中没有该商品，或已结算',
    httpStatus: 200,
    meaning: '购物车行不存在、已删除、已结算，或不属于当前客户',
  },
  OrderNotFound: { message: '订单不存在', httpStatus: 200, meaning: '订单不存在或不属于当前客户（商户）' },
  OrderStatusConflict: {
    message: '订单状态已变化，请刷新后重试',
    httpStatus: 200,
    meaning: '订单不处于此操作要求的状态（已被其他操作改变，或不能跳过中间状态）；message 说明当前状态',
  },
  PriceChanged: {
    message: '价格已变化，请确认新价格后重新提交',
    httpStatus: 200,
    meaning: '提交时附带的预期金额与服务器按当前商品目录重新计算的金额不同',
  },
  OrderFilesRequired: {
    message: '订单还有商品未上传印刷文件',
    httpStatus: 200,
    meaning: '审稿通过要求每个订单行至少有一个印刷文件',
  },
  PaymentNotFound: { message: '支付单不存在', httpStatus: 200, meaning: '支付单号不存在或不属于当前客户' },
  PaymentAlreadyPaid: {
    message: '该支付单已支付',
    httpStatus: 200,
    meaning: '支付单已经支付成功，不能再次支付',
  },
  PaymentClosed: {
    message: '支付单已关闭，请重新发起支付',
    httpStatus: 200,
    meaning: '支付单已过期、已取消，或其订单已取消',
  },
  InsufficientBalance: {
    message: '余额不足，请充值或选择其他支付方式',
    httpStatus: 200,
    meaning: '账户余额小于支付金额；没有扣款',
  },
  OrderNotPayable: {
    message: '订单不是待付款状态，无法支付',
    httpStatus: 200,
    meaning: '所选订单中有已支付、已取消或不属于当前客户的订单；没有扣款',
  },
  PaymentNotifyInvalid: {
    message: '支付通知验证失败',
    httpStatus: 200,
    meaning: '支付网关通知的签名、金额或支付单号不正确；未做任何处理',
  },
  PaymentMethodUnavailable: {
    message: '暂不支持该支付方式',
    httpStatus: 200,
    meaning:
      '所选支付方式未配置或不适用于此支付单（如充值不能用余额；商户未开通在线支付时不能扫码支付或充值）',
  },
  PaymentGatewayFailed: {
    message: '支付网关暂时无法处理，请稍后再试或选择其他支付方式',
    httpStatus: 200,
    meaning:
      '微信支付或支付宝拒绝或未能处理这次请求（下单、退款），或商户的支付配置不完整；message 说明原因，支付单与余额均未改变',
  },
  WechatAuthFailed: {
    message: '微信授权失败，请重新点击「微信支付」',
    httpStatus: 200,
    meaning:
      '微信内支付（JSAPI）的网页授权未通过：state 不是本次登录与支付单发出的、已用过或已过期，或微信拒绝了授权码（已使用、无效）；没有保存 openid，也没有下单',
  },
  StaffLoginRequired: {
    message: '请先登录商家后台',
    httpStatus: 200,
    meaning: '商家后台接口需要请求头 stafftoken（POST /api/staff/Login 获得）',
  },
  StaffLoginExpired: {
    message: '商家后台登录已失效，请重新登录',
    httpStatus: 200,
    meaning: '员工令牌无效、已过期、已退出，属于其他商户，或账号已停用',
  },
  StaffForbidden: {
    message: '当前员工账号没有此操作的权限',
    httpStatus: 200,
    meaning: '员工角色不包含此操作所需的角色（审稿、生产、发货、财务、客服、管理员）',
  },
  EditConflict: {
    message: '内容已被其他员工修改，请刷新后再保存',
    httpStatus: 200,
    meaning: '保存时带回的版本号不是最新的：读取之后已有人保存过；本次没有保存任何内容',
  },
  ContentNotFound: {
    message: '内容不存在或已下线',
    httpStatus: 200,
    meaning: '帮助文章或首页分组不存在、已下线或不属于当前商户；message 说明是哪一种',
  },
  AddressNotFound: {
    message: '收货地址不存在或已删除',
    httpStatus: 200,
    meaning: '收货地址编号不存在、已删除，或不属于当前客户',
  },
  AddressLimitReached: {
    message: '收货地址最多保存50个，请删除不用的地址后再添加',
    httpStatus: 200,
    meaning: '每位客户最多保存 50 个收货地址',
  },
  ExpressNotFound: {
    message: '快递方式不存在或已停用',
    httpStatus: 200,
    meaning: '快递公司编号不属于当前商户或已停用；商户没有任何可用快递时也返回此码',
  },
  ExpressUnreachable: {
    message: '该快递暂不配送到此地区',
    httpStatus: 200,
    meaning: '所选快递不配送到收货地区（运费模板未覆盖或已排除）；message 指明地区',
  },
  CouponNotFound: {
    message: '优惠券不存在或已下架',
    httpStatus: 200,
    meaning: '优惠券编号不属于当前商户、已停用或不公开领取；客户的券编号不属于当前客户',
  },
  CouponNotReceivable: {
    message: '优惠券当前不可领取',
    httpStatus: 200,
    meaning: '不在领取时间内；message 说明尚未开始（含开始时间）或已结束',
  },
  CouponSoldOut: { message: '优惠券已领完', httpStatus: 200, meaning: '优惠券库存为 0' },
  CouponLimitReached: {
    message: '您已领取过该优惠券',
    httpStatus: 200,
    meaning: '已达到该优惠券每人限领张数；message 含限领张数',
  },
  CouponNotApplicable: {
    message: '优惠券不满足使用条件',
    httpStatus: 200,
    meaning: '下单时所选优惠券不适用于本单（门槛、适用商品、有效期）；message 为中文原因',
  },
  CouponUnavailable: {
    message: '优惠券已使用或已过期',
    httpStatus: 200,
    meaning: '下单时所选优惠券已被其他订单使用（并发下单只有一单成功）或已过期',
  },
  RateLimited: { message: '请求过于频繁，请稍后再试', httpStatus: 429, meaning: '超出调用频率限制' },
  Unavailable: {
    message: '服务暂不可用，请稍后再试',
    httpStatus: 503,
    meaning: '服务正在停止或数据库不可用',
  },
  Internal: {
    message: '服务器内部错误，请稍后再试',
    httpStatus: 500,
    meaning: '未预期的错误，详情只记录在服务器日志',
  },
};

const NAME_BY_CODE = new Map<number, ApiCodeName>(
  (Object.keys(ApiCode) as ApiCodeName[]).map((name) => [ApiCode[name], name]),
);

/** The catalogue entry for a numeric code, or undefined for a code not in the catalogue. */
export function findApiCodeEntry(code: number): (ApiCodeEntry & { name: ApiCodeName }) | undefined {
  const name = NAME_BY_CODE.get(code);
  return name ? { name, ...API_CODES[name] } : undefined;
}
