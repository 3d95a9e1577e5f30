/** Templates shown per page of the template centre. */
export const TEMPLATE_PAGE_SIZE = 12;

/** The template centre's filters as its address carries them (`?category=3&keyword=名片&page=2`). */
export interface TemplateFilters {
  categoryId: number | null;
  keyword: string;
  page: number;
}

function positive(value: string | null): number | null {
  return value && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}

/** Reads the filters from the address; anything unreadable is left at its default. */
export function readTemplateFilters(params: URLSearchParams): TemplateFilters {
  return {
    categoryId: positive(params.get('category')),
    keyword: (params.get('keyword') ?? '').trim().slice(0, 50),
    page: positive(params.get('page')) ?? 1,
  };
}

/** The address query of `filters`, defaults left out. */
export function templateFilterQuery(filters: TemplateFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.categoryId !== null) query.category = String(filters.categoryId);
  if (filters.keyword) query.keyword = filters.keyword;
  if (filters.page > 1) query.page = String(filters.page);
  return query;
}

/** A file size as a download button shows it: `860 B`, `2.2 KB`, `1.4 MB`. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A template's finished size and bleed: `90 × 54 mm · 出血 2 mm`. */
export function templateSizeText(widthMm: number, heightMm: number, bleedMm: number): string {
  const size = `${widthMm} × ${heightMm} mm`;
  return bleedMm > 0 ? `${size} · 出血 ${bleedMm} mm` : size;
}
