import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIRST_PAGE_REPLIES_ELEMENT_ID,
  firstPageCalls,
  firstPageReplyKey,
  oauthCalls,
  wireBody,
} from '@inkstone/contracts';
import { TestClient, startTestServer, type TestServer } from '../test/harness.ts';

/** A built site in a temporary folder: its page, and a manifest naming the home route's chunks. */
function writeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-first-page-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-a.js"></script></head>' +
      '<body><div id="root"></div><script src="/zod-jitless.js"></script></body></html>',
  );
  fs.writeFileSync(
    path.join(dir, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_shared-c.js'] },
      '_shared-c.js': { file: 'assets/shared-c.js' },
      '_web-config-d.js': { file: 'assets/web-config-d.js', imports: ['index.html'] },
      'src/app/layouts/public-layout.tsx': {
        file: 'assets/public-layout-e.js',
        imports: ['index.html', '_web-config-d.js'],
        css: ['assets/layouts-f.css'],
      },
      'src/app/pages/site-home-page.tsx': {
        file: 'assets/site-home-page-g.js',
        imports: ['index.html', '_web-config-d.js'],
      },
    }),
  );
  return dir;
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ WEB_DIST_DIR: writeDist() });
});
afterAll(async () => {
  await server.close();
});

function page(host: string, url: string, method: 'GET' | 'HEAD' = 'GET') {
  return server.app.inject({ method, url, headers: { host }, remoteAddress: '203.0.113.20' });
}

/** The answers a page was sent with, by key, each parsed; null when it has none. */
function repliesOf(html: string): Record<string, any> | null {
  const match = new RegExp(
    `<script type="application/json" id="${FIRST_PAGE_REPLIES_ELEMENT_ID}">([^<]*)</script>`,
  ).exec(html);
  if (!match) return null;
  const texts = JSON.parse(match[1]!) as Record<string, string>;
  return Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, JSON.parse(text)]));
}

function keyOf(contract: { path: string; rawBody?: boolean }, body: unknown): string {
  return firstPageReplyKey(contract.path, wireBody(contract, body));
}

describe('the first page brings its answers', () => {
  it('answers a home page’s first calls as the calls themselves answer, with the token the site asks for', async () => {
    const reply = await page('demo.localhost', '/home');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-cache');
    const replies = repliesOf(reply.body);
    expect(replies).not.toBeNull();

    const visitor = new TestClient(server, 'demo.localhost');
    await visitor.start();
    const calls = firstPageCalls({ hostname: 'demo.localhost', pathname: '/home', version: 1 });
    expect(calls.map((call) => call.contract.path)).toEqual(
      expect.arrayContaining([
        '/api/common/CheckDomainName',
        '/api/product/QueryCommonProduct',
        '/api/website/GetWebConfig',
        '/api/website/QueryHomeLayout',
        '/api/website/QueryAd',
      ]),
    );
    for (const { contract, body } of calls) {
      const asked = await visitor.post(contract.path, body);
      expect(asked.success, contract.path).toBe(true);
      expect(replies![keyOf(contract, body)], contract.path).toEqual(asked);
    }

    // The site's own token request is answered too, and the token works.
    const company = replies![keyOf(calls[0]!.contract, calls[0]!.body)].data;
    const token =
      replies![
        keyOf(oauthCalls.RequestOauthToken, {
          appid: company.AppId,
          bizcontent: { secret: company.AppSecret },
        })
      ];
    expect(token.success).toBe(true);
    expect(token.data.ExpiresIn).toBeGreaterThan(0);
    const withPageToken = await server.app.inject({
      method: 'POST',
      url: '/api/website/QueryAd',
      headers: { host: 'demo.localhost', appid: company.AppId, authtoken: token.data.Token },
      payload: { bizcontent: { Position: 'home_carousel' } },
    });
    expect(withPageToken.json()).toMatchObject({ success: true });
  });

  it('names the home route’s scripts and styles outside the entry on a home page only', async () => {
    const home = await page('demo.localhost', '/home');
    expect(home.body).toContain('<link rel="modulepreload" crossorigin href="/assets/public-layout-e.js">');
    expect(home.body).toContain('<link rel="modulepreload" crossorigin href="/assets/site-home-page-g.js">');
    expect(home.body).toContain('<link rel="modulepreload" crossorigin href="/assets/web-config-d.js">');
    expect(home.body).toContain('<link rel="preload" as="style" href="/assets/layouts-f.css">');
    // The entry's own chunks are the entry's business.
    expect(home.body).not.toContain('href="/assets/shared-c.js"');
    expect(home.body).not.toContain('href="/assets/index-a.js"');

    const login = await page('demo.localhost', '/login');
    expect(login.body).not.toContain('modulepreload');
    const replies = repliesOf(login.body)!;
    // Another page brings the start sequence's answers only.
    expect(Object.keys(replies).map((key) => key.split(' ')[0])).toEqual(
      expect.arrayContaining(['/api/common/checkdomainname', '/api/product/querycommonproduct']),
    );
    expect(Object.keys(replies).some((key) => key.startsWith('/api/website/queryad'))).toBe(false);
  });

  it('brings each merchant its own answers, and an address of another version none of its home', async () => {
    const maple = repliesOf((await page('maple.localhost', '/index-v4')).body)!;
    const company = maple[keyOf({ path: '/api/common/CheckDomainName' }, { domainName: 'maple.localhost' })];
    expect(company.data.DomainName).toBe('maple');
    expect(Object.keys(maple).some((key) => key.startsWith('/api/website/queryhomelayout'))).toBe(true);
    expect(JSON.stringify(maple)).not.toContain('"DomainName":"demo"');

    // 红枫图文 is on version 4: its /home is not its home page.
    const other = repliesOf((await page('maple.localhost', '/home')).body)!;
    expect(Object.keys(other).some((key) => key.startsWith('/api/website/queryhomelayout'))).toBe(false);
  });

  it('keeps what a merchant wrote inside the JSON block', async () => {
    const db = server.context.db;
    const hostile = '墨砚</script><script>alert(1)</script>\u2028';
    await db.updateTable('merchants').set({ name: hostile }).where('code', '=', 'demo').execute();
    server.context.merchants.clear();
    try {
      const reply = await page('demo.localhost', '/home');
      const block = reply.body.split(`id="${FIRST_PAGE_REPLIES_ELEMENT_ID}">`)[1]!.split('</script>')[0]!;
      expect(block).not.toContain('<');
      expect(block).not.toContain('\u2028');
      const company = repliesOf(reply.body)![
        keyOf({ path: '/api/common/CheckDomainName' }, { domainName: 'demo.localhost' })
      ];
      expect(company.data.CompanyName).toBe(hostile);
    } finally {
      await db.updateTable('merchants').set({ name: '墨砚快印' }).where('code', '=', 'demo').execute();
      server.context.merchants.clear();
    }
  });

  it('sends the page as built to a host that names no merchant and to HEAD', async () => {
    const unknown = await page('nobody.localhost', '/home');
    expect(unknown.statusCode).toBe(200);
    expect(repliesOf(unknown.body)).toBeNull();
    const head = await page('demo.localhost', '/home', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });
});
