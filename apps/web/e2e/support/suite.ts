import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser, type Browser } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

/** Where a failed test's report is kept (test-results/ is not committed). */
const FAILURE_REPORTS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../test-results/e2e-failures',
);

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

  // A failed test leaves what a person would have looked at: each page's address and the messages
  // (toasts) it shows, and the end of the server's log: its replies' status codes and the calls
  // still without one. (It adds no listener to the context's responses: one would have every
  // response of every page sent to this process as well.)
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail' || !server || !browser) return;
    const report = await failureReport(`${task.file.name} > ${task.name}`, server, browser);
    process.stderr.write(report);
    // Kept for CI, which prints them after the suite's own summary.
    fs.mkdirSync(FAILURE_REPORTS, { recursive: true });
    fs.writeFileSync(path.join(FAILURE_REPORTS, `${task.id}.txt`), report);
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

async function failureReport(name: string, server: RunningServer, browser: Browser): Promise<string> {
  const pages = await Promise.all(
    browser.context.pages().map(async (page) => {
      const toasts = await page
        .locator('.ant-message-notice, .ant-notification-notice')
        .allInnerTexts()
        .catch(() => []);
      const dialogs = await page
        .locator('.ant-modal:visible, .ant-drawer-content:visible')
        .evaluateAll(describeDialogs)
        .catch(() => []);
      return [
        `  ${page.url()}${toasts.length ? ` shows: ${toasts.join(' | ')}` : ''}`,
        ...dialogs.map((dialog) => `    dialog ${dialog}`),
      ].join('\n');
    }),
  );
  return (
    `\n"${name}" failed. Pages:\n${pages.join('\n')}\n` +
    `The server's last API calls and warnings:\n${serverSummary(server.log()).join('\n')}\n\n`
  );
}

/**
 * The open dialogs as a person would read them: each one's title, the validation messages its
 * form shows and its buttons that are busy or disabled. (Runs in the page.)
 */
function describeDialogs(dialogs: Element[]): string[] {
  return dialogs.map((dialog) => {
    const texts = (selector: string) =>
      [...dialog.querySelectorAll(selector)].map((element) => (element.textContent ?? '').trim());
    const title = texts('.ant-modal-title, .ant-drawer-title')[0] ?? '(untitled)';
    const errors = texts('.ant-form-item-explain-error');
    const busy = texts('button.ant-btn-loading');
    const disabled = texts('button:disabled');
    return [
      `“${title}”`,
      errors.length ? `errors: ${errors.join(' | ')}` : 'no validation errors',
      busy.length ? `busy: ${busy.join(' | ')}` : '',
      disabled.length ? `disabled: ${disabled.join(' | ')}` : '',
    ]
      .filter(Boolean)
      .join('; ');
  });
}

interface LogLine {
  level?: number;
  time?: number;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  msg?: string;
  err?: { message?: string };
}

/**
 * The server's JSON log, shortened: each API call with its status and time, every warning, and
 * the calls still without a reply.
 */
function serverSummary(log: string, count = 40): string[] {
  const requests = new Map<string, string>();
  const pending = new Map<string, string>();
  const lines: string[] = [];
  for (const text of log.split('\n')) {
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      if (text.trim()) lines.push(`  ${text}`);
      continue;
    }
    const at = line.time ? new Date(line.time).toISOString().slice(11, 23) : '';
    if (line.req?.url && line.reqId) {
      requests.set(line.reqId, `${line.req.method} ${line.req.url}`);
      pending.set(line.reqId, `  ${at} ${line.req.method} ${line.req.url} → no reply yet`);
    }
    if (line.res && line.reqId) pending.delete(line.reqId);
    const call = line.reqId ? requests.get(line.reqId) : undefined;
    if ((line.level ?? 0) >= 40) {
      lines.push(`  ${at} ${call ?? ''} ${line.msg ?? ''} ${line.err?.message ?? ''}`.trimEnd());
    } else if (line.res?.statusCode && call?.includes('/api/')) {
      lines.push(`  ${at} ${call} → ${line.res.statusCode} (${Math.round(line.responseTime ?? 0)} ms)`);
    }
  }
  return [...lines.slice(-count), ...pending.values()];
}
