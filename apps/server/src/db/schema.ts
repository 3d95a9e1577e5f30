import type { Generated } from 'kysely';

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

export interface Database {
  merchants: MerchantTable;
  api_clients: ApiClientTable;
  app_tokens: AppTokenTable;
  customers: CustomerTable;
  access_tokens: AccessTokenTable;
  sms_codes: SmsCodeTable;
  sms_outbox: SmsOutboxTable;
  captchas: CaptchaTable;
}
