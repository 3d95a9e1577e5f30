/**
 * docs/spec-coverage.md, made from the spec-conformance table (spec-table.ts) so the page and the
 * tests read the same rows. `npm run docs:spec-coverage` writes it; a unit test fails when stale.
 */
import type { CallAuth, CallContract } from '../call-contract.ts';
import { calls } from '../registry/index.ts';
import {
  ADDITIONAL_CALLS,
  SPEC_CALLS,
  SPEC_LOGIN_PATHS,
  SPEC_ROUTES,
  type SpecCall,
  type SpecRoute,
  type SpecVersion,
} from './spec-table.ts';

const AUTH_TEXT: Record<CallAuth, string> = {
  public: 'none',
  app: 'app token',
  customer: 'signed in',
  staff: 'staff token',
};

/** A Markdown table cell: pipes escaped, line breaks folded. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

function code(text: string): string {
  return `\`${text}\``;
}

function callState(row: SpecCall): string {
  if (row.state.kind === 'not-implemented') {
    return `**not implemented** — planned in ${row.state.plannedIn}. ${row.state.reason}`;
  }
  const answer = row.sample ? `sample answers ${code(row.sample.answers)}` : 'no sample';
  return `implemented (${answer})`;
}

function callFields(row: SpecCall): string {
  if (row.fields.length === 0) return '—';
  const names = row.fields.map(code).join(', ');
  return row.fieldsFrom ? `${names} (${row.fieldsFrom})` : names;
}

function callKind(row: SpecCall): string {
  const kinds = [row.multipart ? 'multipart' : '', row.reply ? `${row.reply} reply` : ''].filter(Boolean);
  return kinds.length ? ` (${kinds.join(', ')})` : '';
}

function routeBehaviour(row: SpecRoute): string {
  const parts: string[] = [];
  if (row.redirectsTo) parts.push(`forwards to ${code(row.redirectsTo)}`);
  if (row.guard === 'login') {
    parts.push(`signed out: ${code(`${SPEC_LOGIN_PATHS[row.version]}?redirect=…`)}`);
  }
  if (row.guestOnly) parts.push('signed in: the start page');
  const behaviour = parts.join('; ');
  if (!row.note) return behaviour || '—';
  return behaviour ? `${behaviour}. ${row.note}` : row.note;
}

function routeState(row: SpecRoute): string {
  if (row.state.kind === 'partial') {
    return `**partial** — shows 「${row.state.placeholder}」; planned in ${row.state.plannedIn}. ${row.state.reason}`;
  }
  return 'implemented';
}

function additionalCallRows(): string[] {
  const entries = Object.entries(calls).flatMap(([module, group]) =>
    Object.entries(group as Record<string, CallContract>).map(
      ([name, contract]) => [`${module}.${name}`, contract] as const,
    ),
  );
  return Object.entries(ADDITIONAL_CALLS).map(([name, purpose]) => {
    const contract = entries.find(([key]) => key === name)?.[1];
    const address = contract ? code(`${contract.method} ${contract.path}`) : '(not in the registry)';
    const auth = contract ? AUTH_TEXT[contract.auth] : '—';
    return `| ${code(name)} | ${address} | ${auth} | ${cell(purpose)} |`;
  });
}

function count<T>(rows: readonly T[], test: (row: T) => boolean): number {
  return rows.filter(test).length;
}

/** The whole Markdown page. */
export function renderSpecCoverageDoc(): string {
  const implementedCalls = count(SPEC_CALLS, (row) => row.state.kind === 'implemented');
  const implementedRoutes = count(SPEC_ROUTES, (row) => row.state.kind === 'implemented');
  const versions: SpecVersion[] = [1, 2, 3, 4];
  const versionTitle: Record<SpecVersion, string> = {
    1: 'Default version (v1)',
    2: 'Version 2',
    3: 'Version 3',
    4: 'Version 4',
  };
  return [
    '# Spec coverage',
    '',
    'Every call of spec §7 and every route of spec §2, as the spec writes them, with the state of each',
    'in this product. This page is generated (`npm run docs:spec-coverage`) from the table in',
    '`packages/contracts/src/spec/spec-table.ts`, and a unit test fails when it is stale. The table',
    'lives in the contracts package, so lint and typecheck cover it and both test suites import it;',
    'the web app does not import it.',
    '',
    'Spec §3’s browser-storage keys and client order state are not calls or routes: what each key',
    'holds, and which are not used and why, and the quote screen’s order state under the spec’s',
    'names, are in [browser-storage.md](browser-storage.md), checked by the web app’s unit tests.',
    '',
    'Two suites are generated from the table and run in CI:',
    '',
    '- **API** (`apps/server/src/spec-conformance.test.ts`, in `npm test` and `npm run test:pg`): each',
    '  implemented call is served at the path as the spec writes it (the server matches paths',
    '  case-insensitively), answers the envelope `{success, data, message, apiCode}`, refuses a',
    '  request without the app token with -101 and, when it needs a signed-in customer, one without',
    '  the access token with -200 (spec §8), and answers its sample — a request in the spec’s field',
    '  names — with the code the table states; the call’s schema knows each field the spec names.',
    '  A call not implemented yet must answer -1004 接口不存在, so the table never claims less than',
    '  the server does. Every call of the registry is a row here or one of the calls beyond spec §7.',
    '- **Browser** (`apps/web/e2e/spec-conformance.e2e.ts`, in `npm run test:e2e`): each route is',
    '  opened on a site of its version (the demo merchant on versions 1–3, the maple merchant on',
    '  version 4), signed out and signed in, with real ids from the demo catalogues and help centre.',
    '  It must render a page — no 404 notification, no console error, none of the texts',
    '  功能建设中 / 即将上线 / 敬请期待 — and land where spec §2’s guard says: a protected route',
    '  without a session on the version’s login with `?redirect=` (v1 `/login`, v2 `/home-v2`, which',
    '  forwards to `/index-v2` keeping the query, v3 `/login-v3`, v4 `/login-v4`).',
    '',
    'When a call listed as not implemented is built, its row fails until it says',
    '`state: IMPLEMENTED` and carries a `sample`; then run `npm run docs:spec-coverage`. A partial',
    'route fails once its page no longer shows the notice it states.',
    '',
    `Calls: ${SPEC_CALLS.length} rows, ${implementedCalls} implemented, ${SPEC_CALLS.length - implementedCalls} not implemented.`,
    `Routes: ${SPEC_ROUTES.length} rows, ${implementedRoutes} implemented, ${SPEC_ROUTES.length - implementedRoutes} partial.`,
    '',
    '## Calls (spec §7)',
    '',
    'Auth: `none` — no token; `app token` — header `authtoken`; `signed in` — also `accesstoken`.',
    '',
    '| section | call | auth | fields the spec names | state |',
    '|---|---|---|---|---|',
    ...SPEC_CALLS.map(
      (row) =>
        `| ${row.section} | ${code(`${row.method} ${row.path}`)}${callKind(row)} | ${AUTH_TEXT[row.auth]} | ${callFields(row)} | ${cell(callState(row))} |`,
    ),
    '',
    '## Calls beyond spec §7',
    '',
    'The product’s own calls, by registry name; `staff token` is the header `stafftoken` of the',
    'merchant’s back office.',
    '',
    '| call | address | auth | what for |',
    '|---|---|---|---|',
    ...additionalCallRows(),
    '',
    '## Routes (spec §2)',
    '',
    ...versions.flatMap((version) => [
      `### ${versionTitle[version]}`,
      '',
      '| route | guard | behaviour | state |',
      '|---|---|---|---|',
      ...SPEC_ROUTES.filter((row) => row.version === version).map(
        (row) =>
          `| ${code(row.path)} | ${row.guard} | ${cell(routeBehaviour(row))} | ${cell(routeState(row))} |`,
      ),
      '',
    ]),
  ].join('\n');
}
