import { describe, expect, it } from 'vitest';
import { allowsItemSold, missingParts, missionSubtypeErrors } from './mission-rules.js';

describe('itemSold subtype', () => {
  it('exists only for contest and learning missions', () => {
    expect((['general', 'contest', 'learning', 'consumer'] as const).filter(allowsItemSold)).toEqual(['contest', 'learning']);
  });
  it('is refused on the other types, naming subtype', () => {
    expect(missionSubtypeErrors({ type: 'general', subtype: 'itemSold' }).map((e) => e.path)).toEqual(['subtype']);
    expect(missionSubtypeErrors({ type: 'consumer', subtype: 'itemSold' }).map((e) => e.path)).toEqual(['subtype']);
    expect(missionSubtypeErrors({ type: 'contest', subtype: 'itemSold' })).toEqual([]);
    expect(missionSubtypeErrors({ type: 'general', subtype: 'standard' })).toEqual([]);
  });
});

describe('missingParts', () => {
  it('lists a missing title, missing items and unanswered questions', () => {
    const unanswered = { kind: 'question' as const, data: { options: [{ id: 'a' }, { id: 'b' }], correctOptionId: 'z' } };
    expect(missingParts({ title: ' ', type: 'learning', subtype: 'standard', items: [unanswered] })).toEqual([
      { key: 'title' },
      { key: 'questions-without-answer', count: 1 },
    ]);
    expect(missingParts({ title: 'T', type: 'contest', subtype: 'itemSold', items: [] })).toEqual([{ key: 'no-items', kind: 'option' }]);
  });
});
