/** The query-cache keys of 帮助中心. */
export const HELP_CENTRE_KEY = ['console', 'help-centre'] as const;
export const helpArticleKey = (id: number) => ['console', 'help-article', id] as const;
