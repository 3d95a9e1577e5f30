import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileNameProblem, parseCalendarDate, unsafeTextProblem } from './text-rules.ts';

describe('unsafeTextProblem', () => {
  it.each([
    ['\u202a', '文字方向控制符（U+202A）'],
    ['\u202e', '文字方向控制符（U+202E）'],
    ['\u2066', '文字方向控制符（U+2066）'],
    ['\u2069', '文字方向控制符（U+2069）'],
    ['\u200f', '文字方向控制符（U+200F）'],
    ['\u200b', '零宽字符（U+200B）'],
    ['\u200d', '零宽字符（U+200D）'],
    ['\u2060', '零宽字符（U+2060）'],
    ['\ufeff', '零宽字符（U+FEFF）'],
    ['\u0007', '控制字符（U+0007）'],
    ['\u0085', '控制字符（U+0085）'],
  ])('names %j wherever it sits', (character, named) => {
    for (const text of [`${character}张三`, `张${character}三`, `张三${character}`]) {
      expect(unsafeTextProblem(text)).toContain(named);
      expect(unsafeTextProblem(text, { isMultiline: true })).toContain(named);
    }
  });

  it('allows line breaks and tabs in notes only', () => {
    for (const text of ['第一行\n第二行', '第一行\r\n第二行', '规格\t数量']) {
      expect(unsafeTextProblem(text, { isMultiline: true })).toBeNull();
    }
    expect(unsafeTextProblem('第一行\n第二行')).toBe('不能换行');
    expect(unsafeTextProblem('第一行\u2028第二行')).toBe('不能换行');
    expect(unsafeTextProblem('规格\t数量')).toBe('包含控制字符（U+0009）');
  });

  it('passes text in any script, emoji included', () => {
    for (const text of ['张经理', 'Zoë Ørsted', 'مكتب ٣', 'שלום', '🖨️ 打印', '深南大道 9988 号（A 座）']) {
      expect(unsafeTextProblem(text)).toBeNull();
    }
  });
});

describe('fileNameProblem', () => {
  it.each([
    ['CON', 'CON'],
    ['con.pdf', 'CON'],
    ['Prn.Ai', 'PRN'],
    ['aux.tar.gz', 'AUX'],
    ['NUL .pdf', 'NUL'],
    ['COM1.pdf', 'COM1'],
    ['com0.pdf', 'COM0'],
    ['LPT9.pdf', 'LPT9'],
    ['lpt¹.pdf', 'LPT¹'],
    ['CONIN$.txt', 'CONIN$'],
  ])('refuses the Windows device name %j', (name, device) => {
    expect(fileNameProblem(name)).toBe(`文件名不能是 Windows 的设备保留名（${device}），请重命名`);
  });

  it.each([
    ['', '文件名不能为空'],
    ['   ', '文件名不能为空'],
    ['../card.pdf', '文件名不能包含路径（/ 或 \\），请只提供文件名'],
    ['C:\\card.pdf', '文件名不能包含路径（/ 或 \\），请只提供文件名'],
    ['invoice\u202efdp.exe', '文件名包含不可见的文字方向控制符（U+202E），请删除后重试'],
    ['card\u200b.pdf', '文件名包含不可见的零宽字符（U+200B），请删除后重试'],
    ['card\u0000.pdf', '文件名包含控制字符（U+0000）'],
    ['card\n.pdf', '文件名不能换行'],
    ['what?.pdf', '文件名不能包含 < > : " | ? * 等字符'],
    ['..', '文件名不合法'],
    ['card.pdf.', '文件名不能以点（.）结尾'],
    [`${'名'.repeat(201)}.pdf`, '文件名过长（最多 200 个字符）'],
    [`${'名'.repeat(90)}.pdf`, '文件名过长（最多 200 个字符）'],
  ])('refuses %j', (name, message) => {
    expect(fileNameProblem(name)).toBe(message);
  });

  it('takes ordinary names, and names that only start like a device', () => {
    for (const name of [
      '名片.pdf',
      'console.pdf',
      'CON-2026.pdf',
      'com10.pdf',
      'nullable.ai',
      '.hidden.pdf',
    ]) {
      expect(fileNameProblem(name)).toBeNull();
    }
  });
});

describe('parseCalendarDate', () => {
  it.each(['2026-02-31', '2026-02-29', '2100-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00'])(
    'refuses the day that does not exist: %s',
    (text) => expect(parseCalendarDate(text)).toBeNull(),
  );

  it.each([
    '2026/02/01',
    '2026-2-1',
    '20260201',
    '2026-02-01T00:00',
    ' 2026-02-01',
    '0099-01-01',
    '１２３４-01-01',
  ])('refuses %j, not a YYYY-MM-DD day this product can use', (text) =>
    expect(parseCalendarDate(text)).toBeNull(),
  );

  it('takes 29 February of leap years', () => {
    expect(parseCalendarDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseCalendarDate('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 });
  });

  it('agrees with the calendar on every day: a day exists when Date does not roll it over', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (year, month, day) => {
          const text = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          const date = new Date(Date.UTC(year, month - 1, day));
          const exists = date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
          expect(parseCalendarDate(text) !== null).toBe(exists);
        },
      ),
    );
  });
});
