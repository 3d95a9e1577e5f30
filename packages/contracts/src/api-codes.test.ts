import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  API_CODES,
  ApiCode,
  LOGIN_EXPIRED_CODES,
  LOGIN_EXPIRED_MESSAGE,
  findApiCodeEntry,
  type ApiCodeName,
} from './api-codes.ts';
import { renderApiCodesDoc } from './api-codes-doc.ts';

const docPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/api-codes.md');

describe('reply-code catalogue', () => {
  it('gives every code a Chinese message and a distinct number', () => {
    const names = Object.keys(ApiCode) as ApiCodeName[];
    expect(new Set(names.map((name) => ApiCode[name])).size).toBe(names.length);
    for (const name of names) expect(API_CODES[name].message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('keeps the spec §8 login-expired codes and message', () => {
    expect([...LOGIN_EXPIRED_CODES].sort((a, b) => a - b)).toEqual([-202, -201, -200, -101]);
    for (const code of LOGIN_EXPIRED_CODES)
      expect(findApiCodeEntry(code)?.message).toBe(LOGIN_EXPIRED_MESSAGE);
    expect(LOGIN_EXPIRED_MESSAGE).toBe('登录已失效，请重新登录');
    expect(ApiCode.AlreadyExists).toBe(-1001);
  });

  it('matches docs/api-codes.md', () => {
    expect(fs.readFileSync(docPath, 'utf8')).toBe(renderApiCodesDoc());
  });
});
