import { API_CODES, ApiCode, type ApiCodeName } from './api-codes.ts';

/** The Markdown table of docs/api-codes.md, made from the catalogue so the two never disagree. */
export function renderApiCodesDoc(): string {
  const rows = (Object.keys(API_CODES) as ApiCodeName[]).map((name) => {
    const entry = API_CODES[name];
    return `| ${ApiCode[name]} | ${name} | ${entry.httpStatus} | ${entry.message} | ${entry.meaning} |`;
  });
  return [
    '# Reply codes',
    '',
    'Every reply is `{ success, data, message, apiCode }`. This table is generated from',
    '`packages/contracts/src/api-codes.ts` (`npm run docs:api-codes`); a unit test fails when it is stale.',
    '',
    'Business outcomes travel with HTTP 200 and `success: false`; protocol faults keep their HTTP status.',
    'The four login-expired codes (-101, -200, -201, -202) all carry the message of spec §8; the client',
    "retries once after 1 s, then clears the session and goes to the version's login page.",
    '',
    '| apiCode | name | HTTP | message | meaning |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
