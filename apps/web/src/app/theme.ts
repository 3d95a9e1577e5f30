import type { ThemeConfig } from 'antd';
import { THEME_RED } from '@inkstone/contracts';

/** Spec §1: the stored preference 2 is red, anything else green. */
export function brandColor(themePreference: number | undefined): string {
  return themePreference === THEME_RED ? '#d7261e' : '#0f9d58';
}

export function buildTheme(themePreference: number | undefined): ThemeConfig {
  const primary = brandColor(themePreference);
  return {
    token: {
      colorPrimary: primary,
      colorLink: primary,
      colorInfo: primary,
      borderRadius: 6,
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
    },
  };
}
