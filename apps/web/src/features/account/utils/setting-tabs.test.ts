import { describe, expect, it } from 'vitest';
import { SETTING_TABS, resolveSettingTab } from './setting-tabs.ts';

describe('resolveSettingTab', () => {
  it.each([
    ['profile', 'profile'],
    ['notify', 'notify'],
    ['display', 'display'],
    ['1', 'profile'],
    ['2', 'notify'],
    ['3', 'display'],
    ['4', 'profile'],
    ['0', 'profile'],
    ['1.5', 'profile'],
    ['Notify', 'profile'],
    ['', 'profile'],
    [undefined, 'profile'],
  ] as const)('reads %s as %s', (t, tab) => {
    expect(resolveSettingTab(t)).toBe(tab);
  });

  it('names each tab once, profile first', () => {
    expect(SETTING_TABS.map((tab) => tab.label)).toEqual(['个人资料', '消息通知', '显示偏好']);
    expect(new Set(SETTING_TABS.map((tab) => tab.key)).size).toBe(SETTING_TABS.length);
  });

  it('opens every tab by its own key', () => {
    for (const tab of SETTING_TABS) expect(resolveSettingTab(tab.key)).toBe(tab.key);
  });
});
