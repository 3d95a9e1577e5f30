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
  AccountNotFound: -1040,
  WrongPassword: -1041,
  AccountLocked: -1042,
  AccountDisabled: -1043,
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
    meaning: '访问令牌未知、已注销（退出登录、修改密码）或属于其他商户',
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
  AccountNotFound: { message: '账号不存在', httpStatus: 200, meaning: '该商户下没有此账号' },
  WrongPassword: { message: '账号或密码错误', httpStatus: 200, meaning: '密码不正确' },
  AccountLocked: {
    message: '密码错误次数过多，账号已锁定15分钟',
    httpStatus: 200,
    meaning: '连续 5 次密码错误，账号锁定 15 分钟',
  },
  AccountDisabled: { message: '账号已停用，请联系商家', httpStatus: 200, meaning: '商户停用了此客户账号' },
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
