import { lazy } from 'react';
import { loadChunk } from '../../lib/chunk-load.ts';

/**
 * The auth feature's components that a public page shows only to some visitors, each a chunk of
 * its own, loaded when first drawn (draw them inside a Suspense boundary). This file imports none
 * of them statically, so a visitor's home page does not load the account menu, the password dialog
 * or, outside version 2, the login forms (docs/website.md, Performance); index.ts exports the same
 * components for the signed-in pages.
 */
/** The signed-in customer's account bar in the public pages' header. */
export const LazyAccountBar = lazy(() =>
  loadChunk(() => import('./components/account-bar.tsx')).then((module) => ({ default: module.AccountBar })),
);
/** The phone menu's account block, for the public pages: loaded when the menu first opens. */
export const LazyAccountCard = lazy(() =>
  loadChunk(() => import('./components/account-card.tsx')).then((module) => ({
    default: module.AccountCard,
  })),
);
/** Version 2's login card on its home page (the banners beside it do not wait for it). */
export const LazyAuthPanel = lazy(() =>
  loadChunk(() => import('./components/auth-panel.tsx')).then((module) => ({ default: module.AuthPanel })),
);
