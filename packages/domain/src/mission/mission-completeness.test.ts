import { describe, expect, it } from 'vitest';
import {
  isMissionComplete,
  isMissionSelectable,
  itemKindFor,
  missionStatusAfterEdit,
  missionStatusLabel,
} from './mission-completeness.js';
import { ZMissionItemBody, ZMissionUpdateBody } from './mission-library.schema.js';

const question = (correct = 'a') => ({
  kind: 'question' as const,
  data: { options: [{ id: 'a', text: 'Yes' }, { id: 'b', text: 'No' }], correctOptionId: correct },
});

describe('isMissionComplete', () => {
  it.each([
    ['a learning mission with a good question', { type: 'learning', subtype: 'standard', items: [question()] }, true],
    ['a learning mission without questions', { type: 'learning', subtype: 'standard', items: [] }, false],
    ['a learning question whose answer is not an option', { type: 'learning', subtype: 'standard', items: [question(), question('z')] }, false],
    ['an itemSold contest with a product', { type: 'contest', subtype: 'itemSold', items: [{ kind: 'option', data: {} }] }, true],
    ['an itemSold contest without products', { type: 'contest', subtype: 'itemSold', items: [] }, false],
    ['a general mission with a field', { type: 'general', subtype: 'standard', items: [{ kind: 'field', data: { fieldType: 'photo' } }] }, true],
    ['a general mission with only a question', { type: 'general', subtype: 'standard', items: [question()] }, false],
  ] as const)('%s → %s', (_label, input, expected) => {
    expect(isMissionComplete({ title: 'T', ...input, items: [...input.items] })).toBe(expected);
  });

  it('needs a title', () => {
    expect(isMissionComplete({ title: ' ', type: 'learning', subtype: 'standard', items: [question()] })).toBe(false);
  });
});

describe('mission status', () => {
  it('keeps pending_launch through edits and otherwise follows completeness', () => {
    expect(missionStatusAfterEdit('pending_launch', false)).toBe('pending_launch');
    expect(missionStatusAfterEdit('incomplete', true)).toBe('ready');
    expect(missionStatusAfterEdit('ready', false)).toBe('incomplete');
  });
  it('labels pending_launch as in use and makes it selectable only as the current selection', () => {
    expect(missionStatusLabel('pending_launch')).toBe('in-use');
    expect(isMissionSelectable('pending_launch', false)).toBe(false);
    expect(isMissionSelectable('pending_launch', true)).toBe(true);
    expect(isMissionSelectable('ready', false)).toBe(true);
  });
  it('builds learning missions from questions, itemSold from options, the rest from fields', () => {
    expect(itemKindFor('learning', 'standard')).toBe('question');
    expect(itemKindFor('contest', 'itemSold')).toBe('option');
    expect(itemKindFor('consumer', 'standard')).toBe('field');
  });
});

describe('ZMissionItemBody', () => {
  it('accepts a question whose correct answer is one of its options', () => {
    expect(ZMissionItemBody.safeParse({ title: 'Q?', ...question() }).success).toBe(true);
  });
  it('names correctOptionId when the answer is not an option', () => {
    const r = ZMissionItemBody.safeParse({ title: 'Q?', ...question('x') });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['data', 'correctOptionId']);
  });
  it('needs two choices for a choice field', () => {
    const r = ZMissionItemBody.safeParse({ kind: 'field', title: 'Size', data: { fieldType: 'choice', required: true, choices: ['S'] } });
    expect(r.success).toBe(false);
  });
  it('accepts a survey option with a sku', () => {
    expect(ZMissionItemBody.safeParse({ kind: 'option', title: 'Lemon 330ml', data: { sku: '00123' } }).success).toBe(true);
  });
});

describe('ZMissionUpdateBody', () => {
  it('changes only the fields sent (no create defaults fill the rest)', () => {
    expect(ZMissionUpdateBody.parse({ title: 'x' })).toEqual({ title: 'x' });
    expect(ZMissionUpdateBody.parse({ media: null })).toEqual({ media: null });
  });
});
