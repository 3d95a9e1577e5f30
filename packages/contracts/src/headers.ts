/** The four request headers of spec §7, lower-case as HTTP/2 and Node deliver them. */
export const RequestHeader = {
  AppId: 'appid',
  AuthToken: 'authtoken',
  AccessToken: 'accesstoken',
  DomainName: 'domainname',
} as const;

/** Response header carrying the request id, for support and log correlation. */
export const REQUEST_ID_HEADER = 'x-request-id';
