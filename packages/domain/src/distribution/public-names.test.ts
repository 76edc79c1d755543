import { describe, expect, it } from 'vitest';
import { firstNameAndInitial, ZPublicPageSettings } from './public-names.js';

describe('firstNameAndInitial', () => {
  it('keeps the first name and the last name’s initial, dropping middle names', () => {
    expect(firstNameAndInitial('Daniel Brown')).toBe('Daniel B.');
    expect(firstNameAndInitial('  Ana  María   de la Cruz ')).toBe('Ana C.');
    expect(firstNameAndInitial('grace martin')).toBe('grace M.');
  });

  it('leaves a single name alone and an empty one empty', () => {
    expect(firstNameAndInitial('Cher')).toBe('Cher');
    expect(firstNameAndInitial('   ')).toBe('');
  });

  it('takes a whole character as the initial, never half of one', () => {
    expect(firstNameAndInitial('Zoë 𝒜da')).toBe('Zoë 𝒜.');
    expect(firstNameAndInitial('Émile Ørsted')).toBe('Émile Ø.');
  });
});

describe('ZPublicPageSettings', () => {
  it('takes the three choices and names a wrong or unknown key', () => {
    expect(ZPublicPageSettings.parse({ leaderboardNames: 'stores' })).toEqual({ leaderboardNames: 'stores' });
    expect(ZPublicPageSettings.safeParse({ leaderboardNames: 'full' }).success).toBe(false);
    expect(ZPublicPageSettings.safeParse({ leaderboardNames: 'none', extra: 1 }).success).toBe(false);
  });
});
