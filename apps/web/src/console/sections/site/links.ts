import type { ContentLink } from '@inkstone/contracts';

/** The link types the console offers for ads and menus (docs/website.md, Links), with a hint each. */
export const LINK_TYPES: { value: ContentLink['Type']; label: string; placeholder: string }[] = [
  { value: 'none', label: '不跳转', placeholder: '' },
  { value: 'product', label: '商品', placeholder: '商品编号，例如 1001' },
  { value: 'category', label: '商品分类', placeholder: '分类编号路径，例如 200/210/210' },
  { value: 'help', label: '帮助文章', placeholder: '文章编号' },
  { value: 'route', label: '本站页面', placeholder: '例如 /template-v4' },
  { value: 'url', label: '外部网址', placeholder: 'https://…' },
];

/** A link as a line of the console's tables: 不跳转, or its type and target. */
export function linkText(link: ContentLink): string {
  if (link.Type === 'none') return '不跳转';
  return `${LINK_TYPES.find((type) => type.value === link.Type)?.label}：${link.Target}`;
}
