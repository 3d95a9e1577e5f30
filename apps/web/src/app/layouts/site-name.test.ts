import { describe, expect, it } from 'vitest';
import { splitSiteName } from './site-name.ts';

describe('splitSiteName', () => {
  it.each([
    ['墨砚快印 · 在线印刷下单', '墨砚快印', ' · ', '在线印刷下单'],
    ['红枫图文·图文快印', '红枫图文', '·', '图文快印'],
    ['星河印务 | 名片 · 海报', '星河印务', ' | ', '名片 · 海报'],
    ['蓝鲸快印 — 专业印刷', '蓝鲸快印', ' — ', '专业印刷'],
    ['Print Hub - 在线下单', 'Print Hub', ' - ', '在线下单'],
  ])('cuts %s at its first separator', (name, main, separator, sub) => {
    const parts = splitSiteName(name);
    expect(parts).toEqual({ main, separator, sub });
    expect(`${parts?.main}${parts?.separator}${parts?.sub}`).toBe(name);
  });

  it.each([
    ['墨砚快印'],
    ['深圳市南山区某某图文快印中心'],
    ['Hi-Print'],
    ['· 在线下单'],
    ['墨砚快印 ·'],
    [''],
  ])('leaves %j whole', (name) => {
    expect(splitSiteName(name)).toBeNull();
  });
});
