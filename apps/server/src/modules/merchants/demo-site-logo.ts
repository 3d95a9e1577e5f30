/**
 * The demo merchants' logos (docs/site-settings.md, "Logo"): drawn at seed from an SVG written
 * here (a rounded square in the site's colour with the shop's initial, and its name beside it),
 * then made into the logo exactly as an uploaded PNG would be.
 */
import { DEMO_MERCHANT_CODES } from '@inkstone/domain';
import type { Db } from '../../db/database.ts';
import { replaceSiteLogo } from './merchants.repository.ts';
import { makeSiteLogoImage } from './site-logo-image.ts';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The SVG of a demo logo: 480×160, the initial on the brand colour, the name in dark grey. */
export function demoLogoSvg(name: string, brand: string): string {
  const initial = Array.from(name)[0] ?? '';
  const fonts =
    "'Noto Sans CJK SC', 'Noto Serif CJK SC', 'Source Han Sans SC', 'Microsoft YaHei', sans-serif";
  const size = Array.from(name).length > 5 ? 48 : 60;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160" viewBox="0 0 480 160">
  <rect x="8" y="16" width="128" height="128" rx="28" fill="${brand}"/>
  <text x="72" y="104" text-anchor="middle" font-family="${fonts}" font-size="76" font-weight="700" fill="#fff">${escapeXml(initial)}</text>
  <text x="156" y="${80 + size / 3}" font-family="${fonts}" font-size="${size}" font-weight="700" fill="#1f2329">${escapeXml(name)}</text>
</svg>`;
}

/**
 * Gives each demo merchant that exists and has no logo its drawn one, so seeding an existing
 * database again fills in what is missing. Returns how many were stored.
 */
export async function seedDemoSiteLogos(db: Db, now: number): Promise<number> {
  let stored = 0;
  for (const code of DEMO_MERCHANT_CODES) {
    const merchant = await db
      .selectFrom('merchants')
      .select(['id', 'name', 'theme_preference', 'logo_sha256'])
      .where('code', '=', code)
      .executeTakeFirst();
    if (!merchant || merchant.logo_sha256) continue;
    const brand = merchant.theme_preference === 2 ? '#d7261e' : '#0f9d58';
    const { default: sharp } = await import('sharp');
    const png = await sharp(Buffer.from(demoLogoSvg(merchant.name, brand)))
      .png()
      .toBuffer();
    const logo = await makeSiteLogoImage(png);
    await replaceSiteLogo(
      db,
      merchant.id,
      { sha256: logo.sha256, image: logo.webp, width: logo.width, height: logo.height },
      now,
    );
    stored += 1;
  }
  return stored;
}
