import { describe, expect, it } from 'vitest';
import { recogniseAddress } from './recognise-address.ts';
import { ADDRESS_REGION_MESSAGES as M, formatFullAddress, resolveAddressRegion } from './address-region.ts';
import { CONTACT_PHONE_MESSAGES as P, parseContactPhone } from './contact-phone.ts';

describe('resolveAddressRegion', () => {
  it('fills in the names from a full path of codes', () => {
    expect(resolveAddressRegion({ citys: ['440000', '440300', '440305'] })).toEqual({
      ok: true,
      value: { codes: ['440000', '440300', '440305'], province: '广东省', city: '深圳市', region: '南山区' },
    });
  });

  it('accepts names that agree, and the codes written as names', () => {
    const expected = {
      ok: true,
      value: { codes: ['310000', '310100', '310104'], province: '上海市', city: '市辖区', region: '徐汇区' },
    };
    expect(
      resolveAddressRegion({
        citys: ['310000', '310100', '310104'],
        province: '上海市',
        city: '市辖区',
        region: '徐汇区',
      }),
    ).toEqual(expected);
    expect(resolveAddressRegion({ citys: ['上海市', '市辖区', '徐汇区'] })).toEqual(expected);
    expect(resolveAddressRegion({ province: '上海市', city: '市辖区', region: '徐汇区' })).toEqual(expected);
  });

  it('takes the two-level paths of 港澳 and the towns of 东莞', () => {
    expect(resolveAddressRegion({ citys: ['810000', '810001'] })).toEqual({
      ok: true,
      value: { codes: ['810000', '810001'], province: '香港特别行政区', city: '中西區', region: '' },
    });
    expect(resolveAddressRegion({ citys: ['440000', '441900', '441900003'] })).toMatchObject({
      ok: true,
      value: { city: '东莞市', region: '东城街道' },
    });
  });

  it('accepts what address recognition produces', () => {
    for (const text of [
      '陈大文 13800138000 香港特别行政区中西區皇后大道中99号',
      '张三 0769-22123456 广东省东莞市东城街道东纵路1号',
      '李四 13912345678 上海市徐汇区漕溪北路398号',
    ]) {
      const recognised = recogniseAddress(text);
      if (!recognised.ok) throw new Error(recognised.warning);
      expect(resolveAddressRegion(recognised.value).ok, text).toBe(true);
    }
  });

  it.each([
    [{}, 'citys', M.missing],
    [{ citys: [] }, 'citys', M.missing],
    [{ citys: ['440000', '440305'] }, 'citys', M.invalid],
    [{ citys: ['440300', '440305'] }, 'citys', M.invalid],
    [{ citys: ['999999'] }, 'citys', M.invalid],
    [{ citys: ['440000', '440300', '440305', '440305'] }, 'citys', M.invalid],
    [{ citys: ['广东省', '杭州市'] }, 'citys', M.invalid],
    [{ citys: ['440000'] }, 'citys', M.incomplete],
    [{ citys: ['440000', '440300'] }, 'citys', M.incomplete],
    [{ province: '广东省', city: '深圳市' }, 'citys', M.incomplete],
    [{ citys: ['440000', '440300', '440305'], province: '广西壮族自治区' }, 'province', M.province],
    [{ citys: ['440000', '440300', '440305'], city: '广州市' }, 'city', M.city],
    [{ citys: ['440000', '440300', '440305'], region: '福田区' }, 'region', M.region],
  ] as const)('refuses %j', (input, field, message) => {
    expect(resolveAddressRegion(input)).toEqual({ ok: false, field, message });
  });
});

describe('parseContactPhone', () => {
  it.each([
    ['13800138000', 'mobile', '13800138000'],
    [' 138 0013 8000 ', 'mobile', '13800138000'],
    ['+86 138-0013-8000', 'mobile', '13800138000'],
    ['0755-12345678', 'landline', '0755-12345678'],
    ['(0755)12345678', 'landline', '0755-12345678'],
    ['021 62345678', 'landline', '021-62345678'],
    ['010-62345678转801', 'landline', '010-62345678-801'],
  ])('reads %j as a %s number', (text, kind, phoneNumber) => {
    expect(parseContactPhone(text)).toEqual({ ok: true, kind, phoneNumber });
  });

  it.each([
    ['', P.empty],
    ['   ', P.empty],
    [null, P.empty],
    ['12800138000', P.invalidMobile],
    ['1380013800', P.invalidMobile],
    ['138001380001', P.invalidMobile],
    ['13800138000 13900139000', P.invalidMobile],
    ['12345678', P.invalidLandline],
    ['0755-123', P.invalidLandline],
    ['电话0755-12345678', P.invalidLandline],
    ['400-123-4567', P.serviceNumber],
  ])('refuses %j', (text, message) => {
    expect(parseContactPhone(text)).toEqual({ ok: false, message });
  });
});

describe('formatFullAddress', () => {
  it('joins the parts and leaves out placeholder city names', () => {
    const street = { address: '漕溪北路398号' };
    expect(formatFullAddress({ province: '上海市', city: '市辖区', region: '徐汇区', ...street })).toBe(
      '上海市徐汇区漕溪北路398号',
    );
    expect(
      formatFullAddress({ province: '广东省', city: '深圳市', region: '南山区', address: '科技园' }),
    ).toBe('广东省深圳市南山区科技园');
    expect(
      formatFullAddress({
        province: '香港特别行政区',
        city: '中西區',
        region: '',
        address: '皇后大道中99号',
      }),
    ).toBe('香港特别行政区中西區皇后大道中99号');
  });
});
