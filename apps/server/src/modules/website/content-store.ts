/**
 * Writing rich text: every article and rich-text item is sanitised before it is stored (and
 * again when it is sent, see website.mapper.ts), and an article's plain text is kept beside it
 * for the help search. The demo seed and any future import or back-office editor write
 * through here.
 */
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SiteHomeItemTable } from '../../db/schema.ts';
import { richTextToPlain, sanitizeRichText } from './rich-text.ts';
import { insertHelpArticle, insertHomeItem } from './website.repository.ts';

export interface NewHelpArticle {
  merchantId: number;
  categoryId: number;
  title: string;
  /** Any HTML: what the allow-list does not keep is dropped. */
  html: string;
  serialNumber: number;
  isPublished?: boolean;
}

/** Stores a help article with its HTML sanitised; returns its id. */
export async function addHelpArticle(db: Db, article: NewHelpArticle, now: number): Promise<number> {
  const html = sanitizeRichText(article.html);
  return insertHelpArticle(db, {
    merchant_id: article.merchantId,
    category_id: article.categoryId,
    title: article.title.trim(),
    html,
    body_text: richTextToPlain(html),
    serial_number: article.serialNumber,
    is_published: article.isPublished === false ? 0 : 1,
    created_at: now,
    updated_at: now,
  });
}

/** Stores a home-layout item with its rich text (if any) sanitised; returns its id. */
export async function addHomeItem(db: Db, item: Insertable<SiteHomeItemTable>): Promise<number> {
  return insertHomeItem(db, { ...item, html: item.html ? sanitizeRichText(item.html) : '' });
}
