import type { ColumnType, Generated } from 'kysely';

/**
 * Table types. Timestamps are epoch milliseconds (bigint in PostgreSQL, integer in SQLite);
 * booleans are 0/1 integers so one query serves both dialects; money is integer fen.
 */
export interface MerchantTable {
  id: Generated<number>;
  code: string;
  name: string;
  website_name: string;
  theme_preference: Generated<number>;
  interface_version: Generated<number>;
  custom_domain: string | null;
  reader_preview_domain: Generated<string>;
  service_phone: Generated<string>;
  service_qq: Generated<string>;
  address: Generated<string>;
  business_hours: Generated<string>;
  icp_number: Generated<string>;
  notice: Generated<string>;
  is_active: Generated<number>;
  /** 1 for a demo merchant: it pays through the payment simulator unless told otherwise. */
  is_demo: Generated<number>;
  /** Raised by every save of the site settings; a save naming an older one is refused. */
  revision: Generated<number>;
  /** SHA-256 of the merchant's logo in `merchant_logos`; null without one (docs/site-settings.md). */
  logo_sha256: string | null;
  created_at: number;
}

/** The merchant's logo: a WebP of at most 480×160 made from an uploaded picture. */
export interface MerchantLogoTable {
  merchant_id: number;
  sha256: string;
  image: Buffer;
  width: number;
  height: number;
  size_bytes: number;
  created_at: number;
}

export interface ApiClientTable {
  id: Generated<number>;
  merchant_id: number;
  app_id: string;
  name: string;
  /** scrypt hash of the secret. */
  secret_hash: string;
  /** The web client's secret is public by design (it ships to every browser); null for private clients. */
  published_secret: string | null;
  is_active: Generated<number>;
  created_at: number;
}

export interface AppTokenTable {
  token_hash: string;
  merchant_id: number;
  api_client_id: number;
  expires_at: number;
  created_at: number;
}

/** A request-rate counter (RATE_LIMIT_STORE=database): calls counted in the window ending at `window_ends_at`. */
export interface RateLimitCounterTable {
  counter_key: string;
  count: number;
  window_ends_at: number;
}

export interface CustomerTable {
  id: Generated<number>;
  merchant_id: number;
  account: string;
  mobile_no: string;
  nick_name: Generated<string>;
  password_hash: string;
  failed_login_count: Generated<number>;
  locked_until: number | null;
  is_active: Generated<number>;
  created_at: number;
  last_login_at: number | null;
  password_changed_at: number;
  /** SHA-256 of the customer's avatar in `customer_avatars`; null without one (docs/settings.md). */
  avatar_sha256: string | null;
  /** Why the account was last disabled or enabled in the console (客户), when, and by whom. */
  status_reason: Generated<string>;
  status_changed_at: number | null;
  status_changed_by: Generated<string>;
}

/** An avatar: the 256×256 WebP the server made, keyed by its SHA-256 within the merchant. */
export interface CustomerAvatarTable {
  merchant_id: number;
  sha256: string;
  image: Buffer;
  size_bytes: number;
  created_at: number;
}

/** A customer's choice for one kind of message (NOTIFICATION_KINDS); no row: the kind's defaults. */
export interface CustomerNotificationPreferenceTable {
  merchant_id: number;
  customer_id: number;
  kind: string;
  /** 0/1: send it by SMS. */
  sms: number;
  /** 0/1: put it in the site's message list. */
  site: number;
  updated_at: number;
}

/** Failed sign-ins for account names that do not exist, counted like a real account's. */
export interface UnknownLoginAccountTable {
  id: Generated<number>;
  merchant_id: number;
  kind: 'customers' | 'staff';
  account: string;
  failed_login_count: Generated<number>;
  locked_until: number | null;
  created_at: number;
}

export interface AccessTokenTable {
  token_hash: string;
  merchant_id: number;
  customer_id: number;
  is_long_term: Generated<number>;
  expires_at: number;
  revoked_at: number | null;
  created_at: number;
}

export interface SmsCodeTable {
  id: Generated<number>;
  merchant_id: number;
  mobile_no: string;
  message_type: number;
  code_hash: string;
  client_ip: string;
  attempt_count: Generated<number>;
  expires_at: number;
  consumed_at: number | null;
  created_at: number;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  merchant_id: number;
  mobile_no: string;
  content: string;
  created_at: number;
}

/**
 * A merchant's SMS gateway (docs/sms.md). `provider` '' is none (the outbox); the secret is
 * sealed with SMS_CONFIG_KEY (lib/secret-box.ts), bound to the merchant and provider.
 */
export interface MerchantSmsSettingsTable {
  merchant_id: number;
  provider: string;
  access_key_id: string;
  secret_sealed: string;
  sdk_app_id: string;
  region: string;
  sign_name: string;
  template_register: string;
  template_login: string;
  template_reset_password: string;
  template_order_shipped: string;
  updated_by: string;
  updated_at: number;
}

/** What a merchant's SMS gateway was asked to send and what it answered (no message text). */
export interface SmsDeliveryTable {
  id: Generated<number>;
  merchant_id: number;
  mobile_no: string;
  /** register, login, reset_password, order_shipped (SMS_PURPOSES). */
  purpose: string;
  provider: string;
  template: string;
  /** What the message is about: the order number of a notice, `test` for a staff test. */
  reference: string;
  /** `sent` or `failed`. */
  status: string;
  /** The gateway's receipt (BizId, SerialNo). */
  message_id: string;
  error_code: string;
  error_message: string;
  created_at: number;
}

export interface CaptchaTable {
  challenge: string;
  merchant_id: number;
  provider: string;
  answer_x: number;
  validate_hash: string | null;
  expires_at: number;
  solved_at: number | null;
  used_at: number | null;
  failed_count: Generated<number>;
  created_at: number;
}

/**
 * A stored content: one per merchant and server-computed SHA-256; customers' files point at it.
 * The MD5 is the wire protocol's identifier (秒传), which two different contents may share.
 */
export interface UploadBlobTable {
  id: Generated<number>;
  merchant_id: number;
  md5: string;
  /** Hex SHA-256 of the stored bytes; null for contents stored before it was recorded, until hashed. */
  sha256: string | null;
  size: number;
  storage_key: string;
  /** pending | working | preview | icon */
  thumbnail_status: Generated<string>;
  thumbnail_key: string | null;
  thumbnail_claimed_at: number | null;
  /** What analysis learned (modules/uploads/analysis): JSON, null until analysed. */
  facts_json: string | null;
  created_at: number;
}

/** A customer's file in their library (spec §3 server file); deleted_at hides it. */
export interface ServerFileTable {
  id: Generated<number>;
  merchant_id: number;
  customer_id: number;
  blob_id: number;
  upload_type: number;
  org_file_name: string;
  file_ext: string;
  created_at: number;
  deleted_at: number | null;
}

/** An upload in progress: one per customer and content. */
export interface UploadSessionTable {
  id: Generated<number>;
  merchant_id: number;
  customer_id: number;
  identifier: string;
  total_size: number;
  total_chunks: number;
  staging_key: string;
  /** receiving | assembling */
  status: Generated<string>;
  claimed_at: number | null;
  /** The server instance (server_instances.id) that claimed the assembly. */
  claimed_by: string | null;
  created_at: number;
  updated_at: number;
}

/** A running server process and its heartbeat (db/instances.ts). */
export interface ServerInstanceTable {
  id: string;
  /** host name and process id, for people reading the table */
  host: string;
  started_at: number;
  heartbeat_at: number;
}

/** The row /readyz writes and reads back (db/database.ts). */
export interface ReadinessProbeTable {
  id: number;
  probed_at: number;
}

/** A chunk the server holds for an upload session. */
export interface UploadChunkTable {
  session_id: number;
  chunk_number: number;
  size: number;
  storage_ref: string;
  created_at: number;
}

/** One imported version of a merchant's catalogue file (docs/catalog.md); the highest is current. */
export interface CatalogTable {
  id: Generated<number>;
  merchant_id: number;
  /** 1, 2, 3 … per merchant, one more on every import. */
  version: number;
  /** The catalogue file's JSON text as imported. */
  content: string;
  imported_at: number;
  /** The staff member who published it from the console; '' for the command line and seeds. */
  published_by: ColumnType<string, string | undefined, string>;
}

/** A customer's balance (docs/payments.md); always the sum of their ledger's balance changes. */
export interface CustomerBalanceTable {
  customer_id: number;
  merchant_id: number;
  balance_fen: Generated<number>;
  updated_at: number;
}

/** An order (docs/orders.md): status 1 待付款 … 5 已完成, 9 已取消; its lines are order_lines. */
export interface OrderTable {
  id: Generated<number>;
  merchant_id: number;
  customer_id: number;
  order_no: string;
  status: number;
  /** Artwork review inside 待审稿: pending | rejected | approved. */
  review_state: Generated<string>;
  reject_reason: Generated<string>;
  goods_fen: number;
  express_fen: number;
  discount_fen: number;
  total_fen: number;
  refund_fen: Generated<number>;
  weight_grams: number;
  coupon_id: number | null;
  coupon_name: Generated<string>;
  address_id: number | null;
  /** The delivery address as it was at checkout (JSON). */
  address_json: string;
  express_company_id: number | null;
  express_company_name: Generated<string>;
  tracking_no: Generated<string>;
  remarks: Generated<string>;
  cancel_reason: Generated<string>;
  /** The payment that paid the order. */
  payment_id: number | null;
  pay_method: Generated<string>;
  /** Unpaid orders are cancelled automatically at this time. */
  unpaid_expires_at: number;
  paid_at: number | null;
  production_started_at: number | null;
  shipped_at: number | null;
  completed_at: number | null;
  cancelled_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A priced configuration: in the cart while order_id is null, then a line of its order. */
export interface OrderLineTable {
  id: Generated<number>;
  merchant_id: number;
  customer_id: number;
  order_id: number | null;
  product_id: number;
  product_title: string;
  unit: string;
  price_mode: string;
  catalog_version: number;
  selection_json: string;
  spec_text: string;
  quantity: number;
  amount_fen: number;
  unit_price_fen: number;
  weight_grams: number;
  production_days: number;
  sku_code: string | null;
  /** The quote's price lines (JSON). */
  quote_json: string;
  remarks: Generated<string>;
  source_order_id: number | null;
  /** A cart line's own delivery address: the address-book entry it came from (batch import). */
  address_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** …and its copy (OrderAddress JSON), which checkout ships to; null: the address chosen at checkout. */
  address_json: ColumnType<string | null, string | null | undefined, string | null>;
  /** A cart line's own artwork: the customer's upload checkout attaches unless told otherwise. */
  artwork_file_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: number;
  updated_at: number;
  removed_at: number | null;
}

/** An artwork file attached to an order line, with the preflight report made when attached. */
export interface OrderFileTable {
  id: Generated<number>;
  merchant_id: number;
  order_id: number;
  line_id: number;
  server_file_id: number;
  org_file_name: string;
  file_ext: string;
  file_size: number;
  md5: string;
  preflight_level: string;
  preflight_json: string;
  created_at: number;
}

/** One transition (or note) in an order's history: who, when, from which status to which. */
export interface OrderEventTable {
  id: Generated<number>;
  merchant_id: number;
  order_id: number;
  action: string;
  from_status: number;
  to_status: number;
  /** customer | staff | system | payment */
  actor_type: string;
  actor_id: number | null;
  actor_name: string;
  note: Generated<string>;
  created_at: number;
}

/** A payment of orders or a recharge: pending → paid, or closed. */
export interface PaymentTable {
  id: Generated<number>;
  merchant_id: number;
  customer_id: number;
  payment_no: string;
  /** orders | recharge */
  purpose: string;
  amount_fen: number;
  /** pending | paid | closed */
  status: string;
  /** How it was paid: balance | wechat | alipay. */
  method: Generated<string>;
  provider: Generated<string>;
  provider_trade_no: Generated<string>;
  /** The method of the QR code last issued. */
  qr_method: Generated<string>;
  qr_expires_at: number | null;
  expires_at: number;
  paid_at: number | null;
  closed_at: number | null;
  /** Why it was closed: expired | declined | order_cancelled ('' while open, or closed before it was kept). */
  close_reason: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** The orders a payment pays; `outcome` applied | refunded once the payment settled. */
export interface PaymentOrderTable {
  payment_id: number;
  order_id: number;
  amount_fen: number;
  outcome: Generated<string>;
}

/** Every gateway notification received, whatever became of it (applied, duplicate, rejected). */
export interface PaymentNotificationTable {
  id: Generated<number>;
  provider: string;
  payment_no: string;
  trade_no: string;
  outcome: string;
  detail: string;
  created_at: number;
}

/** A merchant's own account at a real gateway (docs/payments.md); its keys are encrypted at rest. */
export interface PaymentGatewayAccountTable {
  id: Generated<number>;
  merchant_id: number;
  /** wechat | alipay */
  provider: string;
  enabled: number;
  /** JSON of the identifiers (merchant number, app id, serials): shown to staff. */
  public_settings: string;
  /** AES-256-GCM box of the keys (PAYMENT_CONFIG_KEY): never shown. */
  secret_box: string;
  updated_by: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** A trade opened at a real gateway for a payment: one per QR code or phone link. */
export interface PaymentTradeTable {
  id: Generated<number>;
  merchant_id: number;
  payment_id: number;
  provider: string;
  /** qr | mobile | jsapi */
  channel: string;
  out_trade_no: string;
  amount_fen: number;
  /** open | paid | closed */
  status: string;
  provider_trade_no: Generated<string>;
  expires_at: number;
  /** When the reconciliation job last asked the gateway about it. */
  checked_at: number | null;
  created_at: number;
  updated_at: number;
}

/**
 * A 0.01 元 test trade the console opened at the merchant's own gateway (测试支付): the merchant's,
 * never a customer's; it moves no balance and writes no ledger line.
 */
export interface GatewayTestPaymentTable {
  id: Generated<number>;
  merchant_id: number;
  provider: string;
  out_trade_no: string;
  amount_fen: number;
  /** open | paid | closed */
  status: string;
  provider_trade_no: Generated<string>;
  code_url: Generated<string>;
  /** Why the gateway refused to open it (then closed at once). */
  failure: Generated<string>;
  created_by: string;
  expires_at: number;
  /** When the gateway was last asked about it. */
  checked_at: number | null;
  paid_at: number | null;
  /** The automatic refund of a paid test: '' (not asked yet), processing, success, failed, manual. */
  refund_status: Generated<string>;
  /** The refund's out_refund_no / out_request_no: `<TestNo>_R<attempt>`. */
  refund_no: Generated<string>;
  refund_attempts: Generated<number>;
  /** The gateway's reason when it refused the refund. */
  refund_failure: Generated<string>;
  refunded_at: number | null;
  /** Where the gateway sends this trade's notifications (and its refund's). */
  notify_url: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** A 微信支付 platform certificate downloaded for a merchant's account (GET /v3/certificates). */
export interface WechatPlatformCertificateTable {
  id: Generated<number>;
  merchant_id: number;
  /** Upper-case hex, as Wechatpay-Serial names it. */
  serial_no: string;
  certificate: string;
  /** The certificate's RSA key, SPKI PEM. */
  public_key: string;
  effective_at: number;
  expires_at: number;
  fetched_at: number;
}

/** A customer's openid at a 公众号 (微信内支付, JSAPI): 网页授权 happens once per customer and AppID. */
export interface WechatPayerOpenidTable {
  id: Generated<number>;
  merchant_id: number;
  customer_id: number;
  app_id: string;
  openid: string;
  created_at: number;
  updated_at: number;
}

/** A 微信 网页授权 state: bound to its merchant, customer, session and payment; used once. */
export interface WechatOauthStateTable {
  id: Generated<number>;
  merchant_id: number;
  customer_id: number;
  /** SHA-256 (hex) of the state sent to 微信. */
  state_hash: string;
  /** SHA-256 (hex) of the customer's session token hash. */
  session_hash: string;
  payment_no: string;
  app_id: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** A refund of gateway money to the payer's own account. */
export interface PaymentRefundTable {
  id: Generated<number>;
  merchant_id: number;
  customer_id: number;
  payment_id: number;
  /** The paid gateway trade whose money goes back. */
  trade_id: number;
  provider: string;
  out_refund_no: string;
  provider_refund_no: Generated<string>;
  amount_fen: number;
  /** processing | success | failed */
  status: string;
  reason: string;
  actor_name: string;
  created_at: number;
  updated_at: number;
}

/** One money movement of a customer (the bill); balance_change_fen sums to the balance. */
export interface LedgerEntryTable {
  id: Generated<number>;
  merchant_id: number;
  customer_id: number;
  /** payment | recharge | refund | adjustment */
  type: string;
  /** balance | wechat | alipay | manual */
  method: string;
  /** Signed: money in is positive, money out negative. */
  amount_fen: number;
  balance_change_fen: number;
  balance_after_fen: number;
  payment_id: number | null;
  order_id: number | null;
  order_nos: Generated<string>;
  remark: Generated<string>;
  actor_name: Generated<string>;
  dedupe_key: string | null;
  created_at: number;
}

/** A merchant's staff account (docs/orders.md): roles are a comma-separated list. */
export interface StaffTable {
  id: Generated<number>;
  merchant_id: number;
  account: string;
  name: string;
  password_hash: string;
  roles: string;
  is_active: Generated<number>;
  failed_login_count: Generated<number>;
  locked_until: number | null;
  last_login_at: number | null;
  created_at: number;
  updated_at: number;
  /** Raised by every SaveStaff; a save with an older one is refused (EditConflict). */
  revision: Generated<number>;
}

/**
 * The console's 操作日志: one row per change a staff member made or staff sign-in (modules/audit).
 * Append-only; the database refuses UPDATE and DELETE. JSON columns hold the input (secrets
 * redacted) and the before/after the call supplied.
 */
export interface StaffAuditLogTable {
  id: Generated<number>;
  merchant_id: number;
  staff_id: number | null;
  staff_account: string;
  staff_name: string;
  created_at: number;
  call_name: string;
  action_label: string;
  /** `done` (a change made, a sign-in) or `refused` (a failed sign-in). */
  outcome: string;
  message: Generated<string>;
  target_type: Generated<string>;
  target_id: Generated<string>;
  target_label: Generated<string>;
  input: string;
  before: string | null;
  after: string | null;
  ip: Generated<string>;
}

export interface StaffTokenTable {
  token_hash: string;
  merchant_id: number;
  staff_id: number;
  expires_at: number;
  revoked_at: number | null;
  created_at: number;
}

/** A customer's delivery address (spec §3); at most one per customer has is_default = 1. */
export interface DeliveryAddressTable {
  id: Generated<number>;
  merchant_id: number;
  customer_id: number;
  contacts: string;
  /** Mobile as 11 digits; landline as `area-number[-extension]`. */
  phone_number: string;
  province: string;
  city: string;
  /** '' for the two-level divisions of 港澳. */
  region: string;
  province_code: string;
  city_code: string;
  region_code: string;
  /** The street part. */
  address: string;
  is_default: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A merchant's express company (spec §3) with its fee template (JSON, `@inkstone/domain` express). */
export interface ExpressCompanyTable {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  name: string;
  is_self_pickup: Generated<number>;
  is_default: Generated<number>;
  is_active: Generated<number>;
  sort_order: Generated<number>;
  template_json: string;
  /** Raised by every staff save; a save names the revision it read. */
  revision: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A coupon a merchant issues (docs/addresses-express-coupons.md); remaining_stock never below 0. */
export interface CouponTable {
  id: Generated<number>;
  merchant_id: number;
  /** Stable per merchant (seeding and imports find a coupon by it). */
  code: string;
  name: string;
  description: Generated<string>;
  /** amount | percent */
  discount_type: string;
  amount_off_fen: Generated<number>;
  /** Percent coupons: the percentage paid (90 = 9折). */
  pay_percent: Generated<number>;
  max_discount_fen: number | null;
  threshold_fen: Generated<number>;
  /** all | products | categories */
  scope_type: Generated<string>;
  /** Comma-separated product or category ids. */
  scope_ids: Generated<string>;
  receive_starts_at: number;
  receive_ends_at: number;
  valid_starts_at: number;
  valid_ends_at: number;
  /** When set, a received copy is valid this many days from receipt (within valid_ends_at). */
  valid_days: number | null;
  per_customer_limit: Generated<number>;
  total_stock: number;
  remaining_stock: number;
  is_public: Generated<number>;
  is_active: Generated<number>;
  sort_order: Generated<number>;
  /** Raised by every staff save; a save names the revision it read. */
  revision: Generated<number>;
  created_at: number;
  updated_at: number;
}

/**
 * A coupon a customer holds. status 0 未使用, 1 已使用 (used_order_id set); 已过期 is status 0
 * with valid_ends_at passed, worked out when read.
 */
export interface CustomerCouponTable {
  id: Generated<number>;
  merchant_id: number;
  customer_id: number;
  coupon_id: number;
  status: Generated<number>;
  valid_starts_at: number;
  valid_ends_at: number;
  received_at: number;
  used_at: number | null;
  used_order_id: number | null;
  /** What the coupon took off the order that used it. */
  discount_fen: Generated<number>;
}

/**
 * Site content (docs/website.md). A link is `link_type` (none | product | category | help | url |
 * route) and `link_target`; an image is its URL, a smaller rendition, its size and its alt text.
 */
export interface SiteAdTable {
  id: Generated<number>;
  merchant_id: number;
  /** home_carousel | home_side | login */
  position: string;
  title: string;
  subtitle: Generated<string>;
  image_url: string;
  image_small_url: string;
  image_width: number;
  image_height: number;
  image_alt: Generated<string>;
  link_type: Generated<string>;
  link_target: Generated<string>;
  serial_number: Generated<number>;
  /** Shown from (inclusive) and until (exclusive); null is unbounded. */
  starts_at: number | null;
  ends_at: number | null;
  is_active: Generated<number>;
  /** Raised by every console save; a save names the revision it was edited from. */
  revision: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A group of the home page; `version` null serves every interface version without its own groups. */
export interface SiteHomeGroupTable {
  id: Generated<number>;
  merchant_id: number;
  version: number | null;
  /** carousel | category_grid | hot_products | new_products | notices | rich_text */
  kind: string;
  title: string;
  subtitle: Generated<string>;
  serial_number: Generated<number>;
  is_active: Generated<number>;
  /** Raised by every console save; a save names the revision it was edited from. */
  revision: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface SiteHomeItemTable {
  id: Generated<number>;
  merchant_id: number;
  group_id: number;
  title: string;
  summary: Generated<string>;
  /** Null when the item has no image. */
  image_url: string | null;
  image_small_url: string | null;
  image_width: number | null;
  image_height: number | null;
  image_alt: Generated<string>;
  link_type: Generated<string>;
  link_target: Generated<string>;
  product_id: number | null;
  /** Sanitised HTML of a rich-text item; '' otherwise. */
  html: Generated<string>;
  published_at: number | null;
  serial_number: Generated<number>;
  is_active: Generated<number>;
  /** Raised by every console save; a save names the revision it was edited from. */
  revision: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A navigation entry; `version` null serves every interface version without its own menu. */
export interface SiteMenuTable {
  id: Generated<number>;
  merchant_id: number;
  version: number | null;
  /** top | side | footer */
  position: string;
  parent_id: number | null;
  title: string;
  link_type: Generated<string>;
  link_target: Generated<string>;
  serial_number: Generated<number>;
  is_active: Generated<number>;
  /** Raised by every console save; a save names the revision it was edited from. */
  revision: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface HelpCategoryTable {
  id: Generated<number>;
  merchant_id: number;
  /** A fixed key the site looks for (`about`), unique per merchant; null for ordinary categories. */
  code: string | null;
  title: string;
  serial_number: Generated<number>;
  /** Raised by every console save; a save names the revision it was edited from. */
  revision: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface HelpArticleTable {
  id: Generated<number>;
  merchant_id: number;
  category_id: number;
  title: string;
  /** Sanitised HTML. */
  html: string;
  /** The text of `html` without markup, for search. */
  body_text: string;
  serial_number: Generated<number>;
  is_published: Generated<number>;
  /** Raised by every console save; a save names the revision it was edited from. */
  revision: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A picture the console's rich-text editor uploaded (upload type 16): WebP and its thumbnail. */
export interface SiteImageTable {
  id: Generated<number>;
  merchant_id: number;
  /** SHA-256 (hex) of `image`: its address, /api/site-images/<sha256>.webp. */
  sha256: string;
  upload_type: number;
  /** The uploaded file's own name, shown in the server-file picker. */
  original_name: string;
  image: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
  /** Bytes of `image`. */
  size_bytes: number;
  /** The staff member who uploaded it. */
  created_by: number | null;
  created_at: number;
}

export interface TemplateCategoryTable {
  id: Generated<number>;
  merchant_id: number;
  title: string;
  serial_number: Generated<number>;
  /** Raised by every console save; a save names the revision it was edited from. */
  revision: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface DesignTemplateTable {
  id: Generated<number>;
  merchant_id: number;
  category_id: number;
  title: string;
  product_id: number | null;
  finished_width_mm: number;
  finished_height_mm: number;
  bleed_mm: number;
  preview_url: string;
  preview_small_url: string;
  preview_width: number;
  preview_height: number;
  serial_number: Generated<number>;
  is_active: Generated<number>;
  /** Raised by every console save; a save names the revision it was edited from. */
  revision: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface DesignTemplateFileTable {
  id: Generated<number>;
  merchant_id: number;
  template_id: number;
  /** PDF | AI | CDR | PSD */
  format: string;
  url: string;
  file_name: string;
  size_bytes: number;
  serial_number: Generated<number>;
}

/** A template file the console uploaded (PDF, AI, CDR or PSD), served at /api/template-files/. */
export interface SiteTemplateUploadTable {
  id: Generated<number>;
  merchant_id: number;
  /** SHA-256 (hex) of `content`: part of its address. */
  sha256: string;
  /** PDF | AI | CDR | PSD */
  format: string;
  original_name: string;
  content: Buffer;
  size_bytes: number;
  created_by: number | null;
  created_at: number;
}

/**
 * A merchant's picture of one of its products (docs/catalog.md, "Pictures and 起价"), kept apart
 * from the versioned catalogue file; at most one per (merchant, product).
 */
export interface ProductImageTable {
  id: Generated<number>;
  merchant_id: number;
  /** The product's `Id` in the merchant's catalogue file. */
  product_id: number;
  /** Order among the product's pictures; 0 is the main picture the lists show. */
  position: Generated<number>;
  /** The server picture (`site_images`) a console upload stored; null for an address from elsewhere. */
  site_image_id: number | null;
  image_url: string;
  image_small_url: string;
  image_width: number;
  image_height: number;
  image_alt: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** A product's picture list as a whole: its revision, named by the console's saves. */
export interface ProductImageSetTable {
  id: Generated<number>;
  merchant_id: number;
  product_id: number;
  revision: Generated<number>;
  updated_at: number;
}

/** A batch-ordering submission (docs/batch-ordering.md): its key, and the result it gave. */
export interface BatchOrderRequestTable {
  id: Generated<number>;
  merchant_id: number;
  customer_id: number;
  request_key: string;
  target: string;
  /** The AnalysisCreateOrder reply it gave (JSON); '' until its transaction writes it. */
  result_json: Generated<string>;
  created_at: number;
}

export interface Database {
  merchants: MerchantTable;
  api_clients: ApiClientTable;
  app_tokens: AppTokenTable;
  rate_limit_counters: RateLimitCounterTable;
  customers: CustomerTable;
  customer_avatars: CustomerAvatarTable;
  merchant_logos: MerchantLogoTable;
  customer_notification_preferences: CustomerNotificationPreferenceTable;
  unknown_login_accounts: UnknownLoginAccountTable;
  access_tokens: AccessTokenTable;
  sms_codes: SmsCodeTable;
  sms_outbox: SmsOutboxTable;
  merchant_sms_settings: MerchantSmsSettingsTable;
  sms_deliveries: SmsDeliveryTable;
  captchas: CaptchaTable;
  upload_blobs: UploadBlobTable;
  server_files: ServerFileTable;
  upload_sessions: UploadSessionTable;
  upload_chunks: UploadChunkTable;
  server_instances: ServerInstanceTable;
  readiness_probes: ReadinessProbeTable;
  catalogs: CatalogTable;
  customer_balances: CustomerBalanceTable;
  orders: OrderTable;
  order_lines: OrderLineTable;
  order_files: OrderFileTable;
  order_events: OrderEventTable;
  payments: PaymentTable;
  payment_orders: PaymentOrderTable;
  payment_notifications: PaymentNotificationTable;
  payment_gateway_accounts: PaymentGatewayAccountTable;
  payment_trades: PaymentTradeTable;
  payment_refunds: PaymentRefundTable;
  gateway_test_payments: GatewayTestPaymentTable;
  wechat_platform_certificates: WechatPlatformCertificateTable;
  wechat_payer_openids: WechatPayerOpenidTable;
  wechat_oauth_states: WechatOauthStateTable;
  ledger_entries: LedgerEntryTable;
  staff: StaffTable;
  staff_tokens: StaffTokenTable;
  staff_audit_log: StaffAuditLogTable;
  delivery_addresses: DeliveryAddressTable;
  express_companies: ExpressCompanyTable;
  coupons: CouponTable;
  customer_coupons: CustomerCouponTable;
  site_ads: SiteAdTable;
  site_home_groups: SiteHomeGroupTable;
  site_home_items: SiteHomeItemTable;
  site_menus: SiteMenuTable;
  help_categories: HelpCategoryTable;
  help_articles: HelpArticleTable;
  site_images: SiteImageTable;
  template_categories: TemplateCategoryTable;
  design_templates: DesignTemplateTable;
  design_template_files: DesignTemplateFileTable;
  site_template_uploads: SiteTemplateUploadTable;
  product_images: ProductImageTable;
  product_image_sets: ProductImageSetTable;
  batch_order_requests: BatchOrderRequestTable;
}
