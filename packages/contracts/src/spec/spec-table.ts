/**
 * The spec-conformance table: every call of spec §7 and every route of spec §2, written as the
 * spec writes them, each with its state in this product. Two suites are generated from it — the
 * API suite (apps/server/src/spec-conformance.test.ts) and the browser suite
 * (apps/web/e2e/spec-conformance.e2e.ts) — and so is docs/spec-coverage.md
 * (`npm run docs:spec-coverage`; a unit test fails when the page is stale).
 *
 * A row's state is checked, not believed: an implemented call must be served and answer its
 * sample, a call not implemented yet must answer 接口不存在, an implemented route must render a
 * real page. Building a call listed as not implemented makes its row fail until the row says
 * `state: IMPLEMENTED` and carries a sample. Calls the product makes beyond spec §7 are listed in
 * ADDITIONAL_CALLS, so a new call in the registry that is in neither list fails too.
 */
import type { ApiCodeName } from '../api-codes.ts';
import type { CallAuth } from '../call-contract.ts';

/** A row this product serves as the spec describes it. */
export interface Implemented {
  readonly kind: 'implemented';
}

/** A row of spec §7 or §2 the product does not serve yet, and where it is to come. */
export interface NotImplemented {
  readonly kind: 'not-implemented';
  /** The piece of work that builds it. */
  readonly plannedIn: string;
  /** Why it is not there yet, and what stands in for it meanwhile. */
  readonly reason: string;
}

/**
 * A route that renders its page but still shows a notice that part of it is to come (the text
 * `placeholder`); the browser suite checks the notice is there, so the row is updated when the
 * part is built.
 */
export interface PartlyImplemented {
  readonly kind: 'partial';
  readonly plannedIn: string;
  readonly reason: string;
  /** The notice the page shows meanwhile (one of PLACEHOLDER_TEXTS). */
  readonly placeholder: PlaceholderText;
}

export const IMPLEMENTED: Implemented = { kind: 'implemented' };

/** A row not built yet: `plannedIn` names the work that builds it, `reason` what stands in for it. */
export function notImplemented(plannedIn: string, reason: string): NotImplemented {
  return { kind: 'not-implemented', plannedIn, reason };
}

/** Texts of a page that is not finished; a route row that is implemented shows none of them. */
export const PLACEHOLDER_TEXTS = ['功能建设中', '即将上线', '敬请期待'] as const;
export type PlaceholderText = (typeof PLACEHOLDER_TEXTS)[number];

// ---------------------------------------------------------------------------------------------
// Calls (spec §7)
// ---------------------------------------------------------------------------------------------

/** The headings of spec §7. */
export const SPEC_CALL_SECTIONS = [
  'Auth and common',
  'Website',
  'Customer',
  'Coupons',
  'Orders',
  'Express',
  'Products',
  'Payment',
] as const;
export type SpecCallSection = (typeof SPEC_CALL_SECTIONS)[number];

/** Values the API suite knows only at run time (a real app secret, a seeded help article). */
export interface SampleContext {
  /** The demo merchant's web client (CheckDomainName). */
  appId: string;
  appSecret: string;
  /** A customer of the demo merchant made for the run, and its password. */
  account: string;
  password: string;
  /** A help article and a product of the demo merchant's seeded content. */
  helpArticleId: number;
  productId: number;
}

export type SampleInput = Record<string, unknown>;

/**
 * A request that uses the spec's field names, and the code it is answered with when a customer
 * of the demo merchant signed in for the run makes it. Ids that belong to nobody (999999999) are
 * answered with their not-found code: the field was read by its name.
 */
export interface CallSample {
  /** POST: the bizcontent (the whole body for RequestOauthToken); GET: the query; multipart: the fields. */
  input: SampleInput | ((context: SampleContext) => SampleInput);
  /** The `apiCode` of the reply (`Ok`: success; for a file reply, the file). */
  answers: ApiCodeName;
  /** Multipart calls: the file part. */
  file?: { name: string; content: string };
}

export interface SpecCall {
  section: SpecCallSection;
  method: 'GET' | 'POST';
  /** The path exactly as spec §7 writes it (the server matches paths case-insensitively). */
  path: string;
  /**
   * Who may make it, as the product decided (spec §7 only says every call carries the tokens
   * unless token use is switched off): `public` without tokens, `app` with the app token
   * (`authtoken`), `customer` with a signed-in customer's `accesstoken` too.
   */
  auth: Exclude<CallAuth, 'staff'>;
  /**
   * Field names the spec gives (§7, or §3 where §7 points to an entity); nested fields dotted
   * (`bizcontent.secret`). Empty when the spec shows no payload.
   */
  fields: readonly string[];
  /** Where `fields` come from when not §7. */
  fieldsFrom?: string;
  /** The request is multipart/form-data (spec: "POST multipart … with file and chunk fields"). */
  multipart?: boolean;
  /** What a success answers when it is not the envelope (spec: binary reply, HTML reply). */
  reply?: 'file' | 'html';
  state: Implemented | NotImplemented;
  /** Required on implemented rows. */
  sample?: CallSample;
}

/** An id no record has: its call answers the record's not-found code. */
const NO_SUCH_ID = 999_999_999;
/** A payment number no payment has. */
const NO_SUCH_PAYMENT = 'P999999999';
/** A mobile number the seed gives nobody. */
const FREE_MOBILE = '13700009999';

/** The file of the upload samples: its MD5 and length are the chunk fields below. */
const UPLOAD_SAMPLE = {
  name: 'spec-conformance.txt',
  content: 'spec conformance sample\n',
  md5: '94d4f95e05cc31a5ea0c57031daac07e',
  bytes: 24,
};
const UPLOAD_CHUNK_FIELDS = [
  'identifier',
  'filename',
  'totalChunks',
  'chunkSize',
  'currentChunkSize',
  'chunkNumber',
  'totalSize',
  'uploaderFileType',
];
const uploadChunkSample: SampleInput = {
  identifier: UPLOAD_SAMPLE.md5,
  filename: UPLOAD_SAMPLE.name,
  totalChunks: 1,
  chunkSize: 2_097_152,
  currentChunkSize: UPLOAD_SAMPLE.bytes,
  chunkNumber: 1,
  totalSize: UPLOAD_SAMPLE.bytes,
  uploaderFileType: 1,
};

/** A delivery address in the spec §3 field names. */
const ADDRESS_FIELDS = ['province', 'city', 'region', 'address', 'citys', 'contacts', 'phoneNumber'];
const addressSample: SampleInput = {
  contacts: '王小明',
  phoneNumber: '13800000000',
  province: '广东省',
  city: '深圳市',
  region: '南山区',
  address: '科技园南路 1 号',
  citys: ['440000', '440300', '440305'],
};

/** A configuration of a product that does not exist (the price calls' body). */
const noSuchProductQuote: SampleInput = { ProductId: NO_SUCH_ID, Quantity: 1000 };

/** Every call of spec §7, in the spec's order. */
export const SPEC_CALLS: readonly SpecCall[] = [
  // Auth and common
  {
    section: 'Auth and common',
    method: 'POST',
    path: '/api/oauth/RequestOauthToken',
    auth: 'public',
    fields: ['appid', 'bizcontent.secret'],
    state: IMPLEMENTED,
    sample: {
      input: ({ appId, appSecret }) => ({ appid: appId, bizcontent: { secret: appSecret } }),
      answers: 'Ok',
    },
  },
  {
    section: 'Auth and common',
    method: 'POST',
    path: '/api/oauth/RequestAccessToken',
    auth: 'app',
    fields: [],
    state: IMPLEMENTED,
    sample: {
      input: ({ account, password }) => ({ LoginType: 1, Account: account, Password: password }),
      answers: 'Ok',
    },
  },
  {
    section: 'Auth and common',
    method: 'GET',
    path: '/api/oauth/LoginUserInfo',
    auth: 'customer',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: {}, answers: 'Ok' },
  },
  {
    section: 'Auth and common',
    method: 'POST',
    path: '/api/common/SendSms',
    auth: 'app',
    fields: ['MobileNo', 'MessageType', 'SessionId', 'RoleType', 'Challenge', 'Validate', 'Seccode'],
    state: IMPLEMENTED,
    // A captcha answer the server never issued: the fields are read, the answer refused.
    sample: {
      input: {
        MobileNo: FREE_MOBILE,
        MessageType: 1,
        SessionId: 'spec-conformance',
        RoleType: 4,
        Challenge: 'spec-conformance',
        Validate: 'spec-conformance',
        Seccode: 'spec-conformance',
      },
      answers: 'CaptchaInvalid',
    },
  },
  {
    section: 'Auth and common',
    method: 'GET',
    path: '/api/common/GetCaptcha',
    auth: 'app',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: {}, answers: 'Ok' },
  },
  {
    section: 'Auth and common',
    method: 'POST',
    path: '/api/common/CheckDomainName',
    auth: 'public',
    fields: ['domainName'],
    state: IMPLEMENTED,
    sample: { input: { domainName: 'demo.localhost' }, answers: 'Ok' },
  },
  {
    section: 'Auth and common',
    method: 'GET',
    path: '/api/common/UploadChunkFile',
    auth: 'customer',
    fields: UPLOAD_CHUNK_FIELDS,
    fieldsFrom: '§3 upload chunk',
    state: IMPLEMENTED,
    sample: { input: uploadChunkSample, answers: 'Ok' },
  },
  {
    section: 'Auth and common',
    method: 'POST',
    path: '/api/common/UploadChunkFile',
    auth: 'customer',
    fields: UPLOAD_CHUNK_FIELDS,
    fieldsFrom: '§3 upload chunk',
    multipart: true,
    state: IMPLEMENTED,
    sample: {
      input: uploadChunkSample,
      file: { name: UPLOAD_SAMPLE.name, content: UPLOAD_SAMPLE.content },
      answers: 'Ok',
    },
  },
  {
    section: 'Auth and common',
    method: 'POST',
    path: '/api/v1/post_export_excel',
    auth: 'customer',
    fields: [],
    reply: 'file',
    state: IMPLEMENTED,
    sample: { input: { ExportExcelType: 'addresses' }, answers: 'Ok' },
  },
  {
    section: 'Auth and common',
    method: 'POST',
    path: '/api/v1/post_import_excel',
    auth: 'customer',
    fields: ['ImportExcelType', 'Path', 'Password'],
    state: IMPLEMENTED,
    sample: {
      input: { ImportExcelType: 'addresses', Path: `/api/files/${NO_SUCH_ID}/地址.xlsx`, Password: '' },
      answers: 'FileNotFound',
    },
  },
  {
    section: 'Auth and common',
    method: 'POST',
    path: '/api/v1/post_print_html',
    auth: 'customer',
    fields: [],
    reply: 'html',
    state: IMPLEMENTED,
    sample: { input: { PrintType: 'order', OrderIds: [NO_SUCH_ID] }, answers: 'OrderNotFound' },
  },
  {
    section: 'Auth and common',
    method: 'GET',
    path: '/api/v1/get_service_files',
    auth: 'customer',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: { pageindex: 1, limit: 10 }, answers: 'Ok' },
  },
  {
    section: 'Auth and common',
    method: 'POST',
    path: '/api/v1/post_service_file_delete',
    auth: 'customer',
    fields: ['ids'],
    state: IMPLEMENTED,
    sample: { input: { ids: [NO_SUCH_ID] }, answers: 'FileNotFound' },
  },

  // Website
  ...(
    [
      ['/api/website/QueryAd', { Position: 'home_carousel' }],
      ['/api/website/QueryHomeLayoutGroup', { Version: 1 }],
      ['/api/website/QueryHomeLayout', { Version: 1 }],
      ['/api/website/GetWebConfig', {}],
      ['/api/website/QueryHelperMenu', { Keyword: '' }],
      ['/api/website/HelperInfo', ({ helpArticleId }: SampleContext) => ({ Id: helpArticleId })],
      ['/api/Website/QueryTemplate', { pageindex: 1, limit: 12 }],
      ['/api/website/queryhomemenu', { Version: 1, Position: 'top' }],
    ] as const
  ).map(([path, input]): SpecCall => ({
    section: 'Website',
    method: 'POST',
    path,
    auth: 'app',
    fields: [],
    state: IMPLEMENTED,
    sample: { input, answers: 'Ok' },
  })),

  // Customer
  {
    section: 'Customer',
    method: 'POST',
    path: '/api/cust/CheckCustomerAccount',
    auth: 'app',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: { Account: FREE_MOBILE }, answers: 'Ok' },
  },
  {
    section: 'Customer',
    method: 'POST',
    path: '/api/cust/Register',
    auth: 'app',
    fields: [],
    state: IMPLEMENTED,
    // No code was sent to the number: the code is refused as expired, not the body.
    sample: {
      input: {
        MobileNo: FREE_MOBILE,
        SmsCode: '000000',
        Password: 'Print2026',
        ConfirmPassword: 'Print2026',
      },
      answers: 'SmsCodeExpired',
    },
  },
  {
    section: 'Customer',
    method: 'POST',
    path: '/api/cust/RetrievePassword',
    auth: 'app',
    fields: [],
    state: IMPLEMENTED,
    sample: {
      input: ({ account }) => ({
        MobileNo: account,
        SmsCode: '000000',
        Password: 'Print2026',
        ConfirmPassword: 'Print2026',
      }),
      answers: 'SmsCodeExpired',
    },
  },
  {
    section: 'Customer',
    method: 'POST',
    path: '/api/cust/QueryDeliverGoodsAddress',
    auth: 'customer',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: { pageindex: 1, limit: 50 }, answers: 'Ok' },
  },
  {
    section: 'Customer',
    method: 'POST',
    path: '/api/cust/AddDeliverGoodsAddress',
    auth: 'customer',
    fields: ADDRESS_FIELDS,
    fieldsFrom: '§3 address',
    state: IMPLEMENTED,
    sample: { input: addressSample, answers: 'Ok' },
  },
  {
    section: 'Customer',
    method: 'POST',
    path: '/api/cust/UpdateDeliverGoodsAddress',
    auth: 'customer',
    fields: ADDRESS_FIELDS,
    fieldsFrom: '§3 address',
    state: IMPLEMENTED,
    sample: { input: { Id: NO_SUCH_ID, ...addressSample }, answers: 'AddressNotFound' },
  },
  {
    section: 'Customer',
    method: 'POST',
    path: '/api/cust/info',
    auth: 'customer',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: {}, answers: 'Ok' },
  },
  {
    section: 'Customer',
    method: 'POST',
    path: '/api/cust/CustomerChangePassword',
    auth: 'customer',
    fields: [],
    state: IMPLEMENTED,
    // A wrong current password: refused as such, and the run's password stays.
    sample: {
      input: { OldPassword: 'Wrong2026', Password: 'Print2027', ConfirmPassword: 'Print2027' },
      answers: 'WrongPassword',
    },
  },
  {
    section: 'Customer',
    method: 'POST',
    path: '/api/cust/Recharge',
    auth: 'customer',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: { AmountFen: 10_000, PayType: 'wechat' }, answers: 'Ok' },
  },

  // Coupons
  {
    section: 'Coupons',
    method: 'POST',
    path: '/api/coupon/receive',
    auth: 'customer',
    fields: ['id'],
    state: IMPLEMENTED,
    sample: { input: { id: NO_SUCH_ID }, answers: 'CouponNotFound' },
  },
  {
    section: 'Coupons',
    method: 'POST',
    path: '/api/coupon/receive_list',
    auth: 'customer',
    fields: ['productId', 'isExpire', 'isUse', 'paymentAmount', 'pageindex', 'limit'],
    state: IMPLEMENTED,
    sample: {
      input: { productId: 0, isExpire: false, isUse: false, paymentAmount: 0, pageindex: 1, limit: 1000 },
      answers: 'Ok',
    },
  },
  {
    section: 'Coupons',
    method: 'POST',
    path: '/api/coupon/wait_receive_list',
    auth: 'customer',
    fields: ['productId', 'paymentAmount', 'pageindex', 'limit'],
    state: IMPLEMENTED,
    sample: { input: { productId: 0, paymentAmount: 0, pageindex: 1, limit: 1000 }, answers: 'Ok' },
  },

  // Orders
  {
    section: 'Orders',
    method: 'POST',
    path: '/api/order/CustomerCancelOrder',
    auth: 'customer',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: { OrderId: NO_SUCH_ID }, answers: 'OrderNotFound' },
  },
  {
    section: 'Orders',
    method: 'POST',
    path: '/api/order/addorder',
    auth: 'customer',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: { CartIds: [NO_SUCH_ID], ExpressCompanyId: NO_SUCH_ID }, answers: 'CartLineNotFound' },
  },
  {
    section: 'Orders',
    method: 'POST',
    path: '/api/order/addorderitem',
    auth: 'customer',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: noSuchProductQuote, answers: 'ProductNotFound' },
  },
  {
    section: 'Orders',
    method: 'POST',
    path: '/api/order/ShopCarOrders',
    auth: 'customer',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: {}, answers: 'Ok' },
  },
  {
    section: 'Orders',
    method: 'POST',
    path: '/api/order/TotalShopCarOrders',
    auth: 'customer',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: {}, answers: 'Ok' },
  },
  {
    section: 'Orders',
    method: 'POST',
    path: '/api/order/CalExpressFee',
    auth: 'customer',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: { WeightGrams: 500, ProvinceCode: '440000' }, answers: 'Ok' },
  },
  {
    section: 'Orders',
    method: 'POST',
    path: '/api/order/QueryCustomerBill',
    auth: 'customer',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: {}, answers: 'Ok' },
  },
  {
    section: 'Orders',
    method: 'POST',
    path: '/api/order/AppendOrderInfo',
    auth: 'customer',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: { OrderId: NO_SUCH_ID, Remarks: '请加急' }, answers: 'OrderNotFound' },
  },
  {
    section: 'Orders',
    method: 'POST',
    path: '/api/order/GetOrderStatus',
    auth: 'customer',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: { OrderId: NO_SUCH_ID }, answers: 'OrderNotFound' },
  },
  {
    section: 'Orders',
    method: 'POST',
    path: '/api/order/AnalysisFileName',
    auth: 'customer',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: { FileIds: [NO_SUCH_ID] }, answers: 'FileNotFound' },
  },
  {
    section: 'Orders',
    method: 'POST',
    path: '/api/order/AnalysisCreateOrder',
    auth: 'customer',
    fields: [],
    state: IMPLEMENTED,
    // A file nobody has: the rows are read, the row refused, nothing put into the cart.
    sample: {
      input: ({ productId }) => ({
        RequestKey: 'spec-conformance',
        Rows: [{ FileId: NO_SUCH_ID, ProductId: productId, Quantity: 1 }],
      }),
      answers: 'FileNotFound',
    },
  },

  // Express
  {
    section: 'Express',
    method: 'POST',
    path: '/api/v2/s2b.expressinfo.all.post',
    auth: 'app',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: {}, answers: 'Ok' },
  },
  {
    section: 'Express',
    method: 'POST',
    path: '/api/v2/s2b.expressfee.cal.post',
    auth: 'app',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: { WeightGrams: 500, ProvinceCode: '440000' }, answers: 'Ok' },
  },

  // Products
  {
    section: 'Products',
    method: 'POST',
    path: '/api/product/GetCompanyProductInfo',
    auth: 'app',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: ({ productId }) => ({ ProductId: productId }), answers: 'Ok' },
  },
  {
    section: 'Products',
    method: 'POST',
    path: '/api/product/getcommonproductskucodebindrule',
    auth: 'app',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: { ProductId: NO_SUCH_ID }, answers: 'ProductNotFound' },
  },
  ...[
    '/api/product/CalculationProductPriceToOffer',
    '/api/product/CalculationProductPriceToFixed',
    '/api/product/CalculationProductPriceToFixedOrOffer',
  ].map((path): SpecCall => ({
    section: 'Products',
    method: 'POST',
    path,
    auth: 'app',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: noSuchProductQuote, answers: 'ProductNotFound' },
  })),
  {
    section: 'Products',
    method: 'POST',
    path: '/api/product/QueryCommonProduct',
    auth: 'app',
    fields: ['pageindex', 'limit', 'ClientIsShow', 'belonging'],
    state: IMPLEMENTED,
    sample: { input: { pageindex: 0, limit: 999_999, ClientIsShow: true, belonging: 1 }, answers: 'Ok' },
  },
  {
    section: 'Products',
    method: 'POST',
    path: '/api/product/GetProductNumPedictTime',
    auth: 'app',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: noSuchProductQuote, answers: 'ProductNotFound' },
  },
  {
    section: 'Products',
    method: 'GET',
    path: '/api/public/pro-complexinfo',
    auth: 'public',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: {}, answers: 'Ok' },
  },
  {
    section: 'Products',
    method: 'POST',
    path: '/api/public/pro-cal',
    auth: 'public',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: noSuchProductQuote, answers: 'ProductNotFound' },
  },

  // Payment
  {
    section: 'Payment',
    method: 'POST',
    path: '/api/v1/post_service_order_pay',
    auth: 'customer',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: { OrderIds: [NO_SUCH_ID] }, answers: 'OrderNotFound' },
  },
  {
    section: 'Payment',
    method: 'POST',
    path: '/api/payment/getqrcode',
    auth: 'customer',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: { PaymentNo: NO_SUCH_PAYMENT, PayType: 'wechat' }, answers: 'PaymentNotFound' },
  },
  {
    section: 'Payment',
    method: 'POST',
    path: '/api/payment/QueryPayStatus',
    auth: 'customer',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: { PaymentNo: NO_SUCH_PAYMENT }, answers: 'PaymentNotFound' },
  },
  {
    section: 'Payment',
    method: 'POST',
    path: '/api/payment/BalancePaymannet',
    auth: 'customer',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: { PaymentNo: NO_SUCH_PAYMENT }, answers: 'PaymentNotFound' },
  },
  {
    section: 'Payment',
    method: 'GET',
    path: '/api/v1/get_qrcode_refresh',
    auth: 'customer',
    fields: [],
    state: IMPLEMENTED,
    sample: { input: { PaymentNo: NO_SUCH_PAYMENT }, answers: 'PaymentNotFound' },
  },
];

/**
 * The calls of the registry beyond spec §7, by registry name (`module.Call`), with what each is
 * for. A registry entry is either a row of SPEC_CALLS (same method and path) or listed here.
 */
export const ADDITIONAL_CALLS: Readonly<Record<string, string>> = {
  'oauth.Logout': 'Sign out: revokes the access token.',
  'captcha.VerifyCaptcha': 'Checks the built-in slider; returns the geetest-shaped answer SendSms carries.',
  'customers.UpdateCustomerInfo': '个人设置: the nickname.',
  'customers.UploadAvatar': '个人设置: the avatar picture (multipart).',
  'customers.DeleteAvatar': '个人设置: removes the avatar.',
  'customers.QueryNotificationSettings': '个人设置: which messages go by SMS or to the site.',
  'customers.SaveNotificationSettings': '个人设置: saves them.',
  'addresses.DeleteDeliverGoodsAddress': 'Address book: delete an address.',
  'addresses.SetDefaultDeliverGoodsAddress': 'Address book: choose the default address.',
  'cart.UpdateShopCarOrder': 'Cart: change a line’s quantity or remark.',
  'cart.DeleteShopCarOrders': 'Cart: delete lines.',
  'orders.PreviewOrder': 'Checkout: the payable amount before the order is placed.',
  'orders.QueryOrders': 'My orders: the list by status, keyword and date.',
  'orders.OrderDetail': 'My orders: one order.',
  'orders.Reorder': 'My orders: the same products into the cart at today’s prices.',
  'payments.PaymentNotify': 'The payment gateway’s signed notification (server to server).',
  'payments.GetMobilePayUrl': 'Paying on a phone: a WeChat H5 or Alipay wap link that returns to the site.',
  'payments.MobileRecharge': 'Recharge on a phone: a new recharge and its WeChat H5 or Alipay wap link.',
  'payments.WechatJsapiPay':
    'Paying inside WeChat (JSAPI): the official account’s OAuth link once, then the bridge’s signed parameters.',
  'payments.WechatJsapiRecharge':
    'Recharge inside WeChat (JSAPI): a new recharge, then the OAuth link once or the bridge’s signed parameters.',
  'payments.WechatOauthCallback':
    'Paying inside WeChat: the OAuth code and state exchanged for the payer’s openid.',
  'excel.post_import_excel_template': 'Excel import: the template workbook of an import type.',
  'excel.post_import_excel_errors': 'Excel import: the error report of a workbook, as a workbook.',
  'uploads.get_service_file_preflight': 'Preflight of an uploaded print file against a finished size.',
  'staff.UploadSiteLogo': 'Merchant back office: the merchant logo picture (multipart).',
  'staff.RemoveSiteLogo': 'Merchant back office: removes the merchant logo.',
  'staff.Login': 'Merchant back office: staff sign-in (header stafftoken).',
  'staff.Logout': 'Merchant back office: staff sign-out.',
  'staff.Info': 'Merchant back office: the signed-in staff member.',
  'staff.QueryOrders': 'Merchant back office: all orders.',
  'staff.OrderDetail': 'Merchant back office: one order.',
  'staff.Dashboard':
    'Merchant console 工作台: today’s and yesterday’s orders and revenue, orders waiting per status, 30 days’ sales, top products.',
  'staff.PrintOrders':
    'Merchant console: order sheets or delivery notes of any of the merchant’s orders as one A4 HTML page.',
  'staff.ExportOrders':
    'Merchant console: every order matching the board’s filters, with its customer, as an .xlsx file.',
  'staff.ApproveArtwork': 'Merchant back office: artwork approved.',
  'staff.RejectArtwork': 'Merchant back office: artwork sent back.',
  'staff.StartProduction': 'Merchant back office: production started.',
  'staff.ShipOrder': 'Merchant back office: shipped.',
  'staff.CompleteOrder': 'Merchant back office: completed.',
  'staff.CancelOrder': 'Merchant back office: cancelled with refund.',
  'staff.AdjustBalance': 'Merchant back office: balance adjustment.',
  'staff.QueryCustomers': 'Merchant back office: the customers, searched by mobile, account or nickname.',
  'staff.CustomerDetail': 'Merchant back office: one customer with balance, ledger and latest orders.',
  'staff.SetCustomerEnabled': 'Merchant back office: disable or enable a customer account with a reason.',
  'staff.QueryStaff': 'Merchant back office: staff list.',
  'staff.SaveStaff': 'Merchant back office: add or change staff (revision-checked; no self-lockout).',
  'staff.QueryAuditLog': 'Merchant back office: the append-only log of every staff change and sign-in.',
  'staff.BatchApproveArtwork': 'Merchant back office: approve the artwork of ticked orders, one by one.',
  'staff.BatchStartProduction': 'Merchant back office: mark ticked orders as started, one by one.',
  'staff.BatchCompleteOrders': 'Merchant back office: complete ticked shipped orders, one by one.',
  'staff.BatchShipForm':
    'Merchant back office: the ticked orders as the batch-shipping dialog lists them, with the couriers.',
  'staff.BatchShipOrders':
    'Merchant back office: ship ticked orders, each with its own tracking number, one by one.',
  'staff.SiteSettings': 'Merchant back office: site settings.',
  'staff.SaveSiteSettings': 'Merchant back office: save site settings (name, theme, interface version).',
  'staff.SmsSettings': 'Merchant back office: the SMS gateway (provider, signature, templates; no secrets).',
  'staff.SaveSmsSettings': 'Merchant back office: save the SMS gateway settings (secrets encrypted at rest).',
  'staff.SendTestSms': 'Merchant back office: send one test message through the SMS settings.',
  'staff.CatalogEditor':
    'Merchant back office: the current catalogue file, its version and the version history.',
  'staff.PublishCatalog':
    'Merchant back office: publish the edited catalogue as a new version (version check).',
  'staff.ImportCatalog': 'Merchant back office: import a catalogue file as a new version (version check).',
  'staff.ExportCatalog': 'Merchant back office: download one version of the catalogue file.',
  'staff.ProductImages': 'Merchant console 商品与价格: one product’s pictures in order, with their revision.',
  'staff.SaveProductImages':
    'Merchant console 商品与价格: order, add or remove a product’s pictures (revision checked; live, no publish).',
  'staff.UploadProductImage':
    'Merchant console 商品与价格: a product picture (JPG, PNG, WebP or GIF) uploaded with upload type 16 (multipart).',
  'staff.QueryHomeGroups':
    'Merchant console 网站 › 首页: every home layout group of each version and the shared ones, with their items and revisions.',
  'staff.SaveHomeGroup':
    'Merchant console 网站 › 首页: create or edit a home layout group (revision checked).',
  'staff.DeleteHomeGroup':
    'Merchant console 网站 › 首页: delete a home layout group with its items (revision checked).',
  'staff.SaveHomeItem':
    'Merchant console 网站 › 首页: create or edit an item of a group — product, notice, picture, category or rich text (revision checked).',
  'staff.DeleteHomeItem':
    'Merchant console 网站 › 首页: delete an item of a home layout group (revision checked).',
  'staff.TemplateCentre':
    'Merchant console 网站 › 模板: every template category and template with its files and revision.',
  'staff.SaveTemplateCategory':
    'Merchant console 网站 › 模板: create or rename a template category (revision checked).',
  'staff.DeleteTemplateCategory':
    'Merchant console 网站 › 模板: delete a template category that holds no templates (revision checked).',
  'staff.SaveTemplate':
    'Merchant console 网站 › 模板: create or edit a template with its cover, size and files (revision checked).',
  'staff.DeleteTemplate':
    'Merchant console 网站 › 模板: delete a template with its files (revision checked).',
  'staff.UploadTemplateFile':
    'Merchant console 网站 › 模板: a template file (PDF, AI, CDR or PSD up to 50 MB, checked by content), multipart.',
  'staff.QueryCoupons':
    'Merchant console 营销: every coupon with its rules and how many were received, used and discounted.',
  'staff.SaveCoupon':
    'Merchant console 营销: create or edit a coupon (revision checked; a received coupon keeps its value).',
  'staff.SetCouponActive': 'Merchant console 营销: stop a coupon from being received, or start it again.',
  'staff.QueryExpressCompanies':
    'Merchant console 物流: express companies with fee templates, free-shipping threshold and pickup address.',
  'staff.SaveExpressCompany':
    'Merchant console 物流: add or edit an express company and its fee template (revision checked).',
  'staff.PaymentGatewaySettings':
    'Merchant back office: the WeChat Pay and Alipay accounts (secrets never returned).',
  'staff.SavePaymentGatewaySettings': 'Merchant back office: save a gateway account (encrypted at rest).',
  'staff.StartTestPayment':
    'Merchant back office: open a 0.01 yuan test trade at the merchant’s own gateway (no customer).',
  'staff.TestPaymentStatus':
    'Merchant back office: poll a test trade until the gateway says it is paid, then refunded.',
  'staff.RetryTestPaymentRefund':
    'Merchant back office: ask the gateway again to refund a test trade whose refund it refused.',
  'staff.HelpCentre': 'Merchant console 网站 › 帮助中心: every help category and article, published or not.',
  'staff.HelpArticleDetail': 'Merchant console: one help article with its body, for the rich-text editor.',
  'staff.SaveHelpCategory': 'Merchant console: add or rename a help category (revision-checked).',
  'staff.DeleteHelpCategory': 'Merchant console: delete an empty help category.',
  'staff.SaveHelpArticle': 'Merchant console: add or edit a help article, body sanitised (revision-checked).',
  'staff.DeleteHelpArticle': 'Merchant console: delete a help article (revision-checked).',
  'staff.UploadEditorImage':
    'Rich-text editor (spec §2): a picture uploaded with upload type 16 (multipart).',
  'staff.QueryEditorImages': 'Server-file picker (spec §2) of the editor: the merchant’s pictures, paged.',
  'staff.DeleteEditorImages': 'Server-file picker: delete pictures after 确定要删除吗?.',
  'staff.QueryAds': 'Merchant console 网站 › 广告: every ad of the merchant with its state.',
  'staff.SaveAd':
    'Merchant console: add or change an ad (picture, link, time window, order; revision-checked).',
  'staff.DeleteAd': 'Merchant console: delete an ad (revision-checked).',
  'staff.QueryMenuEntries': 'Merchant console 网站 › 菜单: every menu entry of a position, every version.',
  'staff.SaveMenuEntry':
    'Merchant console: add or change a menu entry (parent, link, order; revision-checked).',
  'staff.DeleteMenuEntry': 'Merchant console: delete a menu entry without children (revision-checked).',
  'staff.RefundToOriginal':
    'Merchant back office: refund from the balance to the payer’s WeChat or Alipay account.',
};

/** `METHOD /path` with the path in lower case: how the server tells two calls apart. */
export function callKey(call: { method: string; path: string }): string {
  return `${call.method} ${call.path.toLowerCase()}`;
}

// ---------------------------------------------------------------------------------------------
// Routes (spec §2)
// ---------------------------------------------------------------------------------------------

export type SpecVersion = 1 | 2 | 3 | 4;

/** Where spec §2's guard sends a visitor without a session, per version. */
export const SPEC_LOGIN_PATHS: Record<SpecVersion, string> = {
  1: '/login',
  2: '/home-v2',
  3: '/login-v3',
  4: '/login-v4',
};

export interface SpecRoute {
  version: SpecVersion;
  /** The address as spec §2 writes it; `{name}` is a parameter. */
  path: string;
  /** Spec §2: `login` routes need a session (the guard sends a visitor to SPEC_LOGIN_PATHS). */
  guard: 'public' | 'login';
  /** A route that only forwards: where to (spec §2 "redirects to"). */
  redirectsTo?: string;
  /**
   * A login, register or forgot-password page: a signed-in customer is sent to the signed-in
   * start page (spec §2 says so of /login, /register and /forgotpwd; the product does the same
   * on each version's own).
   */
  guestOnly?: boolean;
  /** How the product reads a line of spec §2 that leaves room. */
  note?: string;
  state: Implemented | PartlyImplemented;
}

const SHELL_NOTE = 'A layout in the spec; its own address shows its first child, the login.';
const START_NOTE = 'The signed-in start page: it opens the first product of the catalogue.';

/** Every route of spec §2, per version, in the spec's order. */
export const SPEC_ROUTES: readonly SpecRoute[] = [
  // Default version
  { version: 1, path: '/', guard: 'public', redirectsTo: '/buffer-zone', state: IMPLEMENTED },
  { version: 1, path: '/login', guard: 'public', guestOnly: true, state: IMPLEMENTED },
  { version: 1, path: '/register', guard: 'public', guestOnly: true, state: IMPLEMENTED },
  { version: 1, path: '/forgotpwd', guard: 'public', guestOnly: true, state: IMPLEMENTED },
  { version: 1, path: '/home', guard: 'public', state: IMPLEMENTED },
  { version: 1, path: '/help/{id}', guard: 'public', state: IMPLEMENTED },
  { version: 1, path: '/index', guard: 'login', note: START_NOTE, state: IMPLEMENTED },
  {
    version: 1,
    path: '/proinfo/{first_cid}/{second_cid}/{third_cid}',
    guard: 'login',
    note: 'Listed under /index; /index/proinfo/… forwards here.',
    state: IMPLEMENTED,
  },
  { version: 1, path: '/user/order/{t}', guard: 'login', state: IMPLEMENTED },
  { version: 1, path: '/user/bill/{t}', guard: 'login', state: IMPLEMENTED },
  { version: 1, path: '/user/sys/{t}', guard: 'login', state: IMPLEMENTED },

  // Version 2
  { version: 2, path: '/home-v2', guard: 'public', redirectsTo: '/index-v2', state: IMPLEMENTED },
  {
    version: 2,
    path: '/index-v2',
    guard: 'public',
    note: 'Version 2’s login card sits on this page (the guard sends visitors to /home-v2, which forwards here).',
    state: IMPLEMENTED,
  },
  { version: 2, path: '/help-v2/{id}', guard: 'public', state: IMPLEMENTED },
  { version: 2, path: '/about', guard: 'public', state: IMPLEMENTED },
  { version: 2, path: '/quotationCenter', guard: 'login', note: START_NOTE, state: IMPLEMENTED },
  { version: 2, path: '/quotationCenter/{first_cid}/{second_cid}', guard: 'login', state: IMPLEMENTED },
  { version: 2, path: '/user-v2/order/{t}', guard: 'login', state: IMPLEMENTED },
  { version: 2, path: '/user-v2/bill/{t}', guard: 'login', state: IMPLEMENTED },
  { version: 2, path: '/user-v2/sys/{t}', guard: 'login', state: IMPLEMENTED },
  { version: 2, path: '/batch-upload', guard: 'login', state: IMPLEMENTED },

  // Version 3
  { version: 3, path: '/home-v3', guard: 'public', redirectsTo: '/index-v3', state: IMPLEMENTED },
  {
    version: 3,
    path: '/index-v3',
    guard: 'public',
    note: 'Named only as /home-v3’s target; version 3’s public home page.',
    state: IMPLEMENTED,
  },
  {
    version: 3,
    path: '/loginview-v3',
    guard: 'public',
    redirectsTo: '/login-v3',
    note: SHELL_NOTE,
    state: IMPLEMENTED,
  },
  { version: 3, path: '/login-v3', guard: 'public', guestOnly: true, state: IMPLEMENTED },
  { version: 3, path: '/register-v3', guard: 'public', guestOnly: true, state: IMPLEMENTED },
  { version: 3, path: '/forgotpwd-v3', guard: 'public', guestOnly: true, state: IMPLEMENTED },
  { version: 3, path: '/help-v3/{id}', guard: 'public', state: IMPLEMENTED },
  { version: 3, path: '/quotationCenter-v3', guard: 'login', note: START_NOTE, state: IMPLEMENTED },
  { version: 3, path: '/quotationCenter-v3/{first_cid}/{second_cid}', guard: 'login', state: IMPLEMENTED },
  { version: 3, path: '/user-v3/order/{t}', guard: 'login', state: IMPLEMENTED },
  { version: 3, path: '/user-v3/bill/{t}', guard: 'login', state: IMPLEMENTED },
  { version: 3, path: '/user-v3/sys/{t}', guard: 'login', state: IMPLEMENTED },
  { version: 3, path: '/batch-upload-v3', guard: 'login', state: IMPLEMENTED },

  // Version 4
  { version: 4, path: '/home-v4', guard: 'public', redirectsTo: '/index-v4', state: IMPLEMENTED },
  { version: 4, path: '/index-v4', guard: 'public', state: IMPLEMENTED },
  { version: 4, path: '/quotationCenter-v4', guard: 'login', note: START_NOTE, state: IMPLEMENTED },
  {
    version: 4,
    path: '/quotationCenter-v4/{first_cid}/{second_cid}/{third_cid}',
    guard: 'login',
    state: IMPLEMENTED,
  },
  { version: 4, path: '/user-v4/order/{t}', guard: 'login', state: IMPLEMENTED },
  { version: 4, path: '/user-v4/bill/{t}', guard: 'login', state: IMPLEMENTED },
  { version: 4, path: '/user-v4/sys/{t}', guard: 'login', state: IMPLEMENTED },
  { version: 4, path: '/batch-upload-v4', guard: 'login', state: IMPLEMENTED },
  { version: 4, path: '/user-v4/setting-v4/{t}', guard: 'login', state: IMPLEMENTED },
  { version: 4, path: '/productIntro-v4', guard: 'public', state: IMPLEMENTED },
  { version: 4, path: '/help-v4/{id}', guard: 'public', state: IMPLEMENTED },
  { version: 4, path: '/template-v4', guard: 'public', state: IMPLEMENTED },
  {
    version: 4,
    path: '/loginview-v4',
    guard: 'public',
    redirectsTo: '/login-v4',
    note: SHELL_NOTE,
    state: IMPLEMENTED,
  },
  { version: 4, path: '/login-v4', guard: 'public', guestOnly: true, state: IMPLEMENTED },
  { version: 4, path: '/register-v4', guard: 'public', guestOnly: true, state: IMPLEMENTED },
  { version: 4, path: '/forgotpwd-v4', guard: 'public', guestOnly: true, state: IMPLEMENTED },
  {
    version: 4,
    path: '/buffer-zone',
    guard: 'public',
    redirectsTo: '/home-v4',
    note: 'A holding page of every version: it forwards to the entry of the version the merchant configured (v1: /login, or /index with a session).',
    state: IMPLEMENTED,
  },
];
