import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listRegionChildren } from '../regions/region-table.ts';
import fixtureJson from './address-fixture.json' with { type: 'json' };
import { recogniseAddress } from './recognise-address.ts';

/** Share of the fixture that must be recognised exactly. */
const REQUIRED_ACCURACY = 0.98;

const addressSchema = z.strictObject({
  contacts: z.string(),
  phoneNumber: z.string(),
  province: z.string(),
  city: z.string(),
  region: z.string(),
  address: z.string(),
  citys: z.array(z.string()),
});
const fixtureSchema = z.array(
  z.strictObject({
    input: z.string(),
    expected: z.union([addressSchema, z.strictObject({ warning: z.string() })]),
    tags: z.array(z.string()),
  }),
);
const fixture = fixtureSchema.parse(fixtureJson);

describe('address recognition fixture', () => {
  it('covers at least 300 labelled lines, every province and the hard cases', () => {
    expect(fixture.length).toBeGreaterThanOrEqual(300);
    const provinces = new Set(
      fixture.flatMap(({ expected }) => ('citys' in expected ? expected.citys.slice(0, 1) : [])),
    );
    for (const province of listRegionChildren()) expect(provinces, province.name).toContain(province.code);
    const tags = new Set(fixture.flatMap((entry) => entry.tags));
    for (const tag of [
      'municipality',
      'autonomous-region',
      'special-region',
      'taiwan',
      'town-level-city',
      'county-city-same-name',
      'street-named-after-place',
      'labels',
      'postcode',
      'landline',
      'service-400',
      'compound-surname',
      'contact-last',
      'empty',
      'no-phone',
      'phone-position',
      'missing-suffix',
    ]) {
      expect(tags, tag).toContain(tag);
    }
  });

  it(`recognises at least ${REQUIRED_ACCURACY * 100}% of the lines exactly`, () => {
    const failures = fixture.flatMap(({ input, expected }) => {
      const result = recogniseAddress(input);
      const actual = result.ok ? result.value : { warning: result.warning };
      return JSON.stringify(actual) === JSON.stringify(expected) ? [] : [{ input, expected, actual }];
    });
    const accuracy = 1 - failures.length / fixture.length;
    for (const failure of failures) console.log('not recognised exactly:', JSON.stringify(failure, null, 1));
    console.log(`address recognition accuracy: ${(accuracy * 100).toFixed(2)}% of ${fixture.length} lines`);
    expect(accuracy).toBeGreaterThanOrEqual(REQUIRED_ACCURACY);
  });
});
