import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { TEST_CLOCK_START } from './server.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Debian's Chromium, headless, with a fresh profile; flags that let it run as root offline. Its
 * time zone is China's unless `timezoneId` names another; `userAgent` plays another browser (微信's).
 */
export async function launchBrowser(
  options: { width?: number; height?: number; timezoneId?: string; userAgent?: string } = {},
): Promise<Browser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    locale: 'zh-CN',
    // The site then switches antd's motion off (lib/reduced-motion.ts): a click given while a dialog
    // still zooms in can land beside its target on a busy machine and be lost.
    reducedMotion: 'reduce',
    timezoneId: options.timezoneId ?? 'Asia/Shanghai',
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  // On a suite run at another date the page's clock starts there too and runs on in real time,
  // as the server's does (server.ts).
  if (TEST_CLOCK_START) await context.clock.install({ time: new Date(TEST_CLOCK_START) });
  return {
    context,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
