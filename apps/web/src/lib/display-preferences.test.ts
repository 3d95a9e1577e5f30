import { describe, expect, it } from 'vitest';
import { StorageKey, THEME_RED } from '@inkstone/contracts';
import {
  DEFAULT_DISPLAY_PREFERENCES,
  STYLE_COLOR_TEMPLATES,
  appliedDisplay,
  readDisplayPreferences,
  writeDisplayPreferences,
} from './display-preferences.ts';
import { createMemoryStorage } from './session.ts';

describe('display preferences', () => {
  it('use the merchant’s default style and colour until the customer picks a template', () => {
    const storage = createMemoryStorage();
    expect(readDisplayPreferences(storage)).toEqual(DEFAULT_DISPLAY_PREFERENCES);
    expect(appliedDisplay(readDisplayPreferences(storage), THEME_RED)).toEqual({
      themePreference: THEME_RED,
      isCompact: false,
    });
  });

  it('are stored under the spec’s keys and read back', () => {
    const storage = createMemoryStorage();
    writeDisplayPreferences(storage, {
      ...DEFAULT_DISPLAY_PREFERENCES,
      usesDefault: false,
      templateIndex: 3,
    });
    expect(storage.getItem(StorageKey.DefaultStyleColor)).toBe('0');
    expect(storage.getItem(StorageKey.StyleColorTemplateIndex)).toBe('3');
    expect(readDisplayPreferences(storage)).toEqual({
      ...DEFAULT_DISPLAY_PREFERENCES,
      usesDefault: false,
      templateIndex: 3,
    });
  });

  it('draw the chosen template’s colour and density over the merchant’s', () => {
    const red = STYLE_COLOR_TEMPLATES.findIndex((template) => template.themePreference === THEME_RED);
    expect(
      appliedDisplay({ ...DEFAULT_DISPLAY_PREFERENCES, usesDefault: false, templateIndex: red }, 1)
        .themePreference,
    ).toBe(THEME_RED);
    const compact = STYLE_COLOR_TEMPLATES.findIndex((template) => template.isCompact);
    expect(
      appliedDisplay({ ...DEFAULT_DISPLAY_PREFERENCES, usesDefault: false, templateIndex: compact }, 1)
        .isCompact,
    ).toBe(true);
    // Back to the default: the merchant's again, the template kept for later.
    expect(
      appliedDisplay({ ...DEFAULT_DISPLAY_PREFERENCES, usesDefault: true, templateIndex: red }, 1),
    ).toEqual({
      themePreference: 1,
      isCompact: false,
    });
  });

  it('fall back to the default for a stored index that names no template', () => {
    const storage = createMemoryStorage();
    storage.setItem(StorageKey.DefaultStyleColor, '0');
    for (const value of ['99', '-1', 'red', '']) {
      storage.setItem(StorageKey.StyleColorTemplateIndex, value);
      expect(readDisplayPreferences(storage)).toEqual(DEFAULT_DISPLAY_PREFERENCES);
    }
  });

  it('keep the customer’s own style and colour under CustomStyle and CustomColor, and draw with them', () => {
    const storage = createMemoryStorage();
    const own = { themePreference: THEME_RED, isCompact: true };
    writeDisplayPreferences(storage, { usesDefault: false, templateIndex: 0, usesCustom: true, custom: own });
    expect(storage.getItem(StorageKey.CustomStyle)).toBe('compact');
    expect(storage.getItem(StorageKey.CustomColor)).toBe(String(THEME_RED));
    expect(storage.getItem(StorageKey.StyleColorTemplateIndex)).toBe('custom');
    const read = readDisplayPreferences(storage);
    expect(read).toMatchObject({ usesDefault: false, usesCustom: true, custom: own });
    expect(appliedDisplay(read, 1)).toEqual(own);

    // A template chosen afterwards draws the template, and 自定义 keeps its choice for later.
    writeDisplayPreferences(storage, { ...read, usesCustom: false, templateIndex: 0 });
    const later = readDisplayPreferences(storage);
    expect(appliedDisplay(later, THEME_RED)).toEqual({ themePreference: 1, isCompact: false });
    expect(later.custom).toEqual(own);

    // The merchant's default: the merchant's colour, whatever is kept.
    writeDisplayPreferences(storage, { ...read, usesDefault: true });
    expect(appliedDisplay(readDisplayPreferences(storage), 1)).toEqual({
      themePreference: 1,
      isCompact: false,
    });
  });

  it('read unknown custom values as green and standard', () => {
    const storage = createMemoryStorage();
    storage.setItem(StorageKey.DefaultStyleColor, '0');
    storage.setItem(StorageKey.StyleColorTemplateIndex, 'custom');
    storage.setItem(StorageKey.CustomStyle, 'huge');
    storage.setItem(StorageKey.CustomColor, 'purple');
    expect(appliedDisplay(readDisplayPreferences(storage), THEME_RED)).toEqual({
      themePreference: 1,
      isCompact: false,
    });
  });
});
