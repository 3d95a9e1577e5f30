/**
 * Public face of the website feature (site content, docs/website.md): the shell's top and footer
 * menus, the home page's content for the home screens, and the one rich-text renderer. The help,
 * about and template pages are loaded by the router directly.
 */
import './components/website.css';

export { FooterMenu } from './components/footer-menu.tsx';
export { prefetchSiteMenus, useTopMenuNav } from './hooks/use-site-menus.ts';
export { HomeContent } from './components/home-content.tsx';
export { prefetchHomeContent } from './hooks/use-home-content.ts';
export { HomeWelcome } from './components/home-aside.tsx';
export { RichText } from './components/rich-text.tsx';
