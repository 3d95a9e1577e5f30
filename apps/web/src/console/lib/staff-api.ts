import {
  ApiCode,
  STAFF_TOKEN_HEADER,
  type CallContract,
  type CallInput,
  type CallOutput,
  type Envelope,
} from '@inkstone/contracts';
import { staffSession } from './staff-session.ts';

/** The reply of a staff call that did not succeed: the server's message and code. */
export class StaffApiError extends Error {
  constructor(
    message: string,
    readonly apiCode: number | null,
  ) {
    super(message);
    this.name = 'StaffApiError';
  }
}

/** Codes after which the staff token is of no use: the member signs in again. */
const SIGNED_OUT_CODES: readonly number[] = [ApiCode.StaffLoginRequired, ApiCode.StaffLoginExpired];

const TIMEOUT_MS = 15_000;

let onSignedOut: () => void = () => undefined;

/** What to do when the server says the session is over (the console goes to its sign-in page). */
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

/**
 * Makes one staff call of the registry (packages/contracts/src/registry/staff.ts) on this
 * merchant's host with the session's `stafftoken`. Resolves with the data; rejects with the
 * server's Chinese message. A staff call that changes anything is never sent twice.
 */
export async function staffCall<C extends CallContract>(
  contract: C,
  body: CallInput<C>,
): Promise<CallOutput<C>> {
  const response = await send(contract, body);
  return (await readEnvelope<CallOutput<C>>(response)).data;
}

/**
 * Makes a staff call whose success reply is an HTML page (`htmlReply`: PrintOrders) and resolves
 * with the page; a refusal is the usual envelope and rejects with its message.
 */
export async function staffPage<C extends CallContract>(contract: C, body: CallInput<C>): Promise<string> {
  const response = await send(contract, body);
  if (response.ok && (response.headers.get('content-type') ?? '').startsWith('text/html')) {
    return response.text();
  }
  await readEnvelope(response);
  throw new StaffApiError('服务器响应异常', null);
}

/**
 * Makes a multipart staff call (`multipart`: UploadSiteLogo) with `form` as its body and resolves
 * with the data; rejects with the server's Chinese message.
 */
export async function staffUpload<C extends CallContract>(
  contract: C,
  form: FormData,
): Promise<CallOutput<C>> {
  const response = await send(contract, form, 60_000);
  return (await readEnvelope<CallOutput<C>>(response)).data;
}

/** A file a staff call answered with (`fileReply`: ExportOrders). */
export interface StaffFile {
  blob: Blob;
  /** From Content-Disposition (`filename*`, RFC 5987); empty when it names none. */
  fileName: string;
}

/**
 * Makes a staff call whose success reply is a file and resolves with its bytes and name; a
 * refusal is the usual envelope and rejects with its message. An export may take long: no time-out.
 */
export async function staffFile<C extends CallContract>(contract: C, body: CallInput<C>): Promise<StaffFile> {
  const response = await send(contract, body, null);
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && contract.fileReply && type.startsWith(contract.fileReply.mediaType)) {
    const disposition = response.headers.get('content-disposition') ?? '';
    const encoded = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(disposition)?.[1];
    let fileName = '';
    try {
      fileName = encoded ? decodeURIComponent(encoded) : '';
    } catch {
      // A malformed name: the browser's own default.
    }
    return { blob: await response.blob(), fileName };
  }
  await readEnvelope(response);
  throw new StaffApiError('服务器响应异常', null);
}

async function send<C extends CallContract>(
  contract: C,
  body: CallInput<C> | FormData,
  timeoutMs: number | null = TIMEOUT_MS,
): Promise<Response> {
  const token = staffSession.get()?.token ?? '';
  const isForm = body instanceof FormData;
  try {
    return await fetch(contract.path, {
      method: contract.method,
      // A multipart body sets its own content type (with the boundary).
      headers: {
        ...(isForm ? {} : { 'content-type': 'application/json' }),
        ...(token ? { [STAFF_TOKEN_HEADER]: token } : {}),
      },
      body: isForm ? body : JSON.stringify({ bizcontent: body ?? {} }),
      ...(timeoutMs === null ? {} : { signal: AbortSignal.timeout(timeoutMs) }),
    });
  } catch (error) {
    const isTimeout = error instanceof DOMException && error.name === 'TimeoutError';
    throw new StaffApiError(
      isTimeout ? '服务器响应超时，请稍后再试' : '网络连接失败，请检查网络后再试',
      null,
    );
  }
}

/** The reply's envelope when it succeeded; otherwise rejects with its message (and ends a dead session). */
async function readEnvelope<T>(response: Response): Promise<Envelope<T>> {
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new StaffApiError(`服务器响应异常（HTTP ${response.status}）`, null);
  }
  if (!envelope.success) {
    if (staffSession.get() && SIGNED_OUT_CODES.includes(envelope.apiCode)) {
      staffSession.clear();
      onSignedOut();
    }
    throw new StaffApiError(envelope.message || '操作失败', envelope.apiCode);
  }
  return envelope;
}

/** The message of a failed call (or of anything else thrown) for a toast or an alert. */
export function errorMessage(error: unknown): string {
  if (error instanceof StaffApiError) return error.message;
  return error instanceof Error && error.message ? error.message : '操作失败，请稍后再试';
}
