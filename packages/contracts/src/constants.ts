/** Business constants and limits of spec §9, and the browser-storage keys of spec §3. */

/** Request time-out in ms (spec §9). */
export const REQUEST_TIMEOUT_MS = 15_000;
/** Export time-out in ms: 15 minutes (spec §7, §9). */
export const EXPORT_TIMEOUT_MS = 900_000;
/** One retry, one second after a login-expired or failed request (spec §8, §9). */
export const RETRY_DELAY_MS = 1_000;
/** Error toasts are debounced (spec §8). */
export const ERROR_TOAST_DEBOUNCE_MS = 500;
/** Default page size and first page (spec §9). */
export const DEFAULT_PAGE_SIZE = 10;
export const FIRST_PAGE = 1;
/** List reloads are debounced (spec §9). */
export const LIST_RELOAD_DEBOUNCE_MS = 300;
/** Upload chunk size in bytes (spec §9): 2 MiB. */
export const UPLOAD_CHUNK_SIZE = 2_097_152;
/**
 * Most chunk requests of one file the web client keeps in flight at once, when the server's
 * upload replies allow more than one (`ChunksInFlight`; docs/uploads.md).
 */
export const UPLOAD_MAX_CHUNKS_IN_FLIGHT = 3;
/** Verification-code resend countdown in seconds (spec §4, §9). */
export const SMS_RESEND_COUNTDOWN_SECONDS = 120;
/** Upload types (spec §9). */
export const UploadType = { Default: 1, Editor: 16, ExcelImport: 4 } as const;
/** Coupon lists page size (spec §9). */
export const COUPON_PAGE_SIZE = 1000;
/** Server-file picker (spec §2, §9). */
export const FILE_PICKER_MAX_FILES = 1000;
export const FILE_PICKER_DIALOG_WIDTH = 1160;
export const FILE_PICKER_CARD_WIDTH = 202;
/** Upload card maximum file counts (spec §5, §9). */
export const MAX_FILES_DEFAULT = 5;
export const MAX_FILES_IMPORT = 1;
/** Print window opens after this delay; import flag set after upload (spec §4, §9). */
export const PRINT_OPEN_DELAY_MS = 300;
export const IMPORT_UPLOAD_FLAG_DELAY_MS = 500;
/** Chunk or CSS load time-out (spec §8). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Theme preference: 2 is red, anything else green (spec §1, §9). */
export const THEME_RED = 2;
/** Verification message defaults (spec §6, §9). */
export const SMS_ROLE_TYPE_DEFAULT = 4;
export const SMS_MESSAGE_TYPE_DEFAULT = 1;
/** Region tree (spec §3, §9). */
export const REGION_ROOT_CODE = '86';
export const REGION_TREE_DEPTH = 3;
/** Category query of spec §7. */
export const CATEGORY_QUERY = { pageindex: 0, limit: 999_999, ClientIsShow: true, belonging: 1 } as const;

/** SMS message types: what the code will be used for. 1 is the spec's default (注册). */
export const SmsMessageType = { Register: 1, Login: 2, RetrievePassword: 3 } as const;
export type SmsMessageType = (typeof SmsMessageType)[keyof typeof SmsMessageType];

/** Interface versions (spec §1). */
export const InterfaceVersion = { V1: 1, V2: 2, V3: 3, V4: 4 } as const;
export type InterfaceVersion = (typeof InterfaceVersion)[keyof typeof InterfaceVersion];

/**
 * Browser-storage keys (spec §3). The long-term token key is per company: see `longTermTokenKey`.
 * What each holds, when it is cleared, and why three are not used: docs/browser-storage.md.
 */
export const StorageKey = {
  LongTermAccessToken: 'inkstone_long_term_access_token',
  LeftMenuStatus: 'inkstone_left_menu_status',
  LoginUserInfo: 'inkstone_login_user_info',
  IntroIgnored: 'inkstone_intro_ignored',
  StyleColorTemplateIndex: 'inkstone_style_color_template_index',
  DefaultStyleColor: 'inkstone_default_style_color',
  CustomStyle: 'inkstone_custom_style',
  CustomColor: 'inkstone_custom_color',
  CustomAttributeType: 'inkstone_custom_attribute_type',
  CustomProductSize: 'inkstone_custom_product_size',
  SaveProductSizeVerification: 'inkstone_save_product_size_verification',
  ExecProductSizeVerification: 'inkstone_exec_product_size_verification',
  SelectedQuantity: 'inkstone_selected_quantity',
  TechnologyExcludeIds: 'inkstone_technology_exclude_ids',
  SavedValidInfo: 'inkstone_saved_valid_info',
  Session: 'inkstone_session',
  CompanyInfo: 'inkstone_company_info',
} as const;

/** The long-term access token is stored under a company-specific name (spec §3). */
export function longTermTokenKey(companyCode: string): string {
  return `${StorageKey.LongTermAccessToken}_${companyCode}`;
}
