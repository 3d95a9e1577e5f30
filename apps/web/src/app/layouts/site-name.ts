import type { CompanyInfo } from '@inkstone/contracts';

/** A site name cut in two where the merchant wrote a separator: `墨砚快印 · 在线印刷下单`. */
export interface SiteNameParts {
  /** The shop's own name, before the separator. */
  main: string;
  /** The separator with the spaces around it, exactly as written. */
  separator: string;
  /** The rest: a slogan or what the site is for. */
  sub: string;
}

/** Middle dots, bullets, bars and dashes that merchants put between their name and a slogan. */
const SEPARATED = /^(.+?)(\s*[·•・|｜—–]\s*|\s+-\s+)(.+)$/u;

/**
 * The name in two parts at its first separator, so a phone can show the shop's name on one line
 * and the rest under it; null when it has none. The parts joined give the name back unchanged.
 */
export function splitSiteName(name: string): SiteNameParts | null {
  const match = SEPARATED.exec(name);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const [, main, separator, sub] = match;
  if (!main.trim() || !sub.trim()) return null;
  return { main, separator, sub };
}

/** How the site names itself: the configured website name, else the company's, else a default. */
export function siteNameOf(companyInfo: CompanyInfo | null): string {
  return companyInfo?.Config.WebSiteName || companyInfo?.CompanyName || '在线印刷';
}
