import type { ContentLink } from '@inkstone/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { findAdminArticle } from './content-admin.repository.ts';
import { toLink } from './website.mapper.ts';

const LINK_HINTS: Record<string, string> = {
  product: '商品编号（数字）',
  help: '帮助文章编号（数字）',
  category: '分类编号路径，例如 200/210/210',
  url: '以 http:// 或 https:// 开头的网址',
  route: '本站页面路径，以 / 开头，例如 /template-v4',
};

/**
 * A link the console saves (an ad's, a menu entry's), as it will be stored: refused in Chinese
 * when its target does not fit its type (the rules the customer calls apply when sending), or
 * when it names a help article the merchant does not have.
 */
export async function checkedLink(db: Db, merchantId: number, link: ContentLink): Promise<ContentLink> {
  const checked = toLink(link.Type, link.Target);
  if (link.Type !== 'none' && checked.Type === 'none') {
    throw new AppError('ValidationFailed', `链接目标与链接类型不符：应为${LINK_HINTS[link.Type]}`);
  }
  if (checked.Type === 'help' && !(await findAdminArticle(db, merchantId, Number(checked.Target)))) {
    throw new AppError('ValidationFailed', `链接的帮助文章（${checked.Target}）不存在`);
  }
  return checked;
}
