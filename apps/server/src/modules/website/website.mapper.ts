/**
 * Rows → the wire shapes of packages/contracts/src/calls/website.ts. Whatever a row holds, what
 * leaves here is safe to draw: rich text goes through the sanitiser again, a link that is not
 * what its type says becomes `none`, an image address that is neither http(s) nor of this site
 * is no image.
 */
import {
  AD_POSITIONS,
  HOME_GROUP_KINDS,
  TEMPLATE_FORMATS,
  type Ad,
  type ContentLink,
  type DesignTemplate,
  type HelpArticleRef,
  type HomeLayoutGroup,
  type HomeLayoutItem,
} from '@inkstone/contracts';
import { isSafeUrl, toSafeImage as toImage } from '../../lib/safe-url.ts';
import { sanitizeRichText } from './rich-text.ts';
import type { AdRow, HomeGroupRow, HomeItemRow, TemplateFileRow, TemplateRow } from './website.repository.ts';

export const LINK_TYPES = ['none', 'product', 'category', 'help', 'url', 'route'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

const NO_LINK: ContentLink = { Type: 'none', Target: '' };

/** What a link's target must look like, by its type. */
const TARGETS: Record<Exclude<LinkType, 'none'>, RegExp> = {
  product: /^[1-9]\d{0,9}$/,
  help: /^[1-9]\d{0,9}$/,
  // One to three category ids, first level first: `200/210/210`.
  category: /^[1-9]\d{0,9}(?:\/[1-9]\d{0,9}){0,2}$/,
  url: /^https?:\/\/[^\s/?#]+/i,
  // A path of this site: `/help-v4/12`, `/quotationCenter-v4/100/110/111`, `/template-v4?c=2`.
  route: /^\/(?!\/)[\w\-./~%]*(?:\?[\w\-.~%=&]*)?$/,
};

function isLinkType(type: string): type is LinkType {
  return (LINK_TYPES as readonly string[]).includes(type);
}

/** The stored link, or no link when its type is unknown or its target does not fit the type. */
export function toLink(type: string, target: string): ContentLink {
  if (!isLinkType(type) || type === 'none') return NO_LINK;
  const value = target.trim();
  if (!TARGETS[type].test(value)) return NO_LINK;
  if (type === 'url' && !isSafeUrl(value)) return NO_LINK;
  return { Type: type, Target: value };
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export function toAd(row: AdRow): Ad | null {
  const image = toImage({
    url: row.image_url,
    smallUrl: row.image_small_url,
    width: row.image_width,
    height: row.image_height,
    alt: row.image_alt || row.title,
  });
  const position = AD_POSITIONS.find((candidate) => candidate === row.position);
  if (!image || !position) return null;
  return {
    Id: row.id,
    Position: position,
    Title: row.title,
    Subtitle: row.subtitle,
    Image: image,
    Link: toLink(row.link_type, row.link_target),
    SerialNumber: row.serial_number,
    StartTime: iso(row.starts_at),
    EndTime: iso(row.ends_at),
  };
}

export function toHomeGroup(row: HomeGroupRow): HomeLayoutGroup | null {
  const kind = HOME_GROUP_KINDS.find((candidate) => candidate === row.kind);
  if (!kind) return null;
  return {
    Id: row.id,
    Kind: kind,
    Title: row.title,
    Subtitle: row.subtitle,
    SerialNumber: row.serial_number,
  };
}

/** An item; `fromPriceFen` is the product's from price for a product item, else null. */
export function toHomeItem(row: HomeItemRow, fromPriceFen: number | null): HomeLayoutItem {
  return {
    Id: row.id,
    Title: row.title,
    Summary: row.summary,
    Image: toImage({
      url: row.image_url,
      smallUrl: row.image_small_url,
      width: row.image_width,
      height: row.image_height,
      alt: row.image_alt || row.title,
    }),
    Link: toLink(row.link_type, row.link_target),
    ProductId: row.product_id,
    FromPriceFen: row.product_id === null ? null : fromPriceFen,
    Html: row.html ? sanitizeRichText(row.html) : '',
    PublishedAt: iso(row.published_at),
  };
}

export function toArticleRef(row: { id: number; title: string }): HelpArticleRef {
  return { Id: row.id, Title: row.title };
}

export function toDesignTemplate(row: TemplateRow, files: readonly TemplateFileRow[]): DesignTemplate | null {
  const preview = toImage({
    url: row.preview_url,
    smallUrl: row.preview_small_url,
    width: row.preview_width,
    height: row.preview_height,
    alt: row.title,
  });
  if (!preview) return null;
  const wireFiles: DesignTemplate['Files'] = [];
  for (const file of files) {
    const format = TEMPLATE_FORMATS.find((candidate) => candidate === file.format);
    if (!format || !isSafeUrl(file.url)) continue;
    wireFiles.push({ Format: format, Url: file.url, FileName: file.file_name, SizeBytes: file.size_bytes });
  }
  return {
    Id: row.id,
    Title: row.title,
    CategoryId: row.category_id,
    CategoryTitle: row.category_title,
    ProductId: row.product_id,
    FinishedWidthMm: row.finished_width_mm,
    FinishedHeightMm: row.finished_height_mm,
    BleedMm: row.bleed_mm,
    Preview: preview,
    Files: wireFiles,
  };
}
