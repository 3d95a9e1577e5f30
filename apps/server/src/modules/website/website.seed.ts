/**
 * Seeds the demo merchants' site content (docs/website.md, "Demo content"): the help centre,
 * ads, a home layout per interface version, menus and the template centre, from demo-site.ts,
 * demo-help-articles.ts and demo-templates.ts. Rich text goes through content-store.ts, so it is
 * stored sanitised. Idempotent: a merchant that has any site content is left alone.
 */
import { DEMO_EXPRESS_COMPANIES, getDemoCatalog, type Catalog } from '@inkstone/domain';
import type { Db } from '../../db/database.ts';
import type { Merchant } from '../../lib/merchant.ts';
import { addHelpArticle, addHomeItem } from './content-store.ts';
import { demoHelpCategories } from './demo-help-articles.ts';
import {
  DEMO_SITES,
  GROUP_TITLES,
  LAYOUTS,
  MENU_ROUTES,
  PROMISES_HTML,
  VERSIONS,
  category,
  categoryGrid,
  help,
  route,
  type ArticleIds,
  type DemoCode,
  type DemoSite,
  type Link,
  type Version,
} from './demo-site.ts';
import { DEMO_TEMPLATES, type DemoTemplate } from './demo-templates.ts';
import {
  isSiteImageKey,
  isSiteTemplateFileKey,
  siteImage,
  siteTemplateFiles,
  type SiteImageKey,
} from './site-assets.ts';
import {
  hasSiteContent,
  insertAd,
  insertHelpCategory,
  insertHomeGroup,
  insertMenuEntry,
  insertTemplate,
  insertTemplateCategory,
  insertTemplateFile,
} from './website.repository.ts';

const DAY_MS = 86_400_000;

/** One merchant being seeded: where, for whom, when, from what. */
interface Seeding {
  trx: Db;
  merchant: Merchant;
  code: DemoCode;
  catalog: Catalog;
  site: DemoSite;
  now: number;
}

/** A stored help category with its articles, in order (the side menu lists them). */
interface HelpTree {
  title: string;
  articles: { id: number; title: string }[];
}

const stampOf = (now: number) => ({ created_at: now, updated_at: now });

/** The image columns of a manifest picture. */
function imageColumns(key: SiteImageKey, alt: string) {
  const image = siteImage(key, alt);
  return {
    image_url: image.Url,
    image_small_url: image.SmallUrl,
    image_width: image.Width,
    image_height: image.Height,
    image_alt: alt,
  };
}

/** The help centre; returns its tree and the ids of the articles others link to. */
async function seedHelpCentre(seeding: Seeding): Promise<{ tree: HelpTree[]; articles: ArticleIds }> {
  const { trx, merchant, code, catalog, now } = seeding;
  const workshop = siteImage('about-workshop', '');
  const categories = demoHelpCategories({
    name: merchant.name,
    servicePhone: merchant.service_phone,
    serviceQq: merchant.service_qq,
    address: merchant.address,
    businessHours: merchant.business_hours,
    catalog,
    express: DEMO_EXPRESS_COMPANIES[code],
    workshopImage: { url: workshop.Url, width: workshop.Width, height: workshop.Height },
  });
  const byTitle = new Map<string, number>();
  const tree: HelpTree[] = [];
  for (const [categoryIndex, helpCategory] of categories.entries()) {
    const categoryId = await insertHelpCategory(trx, {
      merchant_id: merchant.id,
      code: helpCategory.code,
      title: helpCategory.title,
      serial_number: (categoryIndex + 1) * 10,
      ...stampOf(now),
    });
    const articles: HelpTree['articles'] = [];
    for (const [index, article] of helpCategory.articles.entries()) {
      const id = await addHelpArticle(
        trx,
        {
          merchantId: merchant.id,
          categoryId,
          title: article.title,
          html: article.html,
          serialNumber: (index + 1) * 10,
        },
        now,
      );
      byTitle.set(article.title, id);
      articles.push({ id, title: article.title });
    }
    tree.push({ title: helpCategory.title, articles });
  }
  const idOf = (title: string): number => {
    const id = byTitle.get(title);
    if (id === undefined) throw new Error(`demo help article ${title} is missing`);
    return id;
  };
  return {
    tree,
    articles: {
      orderFlow: idOf('下单流程与订单状态'),
      upload: idOf('上传文件说明'),
      faq: idOf('常见问题'),
      bleed: idOf('文件要求与出血'),
      delivery: idOf('交货周期'),
      shipping: idOf('物流与运费'),
      payment: idOf('付款方式'),
      afterSales: idOf('售后与退换'),
      about: idOf(`关于${merchant.name}`),
      contact: idOf('联系我们'),
    },
  };
}

/** The home carousel (a promotion shown for its days from now on), side ads and the login picture. */
async function seedAds({ trx, merchant, site, now }: Seeding, articles: ArticleIds): Promise<void> {
  const ads = [
    ...site.slides.map((slide) => ({
      position: 'home_carousel',
      ...slide,
      window: slide.forDays === undefined ? null : { from: now - DAY_MS, to: now + slide.forDays * DAY_MS },
    })),
    ...site.side.map((side) => ({ position: 'home_side', ...side, link: side.link(articles), window: null })),
    { position: 'login', ...site.login, link: { type: 'none', target: '' } satisfies Link, window: null },
  ];
  const serials = new Map<string, number>();
  for (const ad of ads) {
    const serial = (serials.get(ad.position) ?? 0) + 10;
    serials.set(ad.position, serial);
    await insertAd(trx, {
      merchant_id: merchant.id,
      position: ad.position,
      title: ad.title,
      subtitle: ad.subtitle,
      ...imageColumns(ad.image, ad.title),
      link_type: ad.link.type,
      link_target: ad.link.target,
      serial_number: serial,
      starts_at: ad.window?.from ?? null,
      ends_at: ad.window?.to ?? null,
      ...stampOf(now),
    });
  }
}

/** The home page of one version: its groups in order, each with its items. */
async function seedHomeLayout(seeding: Seeding, version: Version, articles: ArticleIds): Promise<void> {
  const { trx, merchant, catalog, site, now } = seeding;
  const products = new Map(catalog.Products.map((item) => [item.Id, item]));
  for (const [groupIndex, kind] of LAYOUTS[version].entries()) {
    const groupId = await insertHomeGroup(trx, {
      merchant_id: merchant.id,
      version,
      kind,
      ...GROUP_TITLES[kind],
      serial_number: (groupIndex + 1) * 10,
      ...stampOf(now),
    });
    const item = (serial: number, fields: { title: string } & Partial<Parameters<typeof addHomeItem>[1]>) =>
      addHomeItem(trx, {
        merchant_id: merchant.id,
        group_id: groupId,
        serial_number: serial * 10,
        ...stampOf(now),
        ...fields,
      });
    const linkColumns = (link: Link) => ({ link_type: link.type, link_target: link.target });
    switch (kind) {
      case 'carousel':
        for (const [index, slide] of site.slides.entries()) {
          await item(index + 1, {
            title: slide.title,
            summary: slide.subtitle,
            ...imageColumns(slide.image, slide.title),
            ...linkColumns(slide.link),
          });
        }
        break;
      case 'category_grid':
        for (const [index, cell] of categoryGrid(catalog).entries()) {
          const children = catalog.Categories.filter((node) => node.ParentId === cell.node.Id);
          await item(index + 1, {
            title: cell.node.Title,
            summary: children.map((node) => node.Title).join('、'),
            ...imageColumns(site.productImages[cell.productId] ?? 'product-flyer', cell.node.Title),
            ...linkColumns(category(catalog, cell.leafId)),
          });
        }
        break;
      case 'hot_products':
      case 'new_products': {
        const ids = kind === 'hot_products' ? site.hotProductIds : site.newProductIds;
        for (const [index, id] of ids.entries()) {
          const sold = products.get(id);
          if (!sold) throw new Error(`demo product ${id} is not in the ${seeding.code} catalogue`);
          await item(index + 1, {
            title: sold.Title,
            summary: sold.Summary ?? '',
            ...imageColumns(site.productImages[id] ?? 'product-flyer', sold.Title),
            ...linkColumns({ type: 'product', target: String(id) }),
            product_id: id,
          });
        }
        break;
      }
      case 'notices':
        for (const [index, notice] of site.notices.entries()) {
          await item(index + 1, {
            title: notice.title,
            summary: notice.summary,
            ...linkColumns(help(articles[notice.article])),
            published_at: now - notice.daysAgo * DAY_MS,
          });
        }
        break;
      case 'rich_text':
        await item(1, { title: `为什么选择${merchant.name}`, html: PROMISES_HTML });
        break;
    }
  }
}

/**
 * Top and footer menus of each version (spec §2 routes of that version and help articles), and
 * one side menu for every version: the help centre.
 */
async function seedMenus(seeding: Seeding, articles: ArticleIds, helpTree: HelpTree[]): Promise<void> {
  const { trx, merchant, now } = seeding;
  const entry = (
    version: Version | null,
    position: string,
    parentId: number | null,
    serial: number,
    title: string,
    link: Link | null,
  ) =>
    insertMenuEntry(trx, {
      merchant_id: merchant.id,
      version,
      position,
      parent_id: parentId,
      title,
      link_type: link?.type ?? 'none',
      link_target: link?.target ?? '',
      serial_number: serial * 10,
      ...stampOf(now),
    });
  const tree = async (
    version: Version | null,
    position: string,
    sections: [string, [string, Link][]][],
  ): Promise<void> => {
    for (const [index, [title, children]] of sections.entries()) {
      const parentId = await entry(version, position, null, index + 1, title, null);
      for (const [childIndex, [childTitle, link]] of children.entries()) {
        await entry(version, position, parentId, childIndex + 1, childTitle, link);
      }
    }
  };

  for (const version of VERSIONS) {
    const routes = MENU_ROUTES[version];
    const top: [string, Link][] = [
      ['首页', route(routes.home)],
      ...routes.extra.map(([title, path]): [string, Link] => [title, route(path)]),
      ['帮助中心', help(articles.orderFlow)],
      ['我的订单', route(routes.order)],
      ...(version === 2 ? [['关于我们', route('/about')] as [string, Link]] : []),
    ];
    for (const [index, [title, link]] of top.entries())
      await entry(version, 'top', null, index + 1, title, link);
    await tree(version, 'footer', [
      [
        '新手指南',
        [
          ['下单流程', help(articles.orderFlow)],
          ['上传文件', help(articles.upload)],
          ['文件要求', help(articles.bleed)],
        ],
      ],
      [
        '配送与售后',
        [
          ['交货周期', help(articles.delivery)],
          ['物流与运费', help(articles.shipping)],
          ['售后与退换', help(articles.afterSales)],
        ],
      ],
      [
        '关于我们',
        [
          ['公司简介', version === 2 ? route('/about') : help(articles.about)],
          ['联系我们', help(articles.contact)],
          ['常见问题', help(articles.faq)],
        ],
      ],
    ]);
  }
  await tree(
    null,
    'side',
    helpTree.map(({ title, articles: list }) => [
      title,
      list.map((article): [string, Link] => [article.title, help(article.id)]),
    ]),
  );
}

/** `商务名片-经典横版-90x54mm.pdf`; a title that names its size already keeps it alone. */
function templateFileName(template: DemoTemplate, extension: string): string {
  const base = template.title.replace(/\s*·\s*/g, '-').replace(/\s+/g, '');
  const hasSize = base.includes(`${template.widthMm}×${template.heightMm}`);
  const name = hasSize ? base : `${base}-${template.widthMm}x${template.heightMm}mm`;
  return `${name}.${extension}`;
}

/** The merchant's templates, their categories (in order of first use) and each one's files. */
async function seedTemplates({ trx, merchant, code, now }: Seeding): Promise<void> {
  const categoryIds = new Map<string, number>();
  const templates = DEMO_TEMPLATES.filter(
    (template) => !template.merchants || template.merchants.includes(code),
  );
  for (const [index, template] of templates.entries()) {
    const previewKey = `template-${template.slug}`;
    if (!isSiteImageKey(previewKey) || !isSiteTemplateFileKey(template.slug)) {
      throw new Error(`template ${template.slug} has no files: run scripts/generate-site-images.ts`);
    }
    let categoryId = categoryIds.get(template.category);
    if (categoryId === undefined) {
      categoryId = await insertTemplateCategory(trx, {
        merchant_id: merchant.id,
        title: template.category,
        serial_number: (categoryIds.size + 1) * 10,
        ...stampOf(now),
      });
      categoryIds.set(template.category, categoryId);
    }
    const preview = siteImage(previewKey, template.title);
    const templateId = await insertTemplate(trx, {
      merchant_id: merchant.id,
      category_id: categoryId,
      title: template.title,
      product_id: template.productIds[code] ?? null,
      finished_width_mm: template.widthMm,
      finished_height_mm: template.heightMm,
      bleed_mm: template.bleedMm,
      preview_url: preview.Url,
      preview_small_url: preview.SmallUrl,
      preview_width: preview.Width,
      preview_height: preview.Height,
      serial_number: (index + 1) * 10,
      ...stampOf(now),
    });
    for (const [position, file] of siteTemplateFiles(template.slug).entries()) {
      await insertTemplateFile(trx, {
        merchant_id: merchant.id,
        template_id: templateId,
        format: file.format,
        url: file.url,
        file_name: templateFileName(template, file.format.toLowerCase()),
        size_bytes: file.sizeBytes,
        serial_number: (position + 1) * 10,
      });
    }
  }
}

/**
 * Gives each demo merchant that exists and has no site content yet its demo content (each in
 * one transaction). Returns the codes that got it.
 */
export async function seedDemoSiteContent(db: Db, now: number): Promise<string[]> {
  const seeded: string[] = [];
  for (const code of ['demo', 'maple'] as const) {
    const merchant = await db.selectFrom('merchants').selectAll().where('code', '=', code).executeTakeFirst();
    if (!merchant || (await hasSiteContent(db, merchant.id))) continue;
    const catalog = getDemoCatalog(code);
    await db.transaction().execute(async (trx) => {
      const seeding: Seeding = { trx, merchant, code, catalog, site: DEMO_SITES[code](catalog), now };
      const helpCentre = await seedHelpCentre(seeding);
      await seedAds(seeding, helpCentre.articles);
      for (const version of VERSIONS) await seedHomeLayout(seeding, version, helpCentre.articles);
      await seedMenus(seeding, helpCentre.articles, helpCentre.tree);
      await seedTemplates(seeding);
    });
    seeded.push(code);
  }
  return seeded;
}
