import { describe, expect, it } from 'vitest';
import { cellText, formatProblem, headerKey, mapColumns, summariseProblems } from './sheet-table.ts';
import { matchOption, nameKey, parseSizeText } from './option-matching.ts';

describe('cellText', () => {
  it('reads what a cell shows: text, numbers, rich text, formula results, links, dates', () => {
    expect(cellText(' 张三 ')).toBe('张三');
    expect(cellText(13800138000)).toBe('13800138000');
    expect(cellText(true)).toBe('是');
    expect(cellText({ richText: [{ text: '广东省' }, { text: '深圳市' }] })).toBe('广东省深圳市');
    expect(cellText({ formula: 'A1*2', result: 4 } as never)).toBe('4');
    expect(cellText({ text: '名片.pdf', hyperlink: 'http://x' } as never)).toBe('名片.pdf');
    expect(cellText(new Date(Date.UTC(2026, 10, 21)))).toBe('2026-11-21');
    expect(cellText({ error: '#N/A' } as never)).toBe('');
    expect(cellText(null)).toBe('');
  });
});

describe('columns and problems', () => {
  it('finds columns by header or alias, ignoring blanks, width and required marks', () => {
    expect(headerKey(' 联系人* ')).toBe('联系人');
    expect(headerKey('数量（必填）')).toBe('数量');
    const { columns, missing } = mapColumns(
      ['收货人', '电话 ', '详细地址'],
      [
        { key: 'contacts', header: '联系人', aliases: ['收货人'], required: true },
        { key: 'phone', header: '电话', required: true },
        { key: 'quantity', header: '数量', required: true },
      ],
    );
    expect([...columns]).toEqual([
      ['contacts', 0],
      ['phone', 1],
    ]);
    expect(missing.map((spec) => spec.header)).toEqual(['数量']);
  });

  it('names sheet, row and column as the customer reads them', () => {
    expect(formatProblem({ sheet: '批量下单', row: 12, column: '数量', message: '不能为空' })).toBe(
      '工作表「批量下单」第12行「数量」不能为空',
    );
    expect(formatProblem({ sheet: '收货地址', row: 4, column: '电话', message: '手机号码格式有误' })).toBe(
      '工作表「收货地址」第4行「电话」：手机号码格式有误',
    );
    expect(formatProblem({ sheet: 'Sheet1', row: 0, column: '', message: '没有可导入的数据' })).toBe(
      '工作表「Sheet1」没有可导入的数据',
    );
    const many = Array.from({ length: 7 }, (_, n) => ({
      sheet: 'S',
      row: n + 2,
      column: '数量',
      message: '不能为空',
    }));
    expect(summariseProblems(many)).toMatch(
      /^导入失败，没有导入任何数据，共 7 处错误（可下载错误报告查看全部）：/,
    );
    expect(summariseProblems(many)).not.toContain('第8行');
  });
});

describe('option names', () => {
  const sizes = [
    { id: 'std', name: '标准 90×54mm' },
    { id: 'eu', name: '欧式 85×54mm' },
  ];

  it('matches a whole name, its first word, or its millimetres', () => {
    expect(nameKey('90 X 54 mm')).toBe('90x54');
    expect(matchOption('标准', sizes, '尺寸')).toEqual({ ok: true, id: 'std' });
    expect(matchOption('欧式 85×54mm', sizes, '尺寸')).toEqual({ ok: true, id: 'eu' });
    expect(matchOption('覆哑膜', [{ id: 'lm', name: '覆哑膜（单面）' }], '工艺')).toEqual({
      ok: true,
      id: 'lm',
    });
    expect(parseSizeText('210*297')).toEqual({ widthMm: 210, heightMm: 297 });
    expect(parseSizeText('A4')).toBeNull();
  });

  it('lists the choices when a name matches none, and asks for more when it matches several', () => {
    expect(matchOption('巨大', sizes, '尺寸')).toEqual({
      ok: false,
      message: '没有“巨大”这个尺寸，可选：标准 90×54mm、欧式 85×54mm',
    });
    const twins = [
      { id: 'a', name: '覆膜 单面' },
      { id: 'b', name: '覆膜 双面' },
    ];
    expect(matchOption('覆膜', twins, '工艺')).toMatchObject({
      ok: false,
      message: expect.stringContaining('可指'),
    });
  });
});
