import { useSyncExternalStore } from 'react';
import { StorageKey, THEME_RED } from '@inkstone/contracts';
import { browserStorage } from './session.ts';

/**
 * The customer's display preferences of 个人设置 (version 4's /user-v4/setting-v4), kept in this
 * browser under the storage keys of spec §3: whether the merchant's default style and colour are
 * used (`DefaultStyleColor`, `1` or absent: yes; `0`: no) and which style-and-colour template is
 * chosen otherwise (`StyleColorTemplateIndex`, an index into STYLE_COLOR_TEMPLATES). The storage
 * is per site address, so each merchant keeps its own.
 */

/**
 * A style-and-colour template: a colour (spec §1's theme preference: 2 is red, anything else
 * green) and a density (smaller controls and spacing). The settings panel names them.
 */
export interface StyleColorTemplate {
  themePreference: number;
  isCompact: boolean;
}

const GREEN = 1;

/** The templates in the order their index is stored (append only: a stored index names one). */
export const STYLE_COLOR_TEMPLATES: readonly StyleColorTemplate[] = [
  { themePreference: GREEN, isCompact: false },
  { themePreference: THEME_RED, isCompact: false },
  { themePreference: GREEN, isCompact: true },
  { themePreference: THEME_RED, isCompact: true },
];

export interface DisplayPreferences {
  /** The merchant's default style and colour are used. */
  usesDefault: boolean;
  /** The template chosen (kept while the default is used, so switching back restores it). */
  templateIndex: number;
}

export const DEFAULT_DISPLAY_PREFERENCES: DisplayPreferences = { usesDefault: true, templateIndex: 0 };

/** The preferences stored in `storage`; anything missing or unreadable is the default. */
export function readDisplayPreferences(storage: Storage): DisplayPreferences {
  const rawIndex = storage.getItem(StorageKey.StyleColorTemplateIndex) ?? '';
  const index = /^\d{1,3}$/.test(rawIndex) ? Number(rawIndex) : -1;
  const isKnown = index >= 0 && index < STYLE_COLOR_TEMPLATES.length;
  return {
    usesDefault: !isKnown || storage.getItem(StorageKey.DefaultStyleColor) !== '0',
    templateIndex: isKnown ? index : 0,
  };
}

export function writeDisplayPreferences(storage: Storage, preferences: DisplayPreferences): void {
  storage.setItem(StorageKey.DefaultStyleColor, preferences.usesDefault ? '1' : '0');
  storage.setItem(StorageKey.StyleColorTemplateIndex, String(preferences.templateIndex));
}

/** The colour and density the site is drawn with: the chosen template's, else the merchant's. */
export function appliedDisplay(
  preferences: DisplayPreferences,
  merchantThemePreference: number | undefined,
): { themePreference: number | undefined; isCompact: boolean } {
  const template = STYLE_COLOR_TEMPLATES[preferences.templateIndex];
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
      if (event.key !== StorageKey.StyleColorTemplateIndex && event.key !== StorageKey.DefaultStyleColor)
        return;
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
