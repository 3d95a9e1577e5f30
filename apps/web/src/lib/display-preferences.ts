import { useSyncExternalStore } from 'react';
import { StorageKey, THEME_RED } from '@inkstone/contracts';
import { browserStorage } from './session.ts';

/**
 * The customer's display preferences of 个人设置 (version 4's /user-v4/setting-v4), kept in this
 * browser under the storage keys of spec §3: whether the merchant's default style and colour are
 * used (`DefaultStyleColor`, `1` or absent: yes; `0`: no), which style-and-colour template is
 * chosen otherwise (`StyleColorTemplateIndex`, an index into STYLE_COLOR_TEMPLATES, or `custom`),
 * and the customer's own style and colour for `custom` (`CustomStyle`: `standard` or `compact`;
 * `CustomColor`: spec §1's theme preference, `2` red, `1` green). The storage is per site address,
 * so each merchant keeps its own.
 */

/**
 * A style-and-colour template: a colour (spec §1's theme preference: 2 is red, anything else
 * green) and a density (smaller controls and spacing). The settings panel names them.
 */
export interface StyleColorTemplate {
  themePreference: number;
  isCompact: boolean;
}

/** A theme preference that draws green (spec §1: anything but 2). */
export const THEME_GREEN = 1;

/** The templates in the order their index is stored (append only: a stored index names one). */
export const STYLE_COLOR_TEMPLATES: readonly StyleColorTemplate[] = [
  { themePreference: THEME_GREEN, isCompact: false },
  { themePreference: THEME_RED, isCompact: false },
  { themePreference: THEME_GREEN, isCompact: true },
  { themePreference: THEME_RED, isCompact: true },
];

export interface DisplayPreferences {
  /** The merchant's default style and colour are used. */
  usesDefault: boolean;
  /** The template chosen (kept while the default is used, so switching back restores it). */
  templateIndex: number;
  /** The customer's own style and colour are used instead of a template. */
  usesCustom: boolean;
  /** The customer's own style and colour (kept while unused, so choosing 自定义 again restores it). */
  custom: StyleColorTemplate;
}

/** `StyleColorTemplateIndex` when the customer's own style and colour are chosen. */
const CUSTOM_INDEX = 'custom';

export const DEFAULT_DISPLAY_PREFERENCES: DisplayPreferences = {
  usesDefault: true,
  templateIndex: 0,
  usesCustom: false,
  custom: { themePreference: THEME_GREEN, isCompact: false },
};

/** The customer's own style and colour as stored; anything missing or unknown is green, standard. */
function readCustom(storage: Storage): StyleColorTemplate {
  return {
    themePreference: storage.getItem(StorageKey.CustomColor) === String(THEME_RED) ? THEME_RED : THEME_GREEN,
    isCompact: storage.getItem(StorageKey.CustomStyle) === 'compact',
  };
}

/** The preferences stored in `storage`; anything missing or unreadable is the default. */
export function readDisplayPreferences(storage: Storage): DisplayPreferences {
  const rawIndex = storage.getItem(StorageKey.StyleColorTemplateIndex) ?? '';
  const usesCustom = rawIndex === CUSTOM_INDEX;
  const index = /^\d{1,3}$/.test(rawIndex) ? Number(rawIndex) : -1;
  const isKnown = usesCustom || (index >= 0 && index < STYLE_COLOR_TEMPLATES.length);
  const usesDefault = !isKnown || storage.getItem(StorageKey.DefaultStyleColor) !== '0';
  return {
    usesDefault,
    templateIndex: index >= 0 && index < STYLE_COLOR_TEMPLATES.length ? index : 0,
    usesCustom: usesCustom && !usesDefault,
    custom: readCustom(storage),
  };
}

export function writeDisplayPreferences(storage: Storage, preferences: DisplayPreferences): void {
  storage.setItem(StorageKey.DefaultStyleColor, preferences.usesDefault ? '1' : '0');
  storage.setItem(
    StorageKey.StyleColorTemplateIndex,
    preferences.usesCustom && !preferences.usesDefault ? CUSTOM_INDEX : String(preferences.templateIndex),
  );
  storage.setItem(StorageKey.CustomStyle, preferences.custom.isCompact ? 'compact' : 'standard');
  storage.setItem(StorageKey.CustomColor, String(preferences.custom.themePreference));
}

/** The colour and density the site is drawn with: the chosen template's, else the merchant's. */
export function appliedDisplay(
  preferences: DisplayPreferences,
  merchantThemePreference: number | undefined,
): { themePreference: number | undefined; isCompact: boolean } {
  const template = preferences.usesCustom
    ? preferences.custom
    : STYLE_COLOR_TEMPLATES[preferences.templateIndex];
  if (preferences.usesDefault || !template)
    return { themePreference: merchantThemePreference, isCompact: false };
  return { themePreference: template.themePreference, isCompact: template.isCompact };
}

/** The preferences of this browser, shared by every tab of the site (the `storage` event). */
function createDisplayPreferencesStore(storage: Storage) {
  let current = readDisplayPreferences(storage);
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  if (typeof addEventListener === 'function') {
    addEventListener('storage', (event: StorageEvent) => {
      const keys: (string | null)[] = [
        StorageKey.StyleColorTemplateIndex,
        StorageKey.DefaultStyleColor,
        StorageKey.CustomStyle,
        StorageKey.CustomColor,
      ];
      if (!keys.includes(event.key)) return;
      current = readDisplayPreferences(storage);
      notify();
    });
  }
  return {
    get: (): DisplayPreferences => current,
    set(next: DisplayPreferences): void {
      writeDisplayPreferences(storage, next);
      current = next;
      notify();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const displayPreferences = createDisplayPreferencesStore(browserStorage('localStorage'));

export function useDisplayPreferences(): DisplayPreferences {
  return useSyncExternalStore(displayPreferences.subscribe, displayPreferences.get, displayPreferences.get);
}
