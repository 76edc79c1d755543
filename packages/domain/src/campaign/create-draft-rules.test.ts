import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allowedDraftTypes, canDeleteCampaign, draftFromCreateType, duplicateName, isEditableStatus } from './create-draft-rules.js';

describe('allowedDraftTypes', () => {
  it.each([
    { isRetailer: false, consumerEnabled: false, expected: ['general', 'contest', 'learning'] },
    { isRetailer: false, consumerEnabled: true, expected: ['general', 'contest', 'learning', 'consumer'] },
    { isRetailer: true, consumerEnabled: false, expected: ['general', 'contest', 'learning', 'shared'] },
    { isRetailer: true, consumerEnabled: true, expected: ['general', 'contest', 'learning', 'consumer', 'shared'] },
  ])('offers consumer only with the flag and shared only to retailers (retailer=$isRetailer, consumer=$consumerEnabled)', ({ expected, ...brand }) => {
    expect(allowedDraftTypes(brand)).toEqual(expected);
  });
});

describe('draftFromCreateType', () => {
  it('makes a shared campaign a contest with the shared switch on', () => {
    expect(draftFromCreateType('shared')).toEqual({ type: 'contest', sharedCampaign: true });
  });
  it.each(['general', 'contest', 'learning', 'consumer'] as const)('keeps %s as is, not shared', (type) => {
    expect(draftFromCreateType(type)).toEqual({ type, sharedCampaign: false });
  });
});

describe('status rules', () => {
  it.each([
    ['draft', true, true],
    ['scheduled', true, true],
    ['rejected', true, true],
    ['active', false, false],
    ['ended', false, false],
  ] as const)('%s: editable=%s deletable=%s', (status, editable, deletable) => {
    expect(isEditableStatus(status)).toBe(editable);
    expect(canDeleteCampaign(status)).toBe(deletable);
  });
});

describe('duplicateName', () => {
  it('prefixes "Copy of"', () => {
    expect(duplicateName('Summer push')).toBe('Copy of Summer push');
  });
  it('names an unnamed campaign', () => {
    expect(duplicateName('  ')).toBe('Copy of Untitled');
  });
  it('never exceeds the 50-character name limit', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), (name) => {
        expect(duplicateName(name).length).toBeLessThanOrEqual(50);
      }),
    );
  });
});
