import { API_CODES, type ApiCodeName, ApiCode } from '@inkstone/contracts';

/** An expected failure that becomes an envelope with this code and Chinese message. */
export class AppError extends Error {
  readonly apiCode: number;
  readonly httpStatus: number;

  constructor(name: ApiCodeName, message?: string) {
    const entry = API_CODES[name];
    super(message ?? entry.message);
    this.name = 'AppError';
    this.apiCode = ApiCode[name];
    this.httpStatus = entry.httpStatus;
  }
}
