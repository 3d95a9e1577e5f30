import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { PdfRasteriser } from './thumbnails.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkstone-thumbs-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('PDF first-page thumbnails', () => {
  it('uses pdftoppm when it is installed: first page, scaled, as WebP', async () => {
    // Stands in for pdftoppm: writes <out>.png like `pdftoppm -singlefile -png in out` does.
    const page = path.join(dir, 'page.png');
    await sharp({ create: { width: 283, height: 400, channels: 3, background: '#ffffff' } })
      .png()
      .toFile(page);
    const stub = path.join(dir, 'fake-pdftoppm');
    const argsLog = path.join(dir, 'args');
    fs.writeFileSync(
      stub,
      `#!/bin/sh\necho "$@" > "${argsLog}"\nfor last; do :; done\ncp "${page}" "$last.png"\n`,
      {
        mode: 0o755,
      },
    );
    const thumbnail = await new PdfRasteriser(stub).firstPage(path.join(dir, 'in.pdf'));
    expect(thumbnail).not.toBeNull();
    expect((await sharp(thumbnail!).metadata()).format).toBe('webp');
    expect(fs.readFileSync(argsLog, 'utf8')).toMatch(/^-f 1 -l 1 -singlefile -scale-to 400 -png /);
  });

  it('falls back (null: a typed icon) when the command is missing', async () => {
    const rasteriser = new PdfRasteriser(path.join(dir, 'no-such-command'));
    expect(await rasteriser.firstPage(path.join(dir, 'in.pdf'))).toBeNull();
  });
});
