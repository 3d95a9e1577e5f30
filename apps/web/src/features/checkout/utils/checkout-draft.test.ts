import { describe, expect, it } from 'vitest';
import type { ServerFile } from '@inkstone/contracts';
import { createMemoryStorage } from '../../../lib/session.ts';
import {
  clearDraft,
  draftKey,
  hasUnsavedWork,
  loadDraft,
  saveDraft,
  withOwnArtwork,
} from './checkout-draft.ts';

const file = { Id: 7, OrgFileName: '名片.pdf' } as ServerFile;

describe('checkout draft', () => {
  it('comes back for the same cart lines, in any order', () => {
    const storage = createMemoryStorage();
    const draft = { addressId: 3, expressId: 2, couponId: null, remarks: '加急', files: { 11: [file] } };
    saveDraft(storage, [12, 11], draft);
    expect(loadDraft(storage, [11, 12])).toEqual(draft);
    expect(loadDraft(storage, [11])).toBeNull();
    clearDraft(storage, [11, 12]);
    expect(loadDraft(storage, [12, 11])).toBeNull();
  });

  it('reads a damaged draft as none, and odd fields as not chosen', () => {
    const storage = createMemoryStorage();
    storage.setItem(draftKey([1]), '{not json');
    expect(loadDraft(storage, [1])).toBeNull();
    storage.setItem(
      draftKey([1]),
      JSON.stringify({ addressId: 'x', remarks: 5, files: { a: [file], 2: 'no' } }),
    );
    expect(loadDraft(storage, [1])).toEqual({
      addressId: null,
      expressId: null,
      couponId: null,
      remarks: '',
      files: {},
    });
  });

  it('counts artwork and remarks as work a reload would lose', () => {
    expect(hasUnsavedWork({ remarks: ' ', files: { 1: [] } })).toBe(false);
    expect(hasUnsavedWork({ remarks: '加急', files: {} })).toBe(true);
    expect(hasUnsavedWork({ remarks: '', files: { 1: [file] } })).toBe(true);
  });

  it('gives a line its own artwork until the customer chooses, or removes, its files', () => {
    const own = { Id: 9, OrgFileName: '分店名片.pdf' } as ServerFile;
    const lines = [
      { Id: 1, ArtworkFiles: [own] },
      { Id: 2, ArtworkFiles: [own] },
      { Id: 3, ArtworkFiles: [own] },
      { Id: 4, ArtworkFiles: [] },
    ];
    expect(withOwnArtwork(lines, { 2: [file], 3: [] })).toEqual({ 1: [own], 2: [file], 3: [] });
  });
});
