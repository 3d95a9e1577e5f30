import { hashPassword } from '../lib/crypto.ts';
import { TestClient, type TestServer } from './harness.ts';

/** The password of every customer made by {@link signInNewCustomers}. */
export const FIXTURE_PASSWORD = 'Print2026';

let cachedHash: Promise<string> | undefined;
let lastIp = 0;

/** The id of a merchant by company code. */
export async function merchantIdOf(server: TestServer, code: string): Promise<number> {
  const row = await server.context.db
    .selectFrom('merchants')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * `count` new customers of the merchant behind `host` (stored directly, accounts
 * `${prefix}0000`, `${prefix}0001` … — prefix of seven digits), each signed in on its own client.
 */
export async function signInNewCustomers(
  server: TestServer,
  host: string,
  prefix: string,
  count: number,
): Promise<TestClient[]> {
  const code = host.split('.')[0]!;
  const merchantId = await merchantIdOf(server, code);
  cachedHash ??= hashPassword(FIXTURE_PASSWORD);
  const passwordHash = await cachedHash;
  const now = server.clock.now();
  const accounts = Array.from({ length: count }, (_, index) => `${prefix}${String(index).padStart(4, '0')}`);
  await server.context.db
    .insertInto('customers')
    .values(
      accounts.map((account) => ({
        merchant_id: merchantId,
        account,
        mobile_no: account,
        nick_name: `客户${account.slice(-4)}`,
        password_hash: passwordHash,
        created_at: now,
        password_changed_at: now,
      })),
    )
    .execute();
  const clients: TestClient[] = [];
  for (const account of accounts) {
    lastIp = (lastIp % 250) + 1;
    const client = new TestClient(server, host, `198.51.100.${lastIp}`);
    await client.start();
    const login = await client.login(account, FIXTURE_PASSWORD);
    if (!login.success) throw new Error(login.message);
    clients.push(client);
  }
  return clients;
}

/** Signs a client in again (after the clock moved past its tokens' lifetime). */
export async function signInAgain(client: TestClient, account: string): Promise<void> {
  await client.start();
  const login = await client.login(account, FIXTURE_PASSWORD);
  if (!login.success) throw new Error(login.message);
}
