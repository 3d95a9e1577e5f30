import {
  ApiCode,
  ERROR_TOAST_DEBOUNCE_MS,
  EXPORT_TIMEOUT_MS,
  LOGIN_EXPIRED_CODES,
  LOGIN_EXPIRED_MESSAGE,
  REQUEST_TIMEOUT_MS,
  RETRY_DELAY_MS,
  RequestHeader,
  oauthCalls,
} from '@inkstone/contracts';
import type { CallContract, CallInput, CallOutput, Envelope, OauthToken } from '@inkstone/contracts';
import { session } from './session.ts';
import type { SessionStore } from './session.ts';
import { createDebouncedToast } from './debounced-toast.ts';
import { appState } from './company.ts';
import { feedback } from './feedback.ts';
import { redirectToLogin } from './navigation.ts';
import { firstPageReplies, type FirstPageReplies } from './first-page-replies.ts';

/** Messages of spec §8 the client shows when the server has not said anything better. */
export const ClientMessage = {
  BusinessFailed: '服务端接口反馈失败1',
  HttpFailed: '服务端接口反馈失败',
  RequestFailed: '接口请求失败',
  NoData: '服务器未响应',
} as const;

/** Why a call failed: what the caller may want to react to. */
export type ApiFailureKind =
  'business' | 'login-expired' | 'http' | 'no-data' | 'network' | 'timeout' | 'aborted';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiFailureKind,
    readonly apiCode: number | null = null,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** GET query parameters. */
  query?: Record<string, QueryValue>;
  /** Send the appid/authtoken/accesstoken/domainname headers (default true). */
  useToken?: boolean;
  /** Do not toast a failure; the caller shows it (login-expired is still announced). */
  ignoreAlert?: boolean;
  /** Do not toast apiCode -1001 (already exists); the caller shows it inline. */
  ignoreExists?: boolean;
  /** A login-expired reply just fails, without retry or ending the session (Logout: it ends anyway). */
  ignoreLoginExpired?: boolean;
  /** Send the body as given instead of wrapping it in `{bizcontent}`. */
  rawBody?: boolean;
  timeoutMs?: number;
  responseType?: 'json' | 'blob' | 'text';
  /** The caller gave up (an upload the customer stopped): the call fails as `aborted`, silently. */
  signal?: AbortSignal;
  /**
   * A binary reply (`responseType: 'blob'`): told the bytes received so far and the reply's
   * headers, once when the reply starts and again as each piece arrives.
   */
  onProgress?(receivedBytes: number, headers: Headers): void;
  /**
   * The call only reads: when the network fails or it times out, it is sent once more after 1 s
   * (spec §9). Set for GET calls and registry calls marked `idempotent`, never for a payment or
   * an order placement.
   */
  retryOnNetworkFailure?: boolean;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  /** Prefix of every path; empty in the browser (same origin). */
  baseUrl?: string;
  session: SessionStore;
  /** The web client's credentials from the company info, for RequestOauthToken. */
  getAppCredentials(): { appId: string; appSecret: string } | null;
  /** Shows one error toast; the client debounces the calls. */
  showError(message: string): void;
  /** The session ended (login-expired twice): take the visitor to the version's login. */
  onLoginExpired(): void;
  now?(): number;
  /** The answers the page was sent with, taken instead of the network (lib/first-page-replies.ts). */
  firstPageReplies?: FirstPageReplies;
}

export interface ApiClient {
  /**
   * Makes one call of the registry (packages/contracts): its method, path and body shape come
   * from the entry, and the reply is typed by it. A GET sends `body` as its query; a multipart
   * call takes a `FormData`.
   */
  call<C extends CallContract>(
    contract: C,
    body?: CallInput<C> | FormData,
    options?: Omit<RequestOptions, 'query' | 'rawBody'>,
  ): Promise<CallOutput<C>>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  /** A JSON body is wrapped in `{bizcontent}`; a `FormData` body goes as multipart, unwrapped. */
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** A binary download (Excel export): 900 s time-out. */
  exportFile(path: string, body?: unknown, options?: RequestOptions): Promise<Blob>;
  /**
   * Makes a registry call whose success reply is a file (`fileReply`, e.g. post_export_excel):
   * 900 s time-out (spec §9), progress as the bytes arrive, and the file's name from its
   * Content-Disposition. A refusal fails like any call, with the server's message.
   */
  download<C extends CallContract>(
    contract: C,
    body: CallInput<C>,
    options?: Omit<RequestOptions, 'query' | 'rawBody' | 'responseType'>,
  ): Promise<DownloadedFile>;
  /** Request an app token unless the session holds one that has not expired. */
  ensureAppToken(): Promise<void>;
  /** Request a new app token now. Concurrent callers share one request. */
  requestAppToken(): Promise<void>;
}

/** A file a call answered with. */
export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition (`filename*`, RFC 5987, else `filename`); empty when it names none. */
  fileName: string;
}

/** The file name a Content-Disposition header gives: `filename*=UTF-8''…` first, then `filename="…"`. */
export function attachmentFileName(disposition: string | null): string {
  if (!disposition) return '';
  const encoded = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  return (
    /filename\s*=\s*"([^"]*)"/i.exec(disposition)?.[1] ??
    /filename\s*=\s*([^;\s]+)/i.exec(disposition)?.[1] ??
    ''
  );
}

/** A reply's body as a Blob, telling `onProgress` the bytes as they arrive. */
async function readBlob(response: Response, onProgress: RequestOptions['onProgress']): Promise<Blob> {
  if (!onProgress || !response.body) return response.blob();
  onProgress(0, response.headers);
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onProgress(received, response.headers);
  }
  return new Blob(parts as BlobPart[], { type: response.headers.get('content-type') ?? '' });
}

/** The message of a call its caller stopped (spec §8: an upload stopped midway). */
export const ABORTED_MESSAGE = '中途停止';

/** An app token is renewed this long before the server says it expires. */
const APP_TOKEN_MARGIN_MS = 30_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function withQuery(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

function parseEnvelope(text: string): Envelope<unknown> | null {
  if (!text.trim()) return null;
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && 'success' in value) return value as Envelope<unknown>;
    return null;
  } catch {
    return null;
  }
}

const abortedError = () => new ApiError(ABORTED_MESSAGE, 'aborted');

function buildHeaders(
  session: SessionStore,
  method: string,
  options: RequestOptions,
  isForm: boolean,
): Headers {
  const headers = new Headers({ accept: 'application/json' });
  // A multipart body sets its own content type (with the boundary).
  if (method === 'POST' && !isForm) headers.set('content-type', 'application/json');
  if (options.useToken !== false) {
    const current = session.get();
    const values: [string, string][] = [
      [RequestHeader.AppId, current.appid],
      [RequestHeader.AuthToken, current.authToken],
      [RequestHeader.AccessToken, current.accessToken],
      [RequestHeader.DomainName, current.companyCode],
    ];
    for (const [name, value] of values) if (value) headers.set(name, value);
  }
  return headers;
}

/** What came back: a download as asked for, the reply's text, or no reply (network, time-out, stopped). */
type Reply =
  | { kind: 'raw'; value: Blob | string }
  | { kind: 'text'; response: Response; text: string }
  | { kind: 'failed'; error: ApiError };

/** One HTTP exchange, within the time-out and stopped when the caller's signal aborts. */
async function fetchReply(
  deps: ApiClientDeps,
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  options: RequestOptions,
): Promise<Reply> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const sentBody =
    method !== 'POST' || isForm ? undefined : options.rawBody ? body : { bizcontent: body ?? {} };
  // The page may have been sent with this call's answer (lib/first-page-replies.ts).
  const brought = sentBody === undefined ? undefined : deps.firstPageReplies?.take(path, sentBody);
  if (brought !== undefined) {
    const response = new Response(brought, { status: 200, headers: { 'content-type': 'application/json' } });
    return { kind: 'text', response, text: brought };
  }
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const abortByCaller = () => controller.abort();
  options.signal?.addEventListener('abort', abortByCaller, { once: true });
  try {
    const response = await deps.fetch(`${deps.baseUrl ?? ''}${withQuery(path, options.query)}`, {
      method,
      headers: buildHeaders(deps.session, method, options, isForm),
      body: method !== 'POST' ? undefined : isForm ? (body as FormData) : JSON.stringify(sentBody),
      signal: controller.signal,
    });
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    if (response.ok && options.responseType && options.responseType !== 'json' && !isJson) {
      const value =
        options.responseType === 'blob'
          ? await readBlob(response, options.onProgress)
          : await response.text();
      return { kind: 'raw', value };
    }
    return { kind: 'text', response, text: await response.text() };
  } catch {
    if (options.signal?.aborted && !timedOut) return { kind: 'failed', error: abortedError() };
    return {
      kind: 'failed',
      error: new ApiError(ClientMessage.RequestFailed, timedOut ? 'timeout' : 'network'),
    };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortByCaller);
  }
}

/**
 * The app token (spec §8): requested when missing or about to expire, renewed on request;
 * concurrent callers share one request. `requestToken` makes the RequestOauthToken call.
 */
function createAppTokens(
  deps: ApiClientDeps,
  now: () => number,
  requestToken: (credentials: { appId: string; appSecret: string }) => Promise<OauthToken>,
) {
  let tokenRequest: Promise<void> | null = null;

  function requestAppToken(): Promise<void> {
    tokenRequest ??= (async () => {
      const credentials = deps.getAppCredentials();
      if (!credentials) throw new ApiError(ClientMessage.RequestFailed, 'network');
      const token = await requestToken(credentials);
      deps.session.patch({
        appid: credentials.appId,
        authToken: token.Token,
        authTokenExpiresAt: now() + token.ExpiresIn * 1000,
      });
    })().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  async function ensureAppToken(): Promise<void> {
    const { authToken, authTokenExpiresAt } = deps.session.get();
    const isFresh =
      authToken !== '' && (authTokenExpiresAt === 0 || authTokenExpiresAt - APP_TOKEN_MARGIN_MS > now());
    if (!isFresh) await requestAppToken();
  }

  return { requestAppToken, ensureAppToken };
}

type Send = <T>(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  options: RequestOptions,
  attempt: number,
) => Promise<T>;

/** The client's methods over `send`: registry calls, plain GET/POST, downloads, and the app token. */
function clientOf(send: Send, tokens: ReturnType<typeof createAppTokens>): ApiClient {
  return {
    call: <C extends CallContract>(
      contract: C,
      body?: CallInput<C> | FormData,
      options: Omit<RequestOptions, 'query' | 'rawBody'> = {},
    ) =>
      contract.method === 'GET'
        ? send<CallOutput<C>>(
            'GET',
            contract.path,
            undefined,
            {
              retryOnNetworkFailure: true,
              ...options,
              query: (body ?? undefined) as Record<string, QueryValue> | undefined,
            },
            0,
          )
        : send<CallOutput<C>>(
            'POST',
            contract.path,
            body,
            { retryOnNetworkFailure: contract.idempotent === true, ...options, rawBody: contract.rawBody },
            0,
          ),
    get: (path, options = {}) => send('GET', path, undefined, { retryOnNetworkFailure: true, ...options }, 0),
    post: (path, body, options = {}) => send('POST', path, body, options, 0),
    exportFile: (path, body, options = {}) =>
      send<Blob>('POST', path, body, { timeoutMs: EXPORT_TIMEOUT_MS, responseType: 'blob', ...options }, 0),
    download: async (contract, body, options = {}) => {
      let headers: Headers | null = null;
      const blob = await send<Blob>(
        'POST',
        contract.path,
        body,
        {
          timeoutMs: EXPORT_TIMEOUT_MS,
          retryOnNetworkFailure: contract.idempotent === true,
          ...options,
          responseType: 'blob',
          onProgress: (received, replyHeaders) => {
            headers = replyHeaders;
            options.onProgress?.(received, replyHeaders);
          },
        },
        0,
      );
      return {
        blob,
        fileName: attachmentFileName((headers as Headers | null)?.get('content-disposition') ?? null),
      };
    },
    ...tokens,
  };
}

/** The HTTP client of spec §8. Every call of the web app goes through one instance of it. */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const now = deps.now ?? (() => Date.now());
  const toastError = createDebouncedToast(deps.showError, ERROR_TOAST_DEBOUNCE_MS);
  const tokens = createAppTokens(deps, now, (credentials) =>
    send<OauthToken>(
      'POST',
      oauthCalls.RequestOauthToken.path,
      { appid: credentials.appId, bizcontent: { secret: credentials.appSecret } },
      { useToken: false, rawBody: true },
      0,
    ),
  );

  function fail(error: ApiError, options: RequestOptions, silent = false): never {
    if (!silent && !options.ignoreAlert) toastError(error.message);
    throw error;
  }

  async function send<T>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    options: RequestOptions,
    attempt: number,
  ): Promise<T> {
    const useToken = options.useToken !== false;
    if (options.signal?.aborted) throw abortedError();
    if (useToken) await tokens.ensureAppToken();
    if (options.signal?.aborted) throw abortedError();

    const reply = await fetchReply(deps, method, path, body, options);
    if (reply.kind === 'raw') return reply.value as T;
    if (reply.kind === 'failed') {
      if (reply.error.kind === 'aborted') throw reply.error;
      if (options.retryOnNetworkFailure && attempt === 0) {
        await sleep(RETRY_DELAY_MS);
        if (options.signal?.aborted) throw abortedError();
        return send<T>(method, path, body, options, attempt + 1);
      }
      return fail(reply.error, options);
    }
    const { response } = reply;
    const envelope = parseEnvelope(reply.text);
    if (!response.ok) {
      const message = envelope?.message || ClientMessage.HttpFailed;
      return fail(new ApiError(message, 'http', envelope?.apiCode ?? null, response.status), options);
    }
    if (!envelope) return fail(new ApiError(ClientMessage.NoData, 'no-data', null, response.status), options);
    if (envelope.success) return envelope.data as T;

    const code = envelope.apiCode;
    if (useToken && LOGIN_EXPIRED_CODES.includes(code)) {
      if (options.ignoreLoginExpired) throw new ApiError(LOGIN_EXPIRED_MESSAGE, 'login-expired', code);
      if (attempt === 0) {
        await sleep(RETRY_DELAY_MS);
        if (options.signal?.aborted) throw abortedError();
        if (code === ApiCode.AppTokenInvalid) await tokens.requestAppToken().catch(() => undefined);
        return send<T>(method, path, body, options, attempt + 1);
      }
      deps.session.clearLogin();
      toastError(LOGIN_EXPIRED_MESSAGE);
      deps.onLoginExpired();
      return fail(new ApiError(LOGIN_EXPIRED_MESSAGE, 'login-expired', code), options, true);
    }
    const silent = options.ignoreExists === true && code === ApiCode.AlreadyExists;
    const message = envelope.message || ClientMessage.BusinessFailed;
    return fail(new ApiError(message, 'business', code), options, silent);
  }

  return clientOf(send, tokens);
}

/** The app's one client: same origin, this tab's session, antd toasts. */
export const api: ApiClient = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  session,
  getAppCredentials() {
    const info = appState.get().companyInfo;
    return info ? { appId: info.AppId, appSecret: info.AppSecret } : null;
  },
  showError: (message) => feedback.error(message),
  onLoginExpired: () => redirectToLogin(),
  firstPageReplies,
});
