import { describe, expect, it } from 'vitest';
import { saveExpressCompanyBodySchema, type StaffExpressCompany } from '@inkstone/contracts';
import { companyToValues, newExpressValues, valuesToBody } from './express-form-values.ts';

const SF: StaffExpressCompany = {
  Id: 1,
  Code: 'SF',
  Name: '顺丰速运',
  IsActive: true,
  IsDefault: true,
  SortOrder: 10,
  Revision: 4,
  Description: '',
  UpdateTime: '2026-11-26T00:00:00.000Z',
  Template: {
    Kind: 'delivery',
    FreeShippingMinFen: 80_000,
    Zones: [
      {
        Name: '深圳同城',
        RegionCodes: ['440300'],
        FirstWeightGrams: 1000,
        FirstFeeFen: 1000,
        AdditionalWeightGrams: 500,
        AdditionalFeeFen: 205,
        ExcludeFromFreeShipping: false,
      },
    ],
    OtherZone: {
      Name: '其他地区',
      FirstWeightGrams: 1000,
      FirstFeeFen: 2200,
      AdditionalWeightGrams: 1000,
      AdditionalFeeFen: 800,
      ExcludeFromFreeShipping: false,
    },
    ExcludedRegionCodes: ['710000'],
    PickupAddress: '',
  },
};

describe('the express form', () => {
  it('gives back exactly the template it was read from (kg and yuan to grams and fen)', () => {
    const body = saveExpressCompanyBodySchema.parse(valuesToBody(companyToValues(SF), SF));
    expect(body).toMatchObject({ Id: 1, Revision: 4, Code: 'SF', IsDefault: true });
    expect(body.Template).toEqual(SF.Template);
  });

  it('turns 包邮 off into no threshold and a pickup into its address alone', () => {
    const noFree = valuesToBody({ ...companyToValues(SF), HasFreeShipping: false }, SF);
    expect(noFree.Template.FreeShippingMinFen).toBeNull();
    const pickup = valuesToBody(
      { ...newExpressValues(), Name: '门店自提', Code: 'PICKUP2', Kind: 'pickup', PickupAddress: '门店一楼' },
      null,
    );
    expect(saveExpressCompanyBodySchema.parse(pickup).Template).toMatchObject({
      Kind: 'pickup',
      PickupAddress: '门店一楼',
    });
  });

  it('prices 19.99 yuan and 0.5 kg as whole fen and grams', () => {
    const values = companyToValues(SF);
    values.Zones[0]!.FirstFeeYuan = 19.99;
    values.Zones[0]!.FirstWeightKg = 0.5;
    const body = valuesToBody(values, SF);
    expect(body.Template.Zones?.[0]).toMatchObject({ FirstFeeFen: 1999, FirstWeightGrams: 500 });
  });
});
