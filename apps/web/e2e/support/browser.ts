import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  chromium,
  type Browser as Chromium,
  type BrowserContext,
  type BrowserContextOptions,
} from 'playwright-core';
import { TEST_CLOCK_START } from './server.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that let Debian's Chromium run headless as root on a machine without the internet. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export interface BrowserOptions {
  width?: number;
  height?: number;
  timezoneId?: string;
  userAgent?: string;
}

/**
 * Inside a test run (vitest sets VITEST in its workers) one Chromium serves every file a worker
 * runs, each browser a fresh context of it (its own cookies, storage and in-memory cache), and goes
 * with the worker: a launch costs about a second of CPU, a context a few milliseconds. A script
 * (screenshots, benchmarks) gets a Chromium of its own with a fresh profile on disk for each
 * browser it opens, closed with it: `bench:home`'s warm loads read that profile's caches.
 */
const SHARES_CHROMIUM = Boolean(process.env.VITEST);
let shared: Promise<Chromium> | undefined;

function sharedChromium(): Promise<Chromium> {
  if (!shared) {
    const starting = chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    shared = starting;
    // One that crashed is started again for the next file.
    starting.then(
      (browser) => browser.on('disconnected', () => shared === starting && (shared = undefined)),
      () => shared === starting && (shared = undefined),
    );
  }
  return shared;
}

/**
 * Debian's Chromium, headless, fresh (no cookies, storage or cache). Its time zone is China's unless
 * `timezoneId` names another; `userAgent` plays another browser (微信's).
 */
export async function launchBrowser(options: BrowserOptions = {}): Promise<Browser> {
  const contextOptions: BrowserContextOptions = {
    locale: 'zh-CN',
    // The site then switches antd's motion off (lib/reduced-motion.ts): a click given while a dialog
    // still zooms in can land beside its target on a busy machine and be lost.
    reducedMotion: 'reduce',
    timezoneId: options.timezoneId ?? 'Asia/Shanghai',
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  };
  let context: BrowserContext;
  let profile = '';
  if (SHARES_CHROMIUM) {
    context = await (await sharedChromium()).newContext(contextOptions);
  } else {
    profile = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-chromium-'));
    context = await chromium.launchPersistentContext(profile, {
      ...contextOptions,
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
    });
  }
  // On a suite run at another date the page's clock starts there too and runs on in real time,
  // as the server's does (server.ts).
  if (TEST_CLOCK_START) await context.clock.install({ time: new Date(TEST_CLOCK_START) });
  return {
    context,
    async close() {
      // A persistent context's Chromium ends with it.
      await context.close();
      if (profile) fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
