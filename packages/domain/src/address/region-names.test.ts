import { describe, expect, it } from 'vitest';
import { listCityNames, listDistrictNames, listProvinceNames, stripEthnicNames } from './region-names.ts';

describe('division name aliases', () => {
  it.each([
    ['广西壮族自治区', ['广西壮族自治区', '广西自治区', '广西省']],
    ['内蒙古自治区', ['内蒙古自治区', '内蒙古省']],
    ['新疆维吾尔自治区', ['新疆维吾尔自治区', '新疆自治区', '新疆省']],
    ['广东省', ['广东省']],
    ['北京市', ['北京市']],
  ])('writes province %s as %j', (name, aliases) => {
    expect(listProvinceNames(name)).toEqual(aliases);
  });

  it('writes 香港 and 澳门 bare, as 特区, and in traditional characters', () => {
    expect(listProvinceNames('澳门特别行政区')).toEqual(
      expect.arrayContaining(['澳门特别行政区', '澳门特区', '澳门', '澳門', '澳門特別行政區']),
    );
  });

  it.each([
    ['延边朝鲜族自治州', ['延边朝鲜族自治州', '延边自治州', '延边州']],
    ['克孜勒苏柯尔克孜自治州', ['克孜勒苏柯尔克孜自治州', '克孜勒苏自治州', '克孜勒苏州']],
    ['海西蒙古族藏族自治州', ['海西蒙古族藏族自治州', '海西自治州', '海西州']],
    ['深圳市', ['深圳市']],
    ['油尖旺區', ['油尖旺區', '油尖旺区']],
  ])('writes city %s as %j', (name, aliases) => {
    expect(listCityNames(name)).toEqual(aliases);
  });

  it.each([
    ['石柱土家族自治县', false, ['石柱土家族自治县', '石柱自治县', '石柱县']],
    ['鄂伦春自治旗', false, ['鄂伦春自治旗', '鄂伦春旗']],
    ['东城街道', true, ['东城街道', '东城区']],
    ['东区街道', true, ['东区街道', '东区']],
    ['东城街道', false, ['东城街道']],
    ['虎门镇', true, ['虎门镇']],
  ])('writes district %s (town level %s) as %j', (name, isTownLevel, aliases) => {
    expect(listDistrictNames(name, isTownLevel)).toEqual(aliases);
  });

  it('strips ethnic-group names but keeps two characters', () => {
    expect(stripEthnicNames('双江拉祜族佤族布朗族傣族')).toBe('双江');
    expect(stripEthnicNames('鄂伦春')).toBe('鄂伦春');
    expect(stripEthnicNames('内蒙古')).toBe('内蒙古');
  });
});
