import type { Page } from 'playwright-core';
import type { RunningServer } from './server.ts';
import { STEP_TIMEOUT_MS } from './ui.ts';

/** Signs a staff member in on the demo merchant's console sign-in page and waits for the console. */
export async function consoleSignIn(
  page: Page,
  server: RunningServer,
  account: string,
  password: string,
): Promise<void> {
  await page.goto(server.url('demo') + '/console', { timeout: STEP_TIMEOUT_MS });
  await page.waitForURL((url) => url.pathname === '/console/login', { timeout: STEP_TIMEOUT_MS });
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.getByTestId('console-staff-name').waitFor({ timeout: STEP_TIMEOUT_MS });
}
