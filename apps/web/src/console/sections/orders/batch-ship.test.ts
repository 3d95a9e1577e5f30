import { describe, expect, it } from 'vitest';
import { parseTrackingPaste, validateShipRows, type ShipRow } from './batch-ship.ts';

const ORDERS = ['D202611260001', 'D202611260002', 'D202611260003'];

describe('pasting tracking numbers', () => {
  it.each([
    ['tab-separated, as Excel copies', 'D202611260001\tSF1001\nD202611260002\tYT2002'],
    ['comma-separated with quotes, as CSV', '"D202611260001","SF1001"\r\nD202611260002，YT2002'],
    ['space-separated', 'D202611260001   SF1001\n  D202611260002 YT2002  '],
    ['tracking number first', 'SF1001\tD202611260001\nYT2002\tD202611260002'],
    [
      'under a heading, with blank lines',
      '订单号\t运单号\n\nD202611260001\tSF1001\n\nD202611260002\tYT2002\n',
    ],
  ])('matches %s by order number', (_name, text) => {
    const result = parseTrackingPaste(text, ORDERS);
    expect(Object.fromEntries(result.numbers)).toEqual({ D202611260001: 'SF1001', D202611260002: 'YT2002' });
    expect(result.unmatched).toEqual([]);
  });

  it('names each line that fills no order, with its line number and why', () => {
    const result = parseTrackingPaste(
      [
        'D202611260001\tSF1001',
        'D209900000000\tSF9999',
        'ZT5555',
        'D202611260003',
        'd202611260002\tyt2',
      ].join('\n'),
      ORDERS,
    );
    expect(Object.fromEntries(result.numbers)).toEqual({ D202611260001: 'SF1001', D202611260002: 'yt2' });
    expect(result.unmatched).toEqual([
      { line: 2, text: 'D209900000000\tSF9999', reason: '订单号 D209900000000 不在本次发货的订单中' },
      { line: 3, text: 'ZT5555', reason: '应为两列：订单号和快递单号' },
      { line: 4, text: 'D202611260003', reason: '订单 D202611260003 缺少快递单号' },
    ]);
  });

  it('keeps the later line when an order appears twice, and says so', () => {
    const result = parseTrackingPaste('D202611260001\tSF1\nD202611260001\tSF2', ORDERS);
    expect(result.numbers.get('D202611260001')).toBe('SF2');
    expect(result.unmatched).toEqual([
      {
        line: 1,
        text: 'D202611260001 SF1',
        reason: '订单 D202611260001 在第 2 行再次出现，以第 2 行为准',
      },
    ]);
  });

  it('fills nothing from an empty paste', () => {
    expect(parseTrackingPaste('  \n\n', ORDERS)).toEqual({ numbers: new Map(), unmatched: [] });
  });
});

describe('checking the rows before sending', () => {
  const row = (orderId: number, trackingNo: string, isSelfPickup = false): ShipRow => ({
    orderId,
    orderNo: `D${orderId}`,
    trackingNo,
    isSelfPickup,
  });

  it('passes rows each with its own well-formed number, and 到店自提 without one', () => {
    expect(validateShipRows([row(1, 'SF1001'), row(2, ' YT-2002 '), row(3, '', true)])).toEqual(new Map());
  });

  it('names an empty, a malformed and a too long number', () => {
    const problems = validateShipRows([
      row(1, '  '),
      row(2, 'SF 1001'),
      row(3, 'S'.repeat(41)),
      row(4, '顺丰1'),
    ]);
    expect(Object.fromEntries(problems)).toEqual({
      1: '请填写快递单号',
      2: '快递单号只能包含字母、数字和连字符',
      3: '快递单号最多 40 个字符',
      4: '快递单号只能包含字母、数字和连字符',
    });
  });

  it('marks both rows of a number used twice in the batch, whatever its case', () => {
    const problems = validateShipRows([row(1, 'SF1001'), row(2, 'YT2'), row(3, 'sf1001'), row(4, '', true)]);
    expect(Object.fromEntries(problems)).toEqual({
      1: '快递单号与订单 D3 重复',
      3: '快递单号与订单 D1 重复',
    });
  });
});
