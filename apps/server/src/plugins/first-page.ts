/**
 * The first page brings its answers (docs/website.md, Performance). A first visit of a merchant's
 * site cannot draw before its start sequence has the company info and the categories, and a home
 * page before its header and banners are read: a chain of calls, each waiting on the page's script.
 * The server makes those calls itself while it sends the page (`firstPageCalls`, shared with the
 * site), through its own routes (`app.inject`: the same checks, rate limits by the visitor's IP and
 * envelopes), and writes their envelopes into the page; the site's API client takes each answer
 * instead of the network, once, in the page's first seconds.
 *
 * Only answers that are the same for every visitor of the merchant are written: none depends on a
 * customer's sign-in. The app token the calls need is the merchant's web client's own, requested
 * once and kept until shortly before it expires, and the page answers the site's own token request
 * with it. A home page also names its route's scripts (`modulepreload`), which the browser would
 * otherwise ask for only once the entry script had run. Anything that fails leaves the page as
 * built, and the site asks as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FIRST_PAGE_REPLIES_ELEMENT_ID,
  RequestHeader,
  firstPageCalls,
  firstPageReplyKey,
  isVersionHome,
  oauthCalls,
  ok,
  wireBody,
  type Envelope,
} from '@inkstone/contracts';
import type { ServerContext } from '../context.ts';

/** The longest the page waits for its answers before it is sent without them. */
const ANSWER_DEADLINE_MS = 1_500;
/** An app token is requested again this long before it expires. */
const TOKEN_MARGIN_MS = 5 * 60_000;

/** The merchant's app token the server asks with, and writes into its pages. */
interface KeptToken {
  token: string;
  expiresAt: number;
  renewAt: number;
}

export interface FirstPageDeps {
  context: ServerContext;
  /** The merchant's web client (appid and the secret CheckDomainName publishes), or null. */
  webClient(merchantId: number): Promise<{ appId: string; secret: string } | null>;
}

/** The built page with `replies` written after its root element (JSON, safe inside `<script>`). */
export function withReplies(
  html: string,
  replies: Record<string, string>,
  preloads: readonly string[] = [],
): string {
  const json = JSON.stringify(replies)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  const block = `<script type="application/json" id="${FIRST_PAGE_REPLIES_ELEMENT_ID}">${json}</script>`;
  const root = '<div id="root"></div>';
  if (!html.includes(root)) return html;
  const links = preloads.map((href) =>
    href.endsWith('.css')
      ? `<link rel="preload" as="style" href="${href}">`
      : `<link rel="modulepreload" crossorigin href="${href}">`,
  );
  const page = html.replace(root, `${root}\n    ${block}`);
  return links.length > 0 ? page.replace('</head>', `  ${links.join('\n    ')}\n  </head>`) : page;
}

/**
 * The home route's code (the public layout and the home page, apps/web/src/app/routes), as the
 * build's manifest names it: the files the page would ask for only once its script had run.
 */
const HOME_ROUTE_MODULES = ['src/app/layouts/public-layout.tsx', 'src/app/pages/site-home-page.tsx'];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The home route's scripts and styles outside the entry chunk, from the build's manifest; [] without one. */
export function homeRouteFiles(distDir: string): string[] {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
  } catch {
    return [];
  }
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const seen = new Set<string>(entry ? [entry] : []);
  const files: string[] = [];
  const collect = (key: string) => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) collect(imported);
    files.push(`/${chunk.file}`, ...(chunk.css ?? []).map((file) => `/${file}`));
  };
  for (const key of HOME_ROUTE_MODULES) collect(key);
  return files;
}

/**
 * Makes `render(request)`: the site's page for a GET of `request`, with the answers of its first
 * calls written in, or null when the built page should be sent as it is.
 */
export function createFirstPage(app: FastifyInstance, distDir: string, deps: FirstPageDeps) {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const tokens = new Map<number, KeptToken>();
  const homeFiles = homeRouteFiles(distDir);
  const { context } = deps;

  /** POSTs `body` to `path` through the server's own routes; the envelope's text when it succeeded. */
  async function ask(
    request: FastifyRequest,
    contract: { path: string; rawBody?: boolean },
    body: unknown,
    headers: Record<string, string>,
  ): Promise<string | null> {
    const reply = await app.inject({
      method: 'POST',
      url: contract.path,
      headers: { host: request.headers.host ?? '', 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(wireBody(contract, body)),
      remoteAddress: request.ip,
    });
    if (reply.statusCode !== 200) return null;
    try {
      const envelope = JSON.parse(reply.body) as Envelope<unknown>;
      return envelope.success ? reply.body : null;
    } catch {
      return null;
    }
  }

  async function appToken(
    request: FastifyRequest,
    merchantId: number,
    client: { appId: string; secret: string },
  ): Promise<KeptToken | null> {
    const kept = tokens.get(merchantId);
    if (kept && kept.renewAt > context.clock.now()) return kept;
    const text = await ask(
      request,
      oauthCalls.RequestOauthToken,
      { appid: client.appId, bizcontent: { secret: client.secret } },
      {},
    );
    if (!text) return null;
    const data = (JSON.parse(text) as Envelope<{ Token: string; ExpiresIn: number }>).data;
    if (!data) return null;
    const now = context.clock.now();
    const token = {
      token: data.Token,
      expiresAt: now + data.ExpiresIn * 1000,
      renewAt: now + Math.max(0, data.ExpiresIn * 1000 - TOKEN_MARGIN_MS),
    };
    tokens.set(merchantId, token);
    return token;
  }

  async function answers(
    request: FastifyRequest,
  ): Promise<{ replies: Record<string, string>; preloads: string[] } | null> {
    const { merchant } = await context.merchants.resolve(request.host, undefined);
    if (!merchant) return null;
    const pathname = request.url.split(/[?#]/)[0] ?? '/';
    const page = { hostname: request.hostname, pathname, version: merchant.interface_version };
    const calls = firstPageCalls(page);
    const isHome = isVersionHome(page);
    const client = await deps.webClient(merchant.id);
    if (!client) return null;
    const token = await appToken(request, merchant.id, client);
    if (!token) return null;
    const headers = { [RequestHeader.AppId]: client.appId, [RequestHeader.AuthToken]: token.token };
    const texts = await Promise.all(
      calls.map(({ contract, body }) =>
        ask(request, contract, body, contract.auth === 'public' ? {} : headers),
      ),
    );
    const replies: Record<string, string> = {};
    calls.forEach(({ contract, body }, index) => {
      const text = texts[index];
      if (text) replies[firstPageReplyKey(contract.path, wireBody(contract, body))] = text;
    });
    // The site's own token request, answered with the token the server asked with: the site's
    // published credentials give anyone such a token, and its time left is what the page says.
    const tokenBody = { appid: client.appId, bizcontent: { secret: client.secret } };
    const secondsLeft = Math.floor((token.expiresAt - context.clock.now()) / 1000);
    replies[firstPageReplyKey(oauthCalls.RequestOauthToken.path, tokenBody)] = JSON.stringify(
      ok({
        Token: token.token,
        ExpiresIn: secondsLeft,
        ExpiresAt: new Date(token.expiresAt).toISOString(),
      }),
    );
    return { replies, preloads: isHome ? homeFiles : [] };
  }

  return async function render(request: FastifyRequest): Promise<string | null> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), ANSWER_DEADLINE_MS);
    });
    try {
      const found = await Promise.race([answers(request), deadline]);
      return found ? withReplies(html, found.replies, found.preloads) : null;
    } catch (error) {
      request.log.warn({ err: error }, 'the first page was sent without its answers');
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}
