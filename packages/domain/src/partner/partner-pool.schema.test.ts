import { describe, expect, it } from 'vitest';
import { PARTNER_POOL_MESSAGES, ZPartnerInviteBody, ZPartnerTokenAnswerBody } from './partner-pool.schema.js';

describe('the partner invite form', () => {
  it('trims and lower-cases the email, the same in the browser and on the server', () => {
    expect(ZPartnerInviteBody.parse({ email: '  Buyer@Nova.TEST ' })).toEqual({ email: 'buyer@nova.test' });
  });

  it('names the email field when it is not an address, empty or too long', () => {
    for (const email of ['not-an-email', '', `${'a'.repeat(250)}@x.test`]) {
      const result = ZPartnerInviteBody.safeParse({ email });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['email', PARTNER_POOL_MESSAGES.email]]);
    }
  });

  it('takes nothing but the email', () => {
    expect(ZPartnerInviteBody.safeParse({ email: 'a@b.test', brandId: 'x' }).success).toBe(false);
  });

  it('answers a link only with a token of a plausible length and accept or decline', () => {
    expect(ZPartnerTokenAnswerBody.safeParse({ token: 'short', answer: 'accept' }).success).toBe(false);
    expect(ZPartnerTokenAnswerBody.safeParse({ token: 'x'.repeat(43), answer: 'maybe' }).success).toBe(false);
    expect(ZPartnerTokenAnswerBody.safeParse({ token: 'x'.repeat(43), answer: 'decline' }).success).toBe(true);
  });
});
