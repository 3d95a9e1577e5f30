import type { ThemeConfig } from 'antd';
import { THEME_RED } from '@inkstone/contracts';
import { prefersReducedMotion } from '../lib/reduced-motion.ts';

/** Spec §1: the stored preference 2 is red, anything else green. */
export function brandColor(themePreference: number | undefined): string {
  return themePreference === THEME_RED ? '#d7261e' : '#0f9d58';
}

/**
 * Smaller controls, type and spacing (个人设置's compact templates), as seed tokens: antd derives
 * every size from them, as its compact algorithm would, without adding that algorithm to the
 * first page's JavaScript.
 */
const COMPACT_TOKENS = { fontSize: 13, controlHeight: 28, sizeStep: 3 } as const;

/** The site's antd theme: the brand colour, and the compact sizes when `isCompact`. */
export function buildTheme(themePreference: number | undefined, isCompact = false): ThemeConfig {
  const primary = brandColor(themePreference);
  return {
    token: {
      ...(isCompact ? COMPACT_TOKENS : {}),
      motion: !prefersReducedMotion,
      colorPrimary: primary,
      colorLink: primary,
      colorInfo: primary,
      borderRadius: 6,
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
    },
  };
}
