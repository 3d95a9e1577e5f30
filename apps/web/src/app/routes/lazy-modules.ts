import { loadChunk } from '../../lib/chunk-load.ts';

/**
 * Every screen and layout is its own chunk, loaded when a route first needs it (spec §2).
 * Each module exports `Component`, which React Router's `lazy` puts on the route.
 */
export const lazyModules = {
  authLayout: () => loadChunk(() => import('../layouts/auth-layout.tsx')),
  publicLayout: () => loadChunk(() => import('../layouts/public-layout.tsx')),
  workspaceLayout: () => loadChunk(() => import('../layouts/workspace-layout.tsx')),
  login: () => loadChunk(() => import('../../features/auth/pages/login-page.tsx')),
  register: () => loadChunk(() => import('../../features/auth/pages/register-page.tsx')),
  forgotPassword: () => loadChunk(() => import('../../features/auth/pages/forgot-password-page.tsx')),
  siteHome: () => loadChunk(() => import('../pages/site-home-page.tsx')),
  quote: () => loadChunk(() => import('../../features/quote/pages/quote-page.tsx')),
  productIntro: () => loadChunk(() => import('../../features/quote/pages/product-intro-page.tsx')),
  help: () => loadChunk(() => import('../../features/website/pages/help-page.tsx')),
  about: () => loadChunk(() => import('../../features/website/pages/about-page.tsx')),
  templates: () => loadChunk(() => import('../../features/website/pages/template-page.tsx')),
  userSetting: () => loadChunk(() => import('../pages/user-setting-page.tsx')),
  userSys: () => loadChunk(() => import('../pages/user-sys-page.tsx')),
  userBill: () => loadChunk(() => import('../../features/bills/pages/bill-page.tsx')),
  batchUpload: () => loadChunk(() => import('../../features/uploads/pages/batch-upload-page.tsx')),
  orders: () => loadChunk(() => import('../pages/user-order-page.tsx')),
  notFound: () => loadChunk(() => import('../pages/not-found-page.tsx')),
};
