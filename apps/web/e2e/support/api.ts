import { StorageKey } from '@inkstone/contracts';
import type { Page } from 'playwright-core';
import type { RunningServer } from './server.ts';

interface Envelope<T> {
  success: boolean;
  data: T;
  message: string;
}

/** The demo merchant's seeded staff administrator (docs/orders.md). */
export const DEMO_STAFF = { Account: 'admin', Password: 'DemoStaff2026' };

/** A staff call on the demo merchant (header `stafftoken`). */
export async function staffCall<T>(
  server: RunningServer,
  route: string,
  body: unknown,
  token = '',
): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${server.port}/api/staff/${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      domainname: 'demo',
      ...(token ? { stafftoken: token } : {}),
    },
    body: JSON.stringify({ bizcontent: body }),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!envelope.success) throw new Error(`${route}: ${envelope.message}`);
  return envelope.data;
}

/** Staff `AdjustBalance` of the demo merchant's customer `account` by `amountFen`. */
export async function adjustBalance(
  server: RunningServer,
  account: string,
  amountFen: number,
  remark: string,
): Promise<void> {
  const staff = await staffCall<{ StaffToken: string }>(server, 'Login', DEMO_STAFF);
  const [customer] = server.query<{ id: number }>(
    `SELECT c.id FROM customers c JOIN merchants m ON m.id = c.merchant_id
     WHERE m.code = 'demo' AND (c.account = ? OR c.mobile_no = ?) LIMIT 1`,
    account,
    account,
  );
  if (!customer) throw new Error(`no demo customer ${account}`);
  await staffCall(
    server,
    'AdjustBalance',
    { CustomerId: customer.id, AmountFen: amountFen, Remark: remark },
    staff.StaffToken,
  );
}

/** A customer call made from the signed-in page with its own session headers. */
export async function customerCall<T>(page: Page, route: string, body: unknown): Promise<T> {
  const envelope = await page.evaluate(
    async ({ route, body }) => {
      const session = JSON.parse(sessionStorage.getItem('inkstone_session') ?? '{}') as Record<
        string,
        string
      >;
      const response = await fetch(route, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          appid: session.appid ?? '',
          authtoken: session.authToken ?? '',
          accesstoken: session.accessToken ?? '',
          domainname: session.companyCode ?? '',
        },
        body: JSON.stringify({ bizcontent: body }),
      });
      return (await response.json()) as { success: boolean; data: unknown; message: string };
    },
    { route, body },
  );
  if (!envelope.success) throw new Error(`${route}: ${envelope.message}`);
  return envelope.data as T;
}

/** The demo administrator's token per server (signing in once keeps clear of the login limit). */
const adminTokens = new WeakMap<RunningServer, string>();

/**
 * Puts the demo merchant's site on interface `version` as its administrator would (staff
 * SiteSettings → SaveSiteSettings; a site serves its own version's routes only), and forgets the
 * company info this browser cached for the day (spec §3), so the next page load starts on it.
 */
export async function useDemoVersion(
  server: RunningServer,
  page: Page,
  version: 1 | 2 | 3 | 4,
): Promise<void> {
  let token = adminTokens.get(server);
  if (!token) {
    token = (await staffCall<{ StaffToken: string }>(server, 'Login', DEMO_STAFF)).StaffToken;
    adminTokens.set(server, token);
  }
  const current = await staffCall<{ InterfaceVersion: number }>(server, 'SiteSettings', {}, token);
  if (current.InterfaceVersion !== version) {
    await staffCall(server, 'SaveSiteSettings', { ...current, InterfaceVersion: version }, token);
  }
  // A plain 404 of the same origin: the app does not start there, so nothing re-caches.
  await page.goto(`${server.url('demo')}/site-assets/none`);
  await page.evaluate((key) => localStorage.removeItem(key), StorageKey.CompanyInfo);
}
