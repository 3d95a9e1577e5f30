/**
 * bench:api — throughput of an authenticated LoginUserInfo against a bare route that returns the
 * same bytes, both on the real server in one run, so the ratio is what the tenancy, token and
 * envelope layers cost. Target (performance issue): keep the ratio ≥ 0.7 on SQLite (it was 0.72).
 */
import {
  CONNECTIONS,
  DURATION_SECONDS,
  describePeakRss,
  measure,
  requestDemoAppToken,
  startBenchApp,
} from './bench-support.ts';
import { DEMO_ACCOUNTS } from './db/seed.ts';

async function main(): Promise<void> {
  const { app, close } = await startBenchApp();
  // The bare route returns exactly the bytes LoginUserInfo returns, with no hooks' work done.
  let sameBytes = '';
  app.get('/bench/bare', { config: { auth: 'public' } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(sameBytes),
  );

  const demo = DEMO_ACCOUNTS[0];
  const authtoken = await requestDemoAppToken(app);
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
  // The same request headers on both, so the difference is only what the layers do with them.
  // The server's CPU time per request served counts less of the machine's other load than req/s.
  const cpuPerRequest = async (url: string) => {
    const before = process.cpuUsage();
    const result = await measure(url, headers);
    const used = process.cpuUsage(before);
    return { ...result, cpuMicros: (used.user + used.system) / (result.rps * DURATION_SECONDS) };
  };
  const bare = await cpuPerRequest(`${address}/bench/bare`);
  const full = await cpuPerRequest(`${address}/api/oauth/LoginUserInfo`);
  console.log(
    `bare route            ${bare.rps.toFixed(0).padStart(8)} req/s  p99 ${bare.p99} ms  errors ${bare.errors}  ` +
      `server CPU ${bare.cpuMicros.toFixed(0)} µs a request`,
  );
  console.log(
    `LoginUserInfo (auth)  ${full.rps.toFixed(0).padStart(8)} req/s  p99 ${full.p99} ms  errors ${full.errors}  ` +
      `server CPU ${full.cpuMicros.toFixed(0)} µs a request`,
  );
  const ratio = full.rps / bare.rps;
  console.log(`ratio ${ratio.toFixed(2)} (target ≥ 0.70) ${ratio >= 0.7 ? 'MET' : 'NOT MET'}`);
  console.log(describePeakRss());
  await close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
