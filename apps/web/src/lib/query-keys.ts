/**
 * The TanStack Query cache keys of the server reads, written once. A key starts with what it
 * belongs to, so invalidating the group's `all` key refreshes every read of it: after a change to
 * the cart, `queryKeys.cart.all` covers the cart page and the header badge. The site settings'
 * key stays with their query in web-config.ts: the login page reads them and loads none of these.
 */
const ORDERS = ['orders'] as const;
const CART = ['cart'] as const;
const BILLS = ['bills'] as const;
const COUPONS = ['account', 'coupons'] as const;
const SERVICE_FILES = ['uploads', 'service-files'] as const;
const SITE = ['website', 'content'] as const;

export const queryKeys = {
  /** The signed-in customer, read once per access token. */
  loginUserInfo: (accessToken: string) => ['oauth', 'login-user-info', accessToken] as const,
  account: {
    info: ['account', 'info'] as const,
    balance: ['account', 'balance'] as const,
    notificationSettings: ['account', 'notification-settings'] as const,
  },
  coupons: {
    all: COUPONS,
    received: (tab: string) => [...COUPONS, 'received', tab] as const,
    toReceive: [...COUPONS, 'to-receive'] as const,
    forCheckout: (params: object | null) => [...COUPONS, 'checkout', params] as const,
  },
  addresses: { all: ['addresses'] as const },
  bills: {
    all: BILLS,
    page: (params: object) => [...BILLS, 'page', params] as const,
    spending: (month: string) => [...BILLS, 'spending', month] as const,
  },
  cart: {
    all: CART,
    page: (pageindex: number, limit: number) => [...CART, 'page', pageindex, limit] as const,
    total: [...CART, 'total'] as const,
  },
  orders: {
    all: ORDERS,
    list: (params: object) => [...ORDERS, 'list', params] as const,
    detail: (orderId: number) => [...ORDERS, 'detail', orderId] as const,
  },
  checkoutPreview: (body: object | null) => ['checkout', 'preview', body] as const,
  express: {
    companies: ['express', 'companies'] as const,
    fee: (params: object | null) => ['express', 'fee', params] as const,
  },
  payStatus: (paymentNo: string) => ['payment', 'status', paymentNo] as const,
  uploads: {
    serviceFiles: SERVICE_FILES,
    serviceFilesPage: (params: object) => [...SERVICE_FILES, params] as const,
    /** A file's facts (no size) or its preflight against a finished size in mm. */
    preflight: (id: number, size: { width: number; height: number; bleed: number } | null) =>
      ['uploads', 'preflight', id, size?.width ?? null, size?.height ?? null, size?.bleed ?? null] as const,
  },
  productInfo: (ref: object | null) => ['product', 'info', ref] as const,
  /** Version 4's public product introduction. */
  proComplexInfo: (productId: number | null, categoryId: number | null) =>
    ['public', 'pro-complexinfo', productId, categoryId] as const,
  /** A quote and a ship date, per price source and selection (`requestKey`). */
  quote: (sourceKey: string, mode: string, requestKey: string) =>
    ['quote', sourceKey, mode, requestKey] as const,
  shipDate: (sourceKey: string, requestKey: string) => ['ship-date', sourceKey, requestKey] as const,
  /** The merchant's site content (docs/website.md): public, the same for every visitor. */
  site: {
    all: SITE,
    ads: (position: string) => [...SITE, 'ads', position] as const,
    homeLayout: (version: number) => [...SITE, 'home-layout', version] as const,
    menu: (version: number, position: string) => [...SITE, 'menu', version, position] as const,
    helpMenu: (keyword: string) => [...SITE, 'help-menu', keyword] as const,
    helpArticle: (id: number) => [...SITE, 'help-article', id] as const,
    templates: (params: object) => [...SITE, 'templates', params] as const,
  },
};
