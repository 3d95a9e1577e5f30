import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findRegionPath } from '../regions/region-lookup.ts';
import { ADDRESS_WARNINGS } from './address-types.ts';
import { recogniseAddress, splitAddressText } from './recognise-address.ts';

const warningSchema = z.enum(Object.values(ADDRESS_WARNINGS) as [string, ...string[]]);
const recognitionSchema = z.union([
  z.strictObject({
    ok: z.literal(true),
    value: z.strictObject({
      contacts: z.string().min(1),
      phoneNumber: z.string().min(1),
      province: z.string(),
      city: z.string(),
      region: z.string(),
      address: z.string(),
      citys: z
        .array(z.string().regex(/^\d{6}(\d{3})?$/))
        .min(1)
        .max(3),
    }),
  }),
  z.strictObject({ ok: z.literal(false), warning: warningSchema }),
]);

const warningOf = (text: string) => {
  const result = recogniseAddress(text);
  return result.ok ? undefined : result.warning;
};

describe('recogniseAddress warnings (spec §5)', () => {
  it('carries the messages of spec §5 word for word', () => {
    expect(ADDRESS_WARNINGS.empty).toBe('请输入详细地址,然后点击‘自动识别’按钮');
    expect(ADDRESS_WARNINGS.noPhoneNumber).toBe('请提供手机号码,再进行识别');
    expect(ADDRESS_WARNINGS.missingSuffix).toBe("提供省份/城市需要包含'省/市' 例如:广东省深圳市");
    expect(ADDRESS_WARNINGS.phonePosition).toBe(
      '请将手机号码，放到联系人和地址中间,再进行识别 例如:张三 13800138000 广东省深圳市南山区科技园',
    );
  });

  it.each(['', '   ', '\n\t', '，，。！', '收货人： 电话： 地址：'])(
    'asks for an address when given %j',
    (text) => {
      expect(warningOf(text)).toBe(ADDRESS_WARNINGS.empty);
    },
  );

  it.each(['张三 广东省深圳市南山区科技园', '张三 1380013800 广东省深圳市南山区', '张三 12345 广东省深圳市'])(
    'asks for a phone number in %j',
    (text) => {
      expect(warningOf(text)).toBe(ADDRESS_WARNINGS.noPhoneNumber);
    },
  );

  it.each([
    '13800138000 张三 广东省深圳市南山区科技园',
    '张三 广东省深圳市南山区科技园 13800138000',
    '13800138000',
    '张三 13800138000',
    '电话：0755-12345678 地址：广东省深圳市南山区',
    '广东省深圳市南山区科技园 400-123-4567',
  ])('asks for the phone between contact and address in %j', (text) => {
    expect(warningOf(text)).toBe(ADDRESS_WARNINGS.phonePosition);
  });

  it.each([
    '张三 13800138000 广东深圳南山区科技园',
    '张三 13800138000 广东省深圳南山区科技园',
    '张三 13800138000 北京东城区东华门大街',
    '张三 13800138000 内蒙古呼和浩特市新城区',
    '张三 13800138000 南山区科技园',
    '张三 13800138000 广东省科技园',
    '张三 13800138000 科技园南区8栋',
  ])('asks for 省/市 in %j', (text) => {
    expect(warningOf(text)).toBe(ADDRESS_WARNINGS.missingSuffix);
  });

  it('checks in spec order: empty, phone, phone position, suffix', () => {
    expect(warningOf('广东深圳')).toBe(ADDRESS_WARNINGS.noPhoneNumber);
    expect(warningOf('13800138000 广东深圳')).toBe(ADDRESS_WARNINGS.phonePosition);
    expect(warningOf('张三 13800138000 广东深圳')).toBe(ADDRESS_WARNINGS.missingSuffix);
  });
});

describe('recogniseAddress', () => {
  it('splits province, city and district off the street part', () => {
    expect(recogniseAddress('张三 13800138000 广东省深圳市南山区科技园南区')).toEqual({
      ok: true,
      value: {
        contacts: '张三',
        phoneNumber: '13800138000',
        province: '广东省',
        city: '深圳市',
        region: '南山区',
        address: '科技园南区',
        citys: ['440000', '440300', '440305'],
      },
    });
  });

  it('reads 北京市北京市东城区 and 北京市东城区 alike', () => {
    const once = recogniseAddress('李明 13912345678 北京市东城区东直门南大街5号');
    expect(recogniseAddress('李明 13912345678 北京市北京市东城区东直门南大街5号')).toEqual(once);
    expect(once.ok && once.value.citys).toEqual(['110000', '110100', '110101']);
  });

  it('does not take a street named after another place for that place', () => {
    const result = recogniseAddress('张三 13800138000 深圳市南山区北京路1号');
    expect(result.ok && [result.value.province, result.value.region, result.value.address]).toEqual([
      '广东省',
      '南山区',
      '北京路1号',
    ]);
  });

  it('tells a county from the city of the same name', () => {
    const county = recogniseAddress('马良 13901230123 辽宁省朝阳县大平房镇');
    const district = recogniseAddress('马良 13901230123 辽宁省朝阳市双塔区');
    expect(county.ok && county.value.citys).toEqual(['210000', '211300', '211321']);
    expect(district.ok && district.value.citys).toEqual(['210000', '211300', '211302']);
  });

  it('accepts the contact after the phone when the address comes first', () => {
    const result = recogniseAddress('广东省深圳市南山区科技园 13800138000 张三');
    expect(result.ok && [result.value.contacts, result.value.address]).toEqual(['张三', '科技园']);
  });

  it('never throws and always returns the documented shape', () => {
    const fragments = [
      '张三',
      '欧阳娜娜',
      '13800138000',
      '0755-12345678',
      '400-123-4567',
      '广东省',
      '深圳市',
      '南山区',
      '北京市',
      '香港',
      '东莞市',
      '虎门镇',
      '收货人:',
      '电话：',
      '邮编518000',
      '，',
      ' ',
      '\n',
      '(',
      '市辖区',
    ];
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 80 }),
      fc.string({ unit: 'grapheme', maxLength: 80 }),
      fc.array(fc.constantFrom(...fragments), { maxLength: 12 }).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(text, (input) => {
        const result = recogniseAddress(input);
        expect(recognitionSchema.safeParse(result).success).toBe(true);
        if (result.ok) {
          const path = findRegionPath(result.value.citys);
          expect(path?.map((entry) => entry.name)).toEqual(
            [result.value.province, result.value.city, result.value.region].filter((name) => name !== ''),
          );
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('splitAddressText', () => {
  it('splits province, city and district off the street part', () => {
    expect(splitAddressText('广东省深圳市南山区科技园南路1号')).toEqual({
      ok: true,
      value: {
        province: '广东省',
        city: '深圳市',
        region: '南山区',
        address: '科技园南路1号',
        citys: ['440000', '440300', '440305'],
      },
    });
  });

  it('takes the region alone, with blanks between its names', () => {
    const split = splitAddressText('北京市 东城区');
    expect(split.ok && split.value.citys).toEqual(['110000', '110100', '110101']);
    expect(split.ok && split.value.address).toBe('');
  });

  it('warns as recognition does when the province or city has no suffix, and when blank', () => {
    expect(splitAddressText('广东深圳南山')).toEqual({ ok: false, warning: ADDRESS_WARNINGS.missingSuffix });
    expect(splitAddressText('  ')).toEqual({ ok: false, warning: ADDRESS_WARNINGS.empty });
  });
});
