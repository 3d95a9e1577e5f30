import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { RunningServer } from './server.ts';

/** How long a single step (a page load, a reply, a toast) may take on a slow machine. */
export const STEP_TIMEOUT_MS = 20_000;

/** The path and query of the page's address, e.g. `/login?redirect=%2Findex`. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** Waits until the address (path and query) is `expected`. */
export async function waitForPath(page: Page, expected: string): Promise<void> {
  await page.waitForURL((url) => `${url.pathname}${url.search}` === expected, { timeout: STEP_TIMEOUT_MS });
}

/**
 * The signed-in start of each version (SITES[v].workspace): /index and the order centres. Once the
 * merchant has products they open the first product's page, so its address counts too.
 */
export const WORKSPACE = {
  1: /^\/(index|proinfo\/[^/?]+\/[^/?]+\/[^/?]+)$/,
  2: /^\/quotationCenter(\/[^/?]+){0,2}$/,
  3: /^\/quotationCenter-v3(\/[^/?]+){0,2}$/,
  4: /^\/quotationCenter-v4(\/[^/?]+){0,3}$/,
} as const;

/** Waits until the address (path and query) matches `pattern`. */
export async function waitForPathMatching(page: Page, pattern: RegExp): Promise<void> {
  await page.waitForURL((url) => pattern.test(`${url.pathname}${url.search}`), { timeout: STEP_TIMEOUT_MS });
}

/** Opens `url` and waits until the start sequence has rendered a page (not the start screen). */
export async function open(page: Page, url: string): Promise<void> {
  await page.goto(url, { timeout: STEP_TIMEOUT_MS });
  try {
    await page
      .locator('.ink-auth-card, .ink-page, .ink-center-page')
      .first()
      .waitFor({ timeout: STEP_TIMEOUT_MS });
  } catch (error) {
    const shown = await page
      .locator('body')
      .innerText()
      .catch(() => '');
    throw new Error(`${url} did not render (now at ${page.url()}; page shows: ${shown.slice(0, 200)})`, {
      cause: error,
    });
  }
}

/** The toast (antd message) holding `text`. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.ant-message-notice').filter({ hasText: text });
}

/**
 * A field's error message under it, e.g. 请输入手机号码: antd Form's, or the password login's own
 * fields (native inputs).
 */
export function fieldError(page: Page, text: string): Locator {
  return page.locator('.ant-form-item-explain-error, .ink-auth-field__error').filter({ hasText: text });
}

/** The password tab of the login card: fills account and password, ticks 记住我 if asked, submits. */
export async function submitLogin(
  page: Page,
  account: string,
  password: string,
  options: { rememberMe?: boolean } = {},
): Promise<void> {
  const card = page.locator('.ink-auth-card');
  await card.getByPlaceholder('手机号码 / 账号').fill(account);
  await card.getByPlaceholder('登录密码').fill(password);
  const remember = card.getByRole('checkbox', { name: '记住我' });
  if ((await remember.isChecked()) !== Boolean(options.rememberMe)) await remember.click();
  const reply = page.waitForResponse((response) => response.url().includes('/api/oauth/RequestAccessToken'), {
    timeout: STEP_TIMEOUT_MS,
  });
  await card.getByRole('button', { name: /登\s*录/ }).click();
  await reply;
}

/** Signs in on the version's login page at `loginUrl` and waits to leave it. */
export async function signIn(
  page: Page,
  loginUrl: string,
  account: string,
  password: string,
  options: { rememberMe?: boolean } = {},
): Promise<void> {
  await open(page, loginUrl);
  const loginPath = new URL(page.url()).pathname;
  await submitLogin(page, account, password, options);
  await page.waitForURL((url) => url.pathname !== loginPath, { timeout: STEP_TIMEOUT_MS });
  await page.locator('.ink-account-bar').waitFor({ timeout: STEP_TIMEOUT_MS });
}

/** The signed-in header's account button (nickname, else mobile number). */
export function accountName(page: Page): Locator {
  return page.locator('.ink-account-bar__text');
}

/**
 * Solves the open slider captcha as a person would: reads where the server cut the gap (the newest
 * challenge in the `captchas` table), presses the handle, drags it there in small steps over about
 * half a second, and lets go.
 */
export async function dragSliderToGap(page: Page, server: RunningServer): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '安全验证' });
  const background = dialog.locator('img.ink-slider__background');
  await background.waitFor({ timeout: STEP_TIMEOUT_MS });
  // The scale below needs the picture's natural size, known only once it has loaded.
  await background.evaluate((image: HTMLImageElement) =>
    image.complete && image.naturalWidth > 0
      ? undefined
      : new Promise<void>((resolve, reject) => {
          image.addEventListener('load', () => resolve(), { once: true });
          image.addEventListener('error', () => reject(new Error('the captcha picture did not load')), {
            once: true,
          });
        }),
  );
  const [newest] = server.query<{ answer_x: number }>(
    'SELECT answer_x FROM captchas ORDER BY created_at DESC, rowid DESC LIMIT 1',
  );
  if (!newest) throw new Error('no captcha in the database');
  // On a narrow screen the picture is scaled down: the drag is in screen pixels.
  const scale = await background.evaluate(
    (image: HTMLImageElement) => image.getBoundingClientRect().width / image.naturalWidth,
  );
  const handle = dialog.getByRole('slider', { name: '拖动滑块完成拼图' });
  const box = await handle.boundingBox();
  if (!box) throw new Error('the slider handle is not visible');
  const startX = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const distance = newest.answer_x * scale;
  const steps = 25;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  for (let step = 1; step <= steps; step++) {
    // A little vertical wobble, as a hand makes.
    await page.mouse.move(startX + (distance * step) / steps, y + (step % 3) - 1);
    await page.waitForTimeout(20);
  }
  await page.mouse.up();
}

/**
 * Solves the slider captcha as a person would: drags, and when the drag missed (a busy machine
 * can move the picture between measuring and dragging) waits for the new puzzle the dialog draws
 * and drags again, at most three times, until it says 验证通过. A drag the page never took (no
 * answer sent, so no new puzzle) is given again on the same puzzle after a few seconds.
 */
export async function solveSliderCaptcha(page: Page, server: RunningServer): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '安全验证' });
  const picture = dialog.locator('img.ink-slider__background');
  for (let attempt = 1; ; attempt++) {
    const before = await picture.getAttribute('src', { timeout: STEP_TIMEOUT_MS });
    await dragSliderToGap(page, server);
    try {
      await dialog.getByText('验证通过').waitFor({ timeout: 8_000 });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
      await expect
        .poll(() => picture.getAttribute('src', { timeout: STEP_TIMEOUT_MS }), { timeout: 5_000 })
        .not.toBe(before)
        .catch(() => undefined);
    }
  }
}

/** The computed background colour of `locator`, e.g. `rgb(215, 38, 30)`. */
export function backgroundColour(locator: Locator): Promise<string> {
  return locator.evaluate((element) => getComputedStyle(element).backgroundColor);
}

/**
 * Chooses `option` in a single-choice antd Select as a person would: opens it, clicks the option,
 * and looks at what the Select then shows. On a busy machine the list can still be moving into
 * place (a drawer or dialog sliding in) when the click lands, which closes it with nothing chosen;
 * then it opens the list and clicks again, until the Select shows the option.
 */
export async function chooseOption(page: Page, combobox: Locator, option: string): Promise<void> {
  const select = combobox.locator(
    'xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );
  const shown = async () => (await select.innerText()).includes(option);
  await expect
    .poll(
      async () => {
        if (await shown()) return true;
        const item = page
          .locator('.ant-select-dropdown:visible .ant-select-item-option')
          .filter({ hasText: option });
        if (!(await item.isVisible())) await combobox.click();
        await item.click({ timeout: 5_000 }).catch(() => undefined);
        return shown();
      },
      { timeout: STEP_TIMEOUT_MS, interval: 250 },
    )
    .toBe(true);
}

/**
 * Clicks `button` until `shown` is visible, for a click whose whole effect is what it shows (a
 * form's validation message, say) and may be given twice. A click that lands while a dialog is
 * still zooming in on a busy machine can miss; then it is given again. `beforeEachClick` may put
 * back what a refused click showed to be missing.
 */
export async function clickUntilShown(
  button: Locator,
  shown: Locator,
  beforeEachClick?: () => Promise<void>,
): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await shown.isVisible()) return true;
        await beforeEachClick?.();
        await button.click({ timeout: 5_000 }).catch(() => undefined);
        return shown
          .waitFor({ timeout: 1_000 })
          .then(() => true)
          .catch(() => false);
      },
      { timeout: STEP_TIMEOUT_MS, interval: 250 },
    )
    .toBe(true);
}

/**
 * Answers the open confirmation dialog titled `title` with its button `ok`, and waits until the
 * dialog has closed. antd ignores a second click while the first one's action is pending, but a
 * click that lands while the dialog is still zooming in on a busy machine can miss it; so while the
 * dialog stays open, idle (its button not loading) and not closing, the button is clicked again.
 * The dialog is looked at every 2 s, so a toast the action shows (3 s) may be gone by the time this
 * returns: wait for it alongside, e.g. `Promise.all([toast(...).waitFor(), answerConfirm(...)])`.
 */
export async function answerConfirm(page: Page, title: string | RegExp, ok: RegExp): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm').filter({
    has: page.locator('.ant-modal-confirm-title', { hasText: title }),
  });
  const button = dialog.getByRole('button', { name: ok });
  await button.click({ timeout: STEP_TIMEOUT_MS });
  await expect
    .poll(
      async () => {
        if (!(await dialog.isVisible())) return 'closed';
        const state = await dialog
          .evaluate(
            (element, buttonName) => {
              const root = element.closest('.ant-modal') ?? element;
              if (/-leave/.test(root.className)) return 'closing';
              const buttons = [...element.querySelectorAll('button')];
              const target = buttons.find((b) => new RegExp(buttonName).test(b.textContent ?? ''));
              return target?.classList.contains('ant-btn-loading') ? 'busy' : 'idle';
            },
            ok.source,
            { timeout: 1_000 },
          )
          .catch(() => 'closed');
        if (state === 'idle') await button.click({ timeout: 2_000 }).catch(() => undefined);
        return state;
      },
      { timeout: STEP_TIMEOUT_MS, interval: 2_000 },
    )
    .toBe('closed');
}
