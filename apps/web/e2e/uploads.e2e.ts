import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { useDemoVersion } from './support/api.ts';
import { launchBrowser } from './support/browser.ts';
import { useServerAndBrowser } from './support/suite.ts';
import { STEP_TIMEOUT_MS, open, signIn, toast, waitForPath } from './support/ui.ts';
import { stepScreenshot } from './support/screenshots.ts';

/** The demo merchant's seeded customer (apps/server/src/db/seed.ts). */
const DEMO_CUSTOMER = { account: '13800138000', password: 'Demo1234' };
const CHUNK_SIZE = 2_097_152;
const CHUNK_PATH = '/api/common/UploadChunkFile';

interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
  md5: string;
  chunks: number;
}

/**
 * A real picture of random pixels (so it hardly compresses), 300 DPI: about 7 MB, four chunks, and
 * the server can make a real thumbnail of it.
 */
async function generatePoster(name: string, width = 1700, height = 1400): Promise<TestFile> {
  const buffer = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .withMetadata({ density: 300 })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return {
    name,
    mimeType: 'image/png',
    buffer,
    md5: createHash('md5').update(buffer).digest('hex'),
    chunks: Math.ceil(buffer.length / CHUNK_SIZE),
  };
}

/** A picture of the step, when a run asks for them (support/screenshots.ts). */
function snapshot(page: Page, name: string, fullPage = true): Promise<void> {
  return stepScreenshot(page, `uploads-${name}`, { fullPage });
}

const isChunkPost = (request: Request) => request.method() === 'POST' && request.url().includes(CHUNK_PATH);
const isChunkGet = (request: Request) => request.method() === 'GET' && request.url().includes(CHUNK_PATH);

/** Chunk POSTs the page sends from now on. */
function countChunkPosts(page: Page): { count(): number; stop(): void } {
  let count = 0;
  const listener = (request: Request) => {
    if (isChunkPost(request)) count += 1;
  };
  page.on('request', listener);
  return { count: () => count, stop: () => page.off('request', listener) };
}

/**
 * A line that stalls after the first chunk: the first chunk POST goes through, every later one waits
 * in the browser until the returned function is called (one the page gave up meanwhile is dropped).
 * However slow the machine, the upload can then be stopped, or the page reloaded, with part of the
 * file on the server; a fixed delay per chunk let a slow machine finish the file first.
 */
async function stallAfterFirstChunk(page: Page): Promise<() => Promise<void>> {
  const pattern = `**${CHUNK_PATH}**`;
  let posts = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    if (route.request().method() === 'POST') {
      posts += 1;
      if (posts > 1) await released;
    }
    // A chunk the customer stopped is gone by now: nothing left to send.
    await route.continue().catch(() => undefined);
  });
  return async () => {
    release();
    await page.unroute(pattern);
  };
}

describe('uploads and the file library', () => {
  const env = useServerAndBrowser();
  let poster: TestFile;

  /** Chunk numbers the server holds of an unfinished upload of `md5`. */
  const heldChunks = (md5: string) =>
    env.server
      .query<{ chunk_number: number }>(
        `SELECT c.chunk_number FROM upload_chunks c JOIN upload_sessions s ON s.id = c.session_id
         WHERE s.identifier = ? ORDER BY c.chunk_number`,
        md5,
      )
      .map((row) => row.chunk_number);

  const liveFiles = (name: string) =>
    env.server.query<{ id: number; deleted_at: number | null }>(
      'SELECT id, deleted_at FROM server_files WHERE org_file_name = ? ORDER BY id',
      name,
    );

  beforeAll(async () => {
    poster = await generatePoster('宣传海报-300dpi.png');
  });

  // demo is version 1 unless a test switches it: its batch upload pages are versions 2–4's.
  beforeEach(async () => {
    const page = await env.browser.context.newPage();
    await useDemoVersion(env.server, page, 1);
    await page.close();
  });

  it('uploads a file in chunks, stops it midway, continues with the missing chunks only, and finds it in the picker', async () => {
    expect(poster.chunks).toBe(4);
    const page = await env.browser.context.newPage();
    await signIn(page, env.server.url('demo') + '/login', DEMO_CUSTOMER.account, DEMO_CUSTOMER.password);
    // Version 2's batch upload (the session stays when the site switches version).
    await useDemoVersion(env.server, page, 2);
    await open(page, env.server.url('demo') + '/batch-upload');
    await waitForPath(page, '/batch-upload');
    await page.getByRole('heading', { name: '批量上传' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await snapshot(page, '01-batch-upload-empty');

    // A line that stalls after the first chunk, so the upload is stopped with part of it sent.
    const releaseChunks = await stallAfterFirstChunk(page);
    const firstRun = countChunkPosts(page);
    const firstChunkStored = page.waitForResponse(
      (response) => isChunkPost(response.request()) && response.status() === 200,
      { timeout: STEP_TIMEOUT_MS },
    );
    await page.getByTestId('upload-input').setInputFiles(poster);
    const item = page.getByTestId('upload-item').filter({ hasText: poster.name });
    await item.waitFor({ timeout: STEP_TIMEOUT_MS });
    await firstChunkStored;
    await expect.poll(() => item.textContent(), { timeout: STEP_TIMEOUT_MS }).toMatch(/\/s · 剩余/);
    await snapshot(page, '02-uploading');

    await item.getByRole('button', { name: /停\s*止/ }).click();
    await item.filter({ hasText: '中途停止' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect.poll(() => item.getAttribute('data-status')).toBe('stopped');
    await snapshot(page, '03-stopped');
    firstRun.stop();

    // The server kept what arrived before the stop; nothing was recorded as a file yet.
    await page.waitForTimeout(300);
    const held = heldChunks(poster.md5);
    expect(held.length).toBeGreaterThanOrEqual(1);
    expect(held.length).toBeLessThan(poster.chunks);
    expect(liveFiles(poster.name)).toEqual([]);

    // Continue: the page asks the server what it holds and sends only the rest.
    await releaseChunks();
    const secondRun = countChunkPosts(page);
    const asked = page.waitForRequest(isChunkGet, { timeout: STEP_TIMEOUT_MS });
    await item.getByRole('button', { name: /继\s*续/ }).click();
    await asked;
    const finished = page.getByTestId('upload-file').filter({ hasText: poster.name });
    await finished.waitFor({ timeout: STEP_TIMEOUT_MS });
    secondRun.stop();
    expect(secondRun.count()).toBe(poster.chunks - held.length);
    expect(liveFiles(poster.name)).toHaveLength(1);
    expect(heldChunks(poster.md5)).toEqual([]);
    await snapshot(page, '04-uploaded');

    // The picker shows it with its real thumbnail once the server has made it.
    await page.getByRole('button', { name: '从我的文件选择' }).click();
    const dialog = page.getByRole('dialog', { name: '从我的文件选择' });
    const card = dialog.getByTestId('server-file-card').filter({ hasText: poster.name });
    await card.waitFor({ timeout: STEP_TIMEOUT_MS });
    const thumbnail = card.locator('img');
    await expect
      .poll(
        () =>
          thumbnail.evaluate((image: HTMLImageElement) =>
            image.complete && image.src.includes('v=preview') ? image.naturalWidth : 0,
          ),
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    await page.waitForTimeout(400); // the dialog's opening animation
    await snapshot(page, '05-picker', false);

    // Choosing it in the picker puts it on the batch once (it is there already).
    await card.getByRole('checkbox').click();
    await expect.poll(() => card.getByRole('checkbox').getAttribute('aria-checked')).toBe('true');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => page.getByTestId('upload-file').count()).toBe(1);
    await page.close();
  });

  it('shows the facts of the file on its detail in 我的文件, and deletes it after 确定要删除吗?', async () => {
    const page = await env.browser.context.newPage();
    await signIn(page, env.server.url('demo') + '/login', DEMO_CUSTOMER.account, DEMO_CUSTOMER.password);
    await open(page, env.server.url('demo') + '/user/sys/1');
    await page.getByRole('tab', { name: '我的文件' }).click();
    await page.waitForURL((url) => url.pathname === '/user/sys/files', { timeout: STEP_TIMEOUT_MS });
    const card = page.getByTestId('server-file-card').filter({ hasText: poster.name });
    await card.waitFor({ timeout: STEP_TIMEOUT_MS });
    await snapshot(page, '06-my-files');

    await card.getByRole('button', { name: /详\s*情/ }).click();
    const drawer = page.locator('.ink-file-detail');
    await drawer.getByText('1700 × 1400 px').waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect.poll(() => drawer.textContent()).toContain('300 DPI（图片自带）');
    await expect.poll(() => drawer.textContent()).toContain('RGB');
    // At 300 DPI, 1700 px print 144 mm wide: a 100 × 80 mm card with 3 mm bleed prints sharp.
    await drawer.getByLabel('成品宽（毫米）').fill('100');
    await drawer.getByLabel('成品高（毫米）').fill('80');
    await drawer.getByRole('button', { name: /检\s*查/ }).click();
    const result = drawer.getByTestId('preflight-result');
    await result.waitFor({ timeout: STEP_TIMEOUT_MS });
    await expect.poll(() => result.textContent()).toMatch(/DPI/);
    await snapshot(page, '07-detail', false);
    await page.keyboard.press('Escape');

    await card.getByRole('button', { name: '删除' }).click();
    const confirm = page.locator('.ant-popconfirm').filter({ hasText: '确定要删除吗?' });
    await confirm.waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.waitForTimeout(400);
    await snapshot(page, '08-confirm-delete', false);
    await confirm.getByRole('button', { name: /删\s*除/ }).click();
    await toast(page, '删除成功').waitFor({ timeout: STEP_TIMEOUT_MS });
    await card.waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
    expect(liveFiles(poster.name).every((file) => file.deleted_at !== null)).toBe(true);
    await page.close();
  });

  it('finishes at once (秒传) when the same content is uploaded again, without sending a chunk', async () => {
    const page = await env.browser.context.newPage();
    await signIn(page, env.server.url('demo') + '/login', DEMO_CUSTOMER.account, DEMO_CUSTOMER.password);
    await useDemoVersion(env.server, page, 3);
    await open(page, env.server.url('demo') + '/batch-upload-v3');
    await waitForPath(page, '/batch-upload-v3');
    const posts = countChunkPosts(page);
    await page.getByTestId('upload-input').setInputFiles(poster);
    await page
      .getByTestId('upload-file')
      .filter({ hasText: poster.name })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    posts.stop();
    expect(posts.count()).toBe(0);
    await page.close();
  });

  it('continues an upload after the page was reloaded, sending only what the server lacks', async () => {
    const brochure = await generatePoster('产品画册-封面.png', 1800, 1300);
    // A file on disk, as a customer chooses it: its name, size and modification time stay the same.
    const onDisk = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-upload-')), brochure.name);
    fs.writeFileSync(onDisk, brochure.buffer);
    const page = await env.browser.context.newPage();
    await signIn(page, env.server.url('demo') + '/login', DEMO_CUSTOMER.account, DEMO_CUSTOMER.password);
    await useDemoVersion(env.server, page, 4);
    await open(page, env.server.url('demo') + '/batch-upload-v4');
    await waitForPath(page, '/batch-upload-v4');
    const releaseChunks = await stallAfterFirstChunk(page);
    const firstChunkStored = page.waitForResponse(
      (response) => isChunkPost(response.request()) && response.status() === 200,
      { timeout: STEP_TIMEOUT_MS },
    );
    await page.getByTestId('upload-input').setInputFiles(onDisk);
    await firstChunkStored;
    // The connection drops: the page is reloaded in the middle of the upload (the first chunk has
    // arrived; the rest, stalled, have not).
    await page.reload();
    await page.getByRole('heading', { name: '批量上传' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await releaseChunks();
    await page.waitForTimeout(300);
    const held = heldChunks(brochure.md5);
    expect(held.length).toBeGreaterThanOrEqual(1);
    expect(held.length).toBeLessThan(brochure.chunks);

    const notice = page.locator('.ink-upload-card__notice');
    await notice.filter({ hasText: brochure.name }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await snapshot(page, '09-after-reload');
    const posts = countChunkPosts(page);
    const hashing = countWorkers(page);
    await page.getByTestId('upload-input').setInputFiles(onDisk);
    await page
      .getByTestId('upload-file')
      .filter({ hasText: brochure.name })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    posts.stop();
    expect(posts.count()).toBe(brochure.chunks - held.length);
    // The identifier was remembered: the file was not hashed again.
    expect(hashing()).toBe(0);
    await expect.poll(() => notice.count()).toBe(0);
    await page.close();
    fs.rmSync(path.dirname(onDisk), { recursive: true, force: true });
  });

  it('refuses a file of a type it cannot print before sending anything, in Chinese', async () => {
    const page = await env.browser.context.newPage();
    await signIn(page, env.server.url('demo') + '/login', DEMO_CUSTOMER.account, DEMO_CUSTOMER.password);
    await open(page, env.server.url('demo') + '/user/sys/files');
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().includes(CHUNK_PATH)) calls += 1;
    });
    await page.getByTestId('upload-input').setInputFiles({
      name: '安装程序.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ'),
    });
    const item = page.getByTestId('upload-item').filter({ hasText: '安装程序.exe' });
    await item
      .filter({ hasText: '不支持 .exe 文件，印刷文件只能上传 pdf、ai' })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(calls).toBe(0);
    await page.close();
  });

  it('fits a phone screen', async () => {
    const phone = await launchBrowser({ width: 390, height: 844 });
    try {
      const page = await phone.context.newPage();
      await signIn(page, env.server.url('demo') + '/login', DEMO_CUSTOMER.account, DEMO_CUSTOMER.password);
      await open(page, env.server.url('demo') + '/user/sys/files');
      await page.getByTestId('server-file-card').first().waitFor({ timeout: STEP_TIMEOUT_MS });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await snapshot(page, '10-phone-my-files');
      await useDemoVersion(env.server, page, 2);
      await open(page, env.server.url('demo') + '/batch-upload');
      await waitForPath(page, '/batch-upload');
      await page.getByRole('heading', { name: '批量上传' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await snapshot(page, '11-phone-batch');
    } finally {
      await phone.close();
    }
  });
});

/** Web Workers the page starts from now on (the MD5 hasher); returns a reader of the count. */
function countWorkers(page: Page): () => number {
  let count = 0;
  page.on('worker', () => (count += 1));
  return () => count;
}
