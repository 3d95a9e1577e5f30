import { describe, expect, it } from 'vitest';
import { resolveSettingTab } from './setting-tabs.ts';

describe('resolveSettingTab', () => {
  it.each([
    ['profile', 'profile'],
    ['display', 'display'],
    ['1', 'profile'],
    ['2', 'display'],
    ['3', 'profile'],
    [undefined, 'profile'],
  ] as const)('reads %s as %s', (t, tab) => {
    expect(resolveSettingTab(t)).toBe(tab);
  });
});
