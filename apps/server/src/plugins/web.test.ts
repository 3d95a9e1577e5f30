import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';

let dist: string;
let server: TestServer;
let siteOnly: TestServer;

/** A built web app in a temporary folder: the customer site and, unless `withConsole` is false, the console. */
function writeDist(withConsole: boolean): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-web-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<title>customer site</title>');
  fs.writeFileSync(path.join(dir, 'assets/start-abc.js'), 'console.log("site")');
  if (withConsole) {
    fs.mkdirSync(path.join(dir, 'console/assets'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'console/console.html'), '<title>merchant console</title>');
    fs.writeFileSync(path.join(dir, 'console/assets/console-def.js'), 'console.log("console")');
  }
  return dir;
}

beforeAll(async () => {
  dist = writeDist(true);
  server = await startTestServer({ WEB_DIST_DIR: dist });
  siteOnly = await startTestServer({ WEB_DIST_DIR: writeDist(false) });
});
afterAll(async () => {
  await server.close();
  await siteOnly.close();
});

async function get(target: TestServer, url: string) {
  return target.app.inject({ method: 'GET', url, headers: { host: 'demo.localhost' } });
}

describe('the built web apps', () => {
  it('serves the console’s page at /console and every address under it', async () => {
    for (const url of [
      '/console',
      '/console/',
      '/console/login',
      '/console/orders?status=2',
      '/console/site',
    ]) {
      const reply = await get(server, url);
      expect(reply.statusCode, url).toBe(200);
      expect(reply.body, url).toContain('merchant console');
      expect(reply.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps the customer site’s page everywhere else, /consoles included', async () => {
    for (const url of ['/', '/login', '/user/order/all', '/consoles', '/consolex/login']) {
      const reply = await get(server, url);
      expect(reply.statusCode, url).toBe(200);
      expect(reply.body, url).toContain('customer site');
    }
  });

  it('serves both apps’ hashed files for a year', async () => {
    const site = await get(server, '/assets/start-abc.js');
    expect(site.body).toContain('site');
    expect(site.headers['cache-control']).toContain('immutable');
    const console = await get(server, '/console/assets/console-def.js');
    expect(console.body).toContain('console');
    expect(console.headers['cache-control']).toContain('immutable');
  });

  it('answers API addresses with the envelope, not a page', async () => {
    const reply = await get(server, '/api/console/nothing');
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ success: false });
  });

  it('falls back to the customer site’s page when a build has no console', async () => {
    const reply = await get(siteOnly, '/console/orders');
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain('customer site');
  });
});
