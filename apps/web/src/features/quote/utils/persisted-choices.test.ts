import { describe, expect, it } from 'vitest';
import { StorageKey } from '@inkstone/contracts';
import { createMemoryStorage } from '../../../lib/session.ts';
import {
  loadExcludedTechnologies,
  loadSavedChoices,
  saveChoices,
  saveExcludedTechnologies,
} from './persisted-choices.ts';

describe('persisted choices', () => {
  it('keeps the quantity, attributes and custom size per product under the spec’s keys', () => {
    const storage = createMemoryStorage();
    saveChoices(storage, {
      ProductId: 1001,
      SizeId: null,
      WidthMm: 88,
      HeightMm: 55,
      StyleId: 'yf300',
      ColourId: '4c2',
      TechnologyIds: ['uv'],
      Quantity: 20,
    });
    saveChoices(storage, { ProductId: 2001, SizeId: 'a4', StyleId: 'cb157', ColourId: '4c1', Quantity: 500 });

    expect(JSON.parse(storage.getItem(StorageKey.SelectedQuantity)!)).toEqual({ 1001: 20, 2001: 500 });
    expect(loadSavedChoices(storage, 1001)).toEqual({
      attributes: {
        SizeId: null,
        StyleId: 'yf300',
        InnerStyleId: null,
        PageCount: null,
        ColourId: '4c2',
        TechnologyIds: ['uv'],
      },
      customSize: { WidthMm: 88, HeightMm: 55 },
      quantity: 20,
    });
    expect(loadSavedChoices(storage, 3001)).toBeNull();
  });

  it('keeps the technology exclude list of the last priced selection', () => {
    const storage = createMemoryStorage();
    const list = [{ TechnologyId: 'tj', Reason: '「烫金」与已选工艺「局部UV」不能同时选择' }];
    saveExcludedTechnologies(storage, 1001, list);
    expect(loadExcludedTechnologies(storage, 1001)).toEqual(list);
    expect(loadExcludedTechnologies(storage, 1002)).toBeNull();
  });

  it('reads damaged storage as nothing kept', () => {
    const storage = createMemoryStorage();
    storage.setItem(StorageKey.SelectedQuantity, '{oops');
    expect(loadSavedChoices(storage, 1001)).toBeNull();
  });
});
