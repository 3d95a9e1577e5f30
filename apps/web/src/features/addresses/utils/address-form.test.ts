import { describe, expect, it } from 'vitest';
import { ADDRESS_WARNINGS, recogniseAddress } from '@inkstone/domain';
import type { DeliverGoodsAddress } from '@inkstone/contracts';
import {
  EMPTY_ADDRESS_FORM,
  addressToLine,
  formValuesToBody,
  recognisedToFormValues,
  storedToFormValues,
} from './address-form.ts';
import { pushRecentLine } from './recent-lines.ts';

function recognise(text: string) {
  const result = recogniseAddress(text);
  if (!result.ok) throw new Error(result.warning);
  return result.value;
}

describe('recognisedToFormValues', () => {
  it('maps a recognised line onto contacts, phone, region codes and street', () => {
    const values = recognisedToFormValues(
      recognise('张三 13800138000 广东省深圳市南山区科技园南区深南大道9988号'),
    );
    expect(values).toEqual({
      contacts: '张三',
      phoneNumber: '13800138000',
      citys: ['440000', '440300', '440305'],
      address: '科技园南区深南大道9988号',
      IsDefault: false,
    });
  });

  it('keeps the default flag of the address being edited', () => {
    const base = { ...EMPTY_ADDRESS_FORM, contacts: '旧', IsDefault: true };
    const values = recognisedToFormValues(recognise('李四 13912345678 上海市徐汇区漕溪北路398号'), base);
    expect(values.IsDefault).toBe(true);
    expect(values.contacts).toBe('李四');
    expect(values.citys[0]).toBe('310000');
    expect(values.address).toBe('漕溪北路398号');
  });

  it('leaves the region as far as it was recognised', () => {
    const values = recognisedToFormValues({
      contacts: ' 王五 ',
      phoneNumber: '13700000000',
      province: '广东省',
      city: '深圳市',
      region: '',
      address: ' 某路1号 ',
      citys: ['440000', '440300'],
    });
    expect(values.citys).toEqual(['440000', '440300']);
    expect(values.contacts).toBe('王五');
    expect(values.address).toBe('某路1号');
  });

  it('is never reached for a line recognition refuses: the warning is the spec’s', () => {
    expect(recogniseAddress('  ')).toEqual({ ok: false, warning: ADDRESS_WARNINGS.empty });
    expect(recogniseAddress('张三 广东省深圳市南山区科技园')).toEqual({
      ok: false,
      warning: ADDRESS_WARNINGS.noPhoneNumber,
    });
  });
});

describe('stored addresses and request bodies', () => {
  const stored: DeliverGoodsAddress = {
    Id: 7,
    contacts: '张三',
    phoneNumber: '13800138000',
    province: '广东省',
    city: '深圳市',
    region: '南山区',
    address: '深南大道9988号',
    citys: ['440000', '440300', '440305'],
    IsDefault: true,
    FullAddress: '广东省深圳市南山区深南大道9988号',
    CreateTime: '2026-01-01T00:00:00Z',
    UpdateTime: '2026-01-01T00:00:00Z',
  };

  it('edits a stored address with its own values', () => {
    expect(storedToFormValues(stored)).toEqual({
      contacts: '张三',
      phoneNumber: '13800138000',
      citys: ['440000', '440300', '440305'],
      address: '深南大道9988号',
      IsDefault: true,
    });
  });

  it('trims the fields of the request body', () => {
    const body = formValuesToBody({
      ...storedToFormValues(stored),
      contacts: ' 张三 ',
      address: ' 深南大道 ',
    });
    expect(body.contacts).toBe('张三');
    expect(body.address).toBe('深南大道');
  });

  it('writes a stored address as one line that recognises back to the same address', () => {
    const line = addressToLine(stored);
    expect(line).toBe('张三 13800138000 广东省深圳市南山区深南大道9988号');
    expect(recognisedToFormValues(recognise(line))).toEqual({
      ...storedToFormValues(stored),
      IsDefault: false,
    });
  });
});

describe('pushRecentLine', () => {
  it('puts the newest line first without duplicates and keeps at most five', () => {
    let lines: string[] = [];
    for (const line of ['a', 'b', 'c', 'd', 'e', 'f', 'c']) lines = pushRecentLine(lines, line);
    expect(lines).toEqual(['c', 'f', 'e', 'd', 'b']);
  });

  it('ignores blank lines', () => {
    expect(pushRecentLine(['a'], '   ')).toEqual(['a']);
  });
});
