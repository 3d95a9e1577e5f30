import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_STAFF } from './support/api.ts';
import { consoleSignIn } from './support/console.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { STEP_TIMEOUT_MS, toast } from './support/ui.ts';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/screenshots');
const NEW_PASSWORD = 'Review2026ok';

async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `console-${name}.png`) });
}

describe('the console’s 员工 section (demo)', () => {
  const env = useServerAndBrowser();

  it('lets the administrator create a 审稿 account that sees only its sections, and logs it', async () => {
    const consoleErrors: string[] = [];
    const admin = await env.browser.context.newPage();
    const reviewer = await env.browser.context.newPage();
    try {
      for (const page of [admin, reviewer]) {
        await page.setViewportSize({ width: 1440, height: 900 });
        page.on('console', (message) => {
          if (message.type() === 'error') consoleErrors.push(message.text());
        });
      }
      await consoleSignIn(admin, env.server, 'admin', DEMO_STAFF.Password);
      const menu = admin.getByRole('menu', { name: '后台菜单' });
      await menu.getByText('员工').click();
      await admin.waitForURL((url) => url.pathname === '/console/staff', { timeout: STEP_TIMEOUT_MS });
      await admin
        .getByRole('row')
        .filter({ hasText: 'reviewer' })
        .first()
        .waitFor({ timeout: STEP_TIMEOUT_MS });

      // 新建员工: the form names what is missing, then saves.
      await admin.getByRole('button', { name: '新建员工' }).click();
      const dialog = admin.locator('.ant-modal').filter({ hasText: '新建员工' });
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await dialog.getByText('请填写账号').waitFor({ timeout: STEP_TIMEOUT_MS });
      await dialog.getByLabel('账号').fill('shengao01');
      await dialog.getByLabel('姓名').fill('审稿小王');
      await dialog.getByRole('combobox', { name: '角色' }).click();
      await admin.locator('.ant-select-item-option').filter({ hasText: '审稿' }).click();
      await admin.keyboard.press('Escape');
      await dialog.getByLabel('密码').fill(NEW_PASSWORD);
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await toast(admin, '已新建员工 shengao01').waitFor({ timeout: STEP_TIMEOUT_MS });
      const row = admin.getByRole('row').filter({ hasText: 'shengao01' });
      await row.waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await row.innerText()).toMatch(/审稿小王[\s\S]*审稿[\s\S]*正常/);

      // The new member signs in and sees 工作台 and 订单 only; 员工 is not theirs.
      await consoleSignIn(reviewer, env.server, 'shengao01', NEW_PASSWORD);
      const theirMenu = reviewer.getByRole('menu', { name: '后台菜单' });
      await theirMenu.getByText('订单').waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await theirMenu.getByRole('menuitem').allInnerTexts()).toEqual(['工作台', '订单']);
      await reviewer.goto(env.server.url('demo') + '/console/staff', { timeout: STEP_TIMEOUT_MS });
      await reviewer.getByText('无权访问').waitFor({ timeout: STEP_TIMEOUT_MS });

      // 操作日志: the creation by admin, its roles after, the password never shown; and the sign-in.
      await admin.getByRole('tab', { name: '操作日志' }).click();
      const created = admin.locator('.ant-table-row').filter({ hasText: '新建或修改员工' }).filter({
        hasText: '员工 shengao01',
      });
      await created.waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(await created.innerText()).toContain('admin');
      const signIn = admin.locator('.ant-table-row').filter({ hasText: '商家员工登录' }).filter({
        hasText: 'shengao01',
      });
      await signIn.first().waitFor({ timeout: STEP_TIMEOUT_MS });
      await created.click();
      const detail = admin.getByTestId('audit-detail');
      await detail.waitFor({ timeout: STEP_TIMEOUT_MS });
      const detailText = await detail.innerText();
      expect(detailText).toMatch(/角色\s*—\s*审稿/);
      expect(detailText).toContain('"Password": "***"');
      expect(detailText).not.toContain(NEW_PASSWORD);
      await screenshot(admin, 'staff');

      // Filtered by the operation, only staff saves remain.
      await admin.getByRole('combobox', { name: '操作' }).click();
      await admin.locator('.ant-select-item-option').filter({ hasText: '新建或修改员工' }).click();
      await admin.getByText('共 1 条记录').waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(consoleErrors).toEqual([]);
    } finally {
      await admin.close();
      await reviewer.close();
    }
  });
});
