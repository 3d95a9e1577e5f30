import { describe, expect, it } from 'vitest';
import { calculateOfferPrice, compileCatalog, getDemoCatalog } from '@inkstone/domain';
import { jsonBytes } from './json-bytes.ts';

/** What the reply serialiser must give: the UTF-8 bytes of JSON.stringify's text. */
function expected(value: unknown): Buffer | undefined {
  const text = JSON.stringify(value) as string | undefined;
  return text === undefined ? undefined : Buffer.from(text);
}

function expectSameBytes(value: unknown): void {
  const bytes = jsonBytes(value);
  const wanted = expected(value);
  if (wanted === undefined) expect(bytes).toBeUndefined();
  else expect(bytes?.toString('hex')).toBe(wanted.toString('hex'));
}

describe('jsonBytes', () => {
  it('escapes strings as JSON.stringify does, lone surrogates included, and encodes UTF-8', () => {
    for (const text of [
      '',
      'plain',
      '报价：250g铜版纸 × 1,000张',
      'a"b\\c/d',
      '\b\t\n\f\r\u0000\u0001\u000b\u001f\u007f\u0080\u07ff\u0800\uffff',
      '\u2028\u2029',
      '😀 pair \ud83d\ude00, lone high \ud800x, lone low \udc00, high at end \udbff',
      '\udc00\ud800',
    ]) {
      expectSameBytes(text);
      expectSameBytes({ [text]: text });
    }
  });

  it('writes numbers, booleans and null as JSON.stringify does', () => {
    for (const value of [
      0,
      -0,
      7,
      9,
      10,
      99,
      100,
      12345,
      2147483647,
      2147483648,
      -1,
      -2147483648,
      1.5,
      0.1,
      1e21,
      1e-7,
      -3.25e-300,
      Number.MAX_SAFE_INTEGER,
      NaN,
      Infinity,
      -Infinity,
      true,
      false,
      null,
    ]) {
      expectSameBytes(value);
      expectSameBytes([value]);
    }
  });

  it('leaves out what JSON.stringify leaves out and follows toJSON', () => {
    const symbol = Symbol('s');
    expectSameBytes(undefined);
    expectSameBytes(() => 1);
    expectSameBytes([undefined, () => 1, symbol, null, , 1]); // eslint-disable-line no-sparse-arrays
    expectSameBytes({ a: undefined, b: () => 1, c: 1, [symbol]: 2, 2: 'two', 1: 'one', d: { e: undefined } });
    expectSameBytes({ only: undefined });
    expectSameBytes({
      at: new Date(0),
      key: { toJSON: (key: string) => `key ${key}` },
      list: [{ toJSON: (key: string) => key }],
    });
    expectSameBytes({ toJSON: () => undefined });
    expectSameBytes({
      buffer: Buffer.from('hi'),
      bytes: new Uint8Array([1, 2]),
      map: new Map([[1, 2]]),
      error: new Error('m'),
    });
    expectSameBytes(Object.assign(Object.create({ inherited: 1 }) as object, { own: 2 }));
    expectSameBytes(Object.assign(Object.create(null) as object, { z: 1 }));
    const hidden = { shown: 1 };
    Object.defineProperty(hidden, 'hidden', { value: 2, enumerable: false });
    expectSameBytes(hidden);
    class Point {
      constructor(
        public x: number,
        public y: number,
      ) {}
    }
    expectSameBytes([new Point(1, 2)]);
  });

  it('falls back to JSON.stringify for boxed values, deep nesting and large replies', () => {
    expectSameBytes([new Number(1), new String('s'), new Boolean(false)]);
    let deep: unknown = '底';
    for (let level = 0; level < 200; level += 1) deep = level % 2 === 0 ? [deep] : { level: deep };
    expectSameBytes(deep);
    expectSameBytes({ text: '字'.repeat(40_000), more: 'x'.repeat(40_000) });
    expectSameBytes({ after: 'a large reply leaves the scratch buffer usable' });
  });

  it('throws what JSON.stringify throws', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => jsonBytes(cycle)).toThrow(TypeError);
    expect(() => jsonBytes({ n: 1n })).toThrow(TypeError);
  });

  it('writes every demo product quote as JSON.stringify does', () => {
    const products = compileCatalog(getDemoCatalog('demo'));
    let quotes = 0;
    for (const product of products.values()) {
      for (const size of product.sizes.keys()) {
        for (const style of product.styles.keys()) {
          for (const colour of product.colours.keys()) {
            const result = calculateOfferPrice(product, {
              sizeId: size,
              styleId: style,
              innerStyleId: style,
              pageCount: 8,
              colourId: colour,
              technologyIds: [],
              quantity: 1000,
            });
            expectSameBytes({ success: result.ok, data: result });
            if (result.ok) quotes += 1;
          }
        }
      }
    }
    expect(quotes).toBeGreaterThan(10);
  });
});
