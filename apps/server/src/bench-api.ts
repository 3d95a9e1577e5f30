/**
 * bench:api — throughput of an authenticated LoginUserInfo against a bare route that returns the
 * same bytes, both on the real server in one run, so the ratio is what the tenancy, token and
 * envelope layers cost. Target: ratio ≥ 0.5 on SQLite.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DEMO_ACCOUNTS } from './db/seed.ts';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number };
  errors: number;
  non2xx: number;
}

/** Load from a separate process, so the load generator does not share the server's event loop. */
async function measure(url: string, headers: Record<string, string>) {
  const args = [autocannonCli, '--json', '-c', String(CONNECTIONS), '-d', String(DURATION_SECONDS)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
  const result = JSON.parse(stdout) as AutocannonResult;
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-bench-'));
  const config = {
    ...loadConfig({}),
    DATABASE_FILE: path.join(dir, 'bench.sqlite'),
    LOG_LEVEL: 'warn' as const,
  };
  const { app } = await buildApp({ config });
  // The bare route returns exactly the bytes LoginUserInfo returns, with no hooks' work done.
  let sameBytes = '';
  app.get('/bench/bare', { config: { auth: 'public' } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(sameBytes),
  );

  const demo = DEMO_ACCOUNTS[0];
  const company = await app.inject({
    method: 'POST',
    url: '/api/common/CheckDomainName',
    payload: { bizcontent: { domainName: 'demo.localhost' } },
  });
  const info = company.json().data;
  const oauth = await app.inject({
    method: 'POST',
    url: '/api/oauth/RequestOauthToken',
    headers: { host: 'demo.localhost' },
    payload: { appid: info.AppId, bizcontent: { secret: info.AppSecret } },
  });
  const authtoken = oauth.json().data.Token as string;
  const login = await app.inject({
    method: 'POST',
    url: '/api/oauth/RequestAccessToken',
    headers: { host: 'demo.localhost', authtoken },
    payload: { bizcontent: { LoginType: 1, Account: demo.account, Password: demo.password } },
  });
  const accesstoken = login.json().data.AccessToken as string;
  const headers = { host: 'demo.localhost', authtoken, accesstoken, domainname: 'demo' };
  sameBytes = (await app.inject({ method: 'GET', url: '/api/oauth/LoginUserInfo', headers })).body;

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  console.log(
    `bench:api — ${DURATION_SECONDS}s each, ${CONNECTIONS} connections, SQLite, reply ${sameBytes.length} bytes`,
  );
  const bare = await measure(`${address}/bench/bare`, {});
  const full = await measure(`${address}/api/oauth/LoginUserInfo`, headers);
  console.log(
    `bare route            ${bare.rps.toFixed(0).padStart(8)} req/s  p99 ${bare.p99} ms  errors ${bare.errors}`,
  );
  console.log(
    `LoginUserInfo (auth)  ${full.rps.toFixed(0).padStart(8)} req/s  p99 ${full.p99} ms  errors ${full.errors}`,
  );
  const ratio = full.rps / bare.rps;
  console.log(`ratio ${ratio.toFixed(2)} (target ≥ 0.50) ${ratio >= 0.5 ? 'MET' : 'NOT MET'}`);
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
