// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { StorageKey, THEME_RED } from '@inkstone/contracts';
import {
  DEFAULT_DISPLAY_PREFERENCES,
  appliedDisplay,
  displayPreferences,
} from '../../../lib/display-preferences.ts';
import { DisplayPreferencesPanel } from './display-preferences-panel.tsx';

beforeEach(() => {
  localStorage.clear();
  displayPreferences.set(DEFAULT_DISPLAY_PREFERENCES);
});
afterEach(cleanup);

describe('配色与风格: 自定义', () => {
  it('draws the site in the customer’s own colour and density, kept in this browser', () => {
    render(<DisplayPreferencesPanel />);
    expect(screen.queryByRole('group', { name: '自定义配色与风格' })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: /自定义/ }));
    expect(screen.getByRole('group', { name: '自定义配色与风格' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '红色' }));
    fireEvent.click(screen.getByRole('radio', { name: '紧凑' }));

    expect(appliedDisplay(displayPreferences.get(), 1)).toEqual({
      themePreference: THEME_RED,
      isCompact: true,
    });
    expect(localStorage.getItem(StorageKey.CustomColor)).toBe(String(THEME_RED));
    expect(localStorage.getItem(StorageKey.CustomStyle)).toBe('compact');
    expect(screen.getByRole('radio', { name: /自定义/ }).closest('label')?.textContent).toContain(
      '红色主题，紧凑间距',
    );

    // Back to the merchant's colours; the own choice waits for the next 自定义.
    fireEvent.click(screen.getByRole('radio', { name: /商户默认/ }));
    expect(appliedDisplay(displayPreferences.get(), 1)).toEqual({ themePreference: 1, isCompact: false });
    fireEvent.click(screen.getByRole('radio', { name: /自定义/ }));
    expect(appliedDisplay(displayPreferences.get(), 1)).toEqual({
      themePreference: THEME_RED,
      isCompact: true,
    });
  });
});
