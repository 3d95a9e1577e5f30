import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, type Browser } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

export interface ServerAndBrowser {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/**
 * Call inside a describe: a fresh server and Chromium are started before its tests and stopped
 * after them. Read `server` and `browser` in hooks and tests, once they have started. `env` adds
 * to the server's configuration (e.g. a short PAYMENT_QR_TTL_SECONDS).
 */
export function useServerAndBrowser(env: Record<string, string> = {}): ServerAndBrowser {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the server and browser start in beforeAll');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
  };
}
