import { describe, expect, it } from 'vitest';
import { luhnValid, sandboxCardOutcome, TEST_CARDS } from './test-cards.js';

const NOW = new Date('2026-11-23T12:00:00Z');
const card = (number: string, expMonth = 12, expYear = 2030) => ({ number, expMonth, expYear });

describe('sandbox cards', () => {
  it('accepts the success test cards, spaced or not', () => {
    expect(sandboxCardOutcome(card('4242 4242 4242 4242'), NOW)).toEqual({ ok: true, brand: 'visa' });
    expect(sandboxCardOutcome(card('5555-5555-5555-4444'), NOW)).toEqual({ ok: true, brand: 'mastercard' });
  });

  it("declines the decline test cards with Stripe's codes", () => {
    expect(sandboxCardOutcome(card('4000000000000002'), NOW)).toMatchObject({ ok: false, declineCode: 'card_declined' });
    expect(sandboxCardOutcome(card('4000000000009995'), NOW)).toMatchObject({ ok: false, declineCode: 'insufficient_funds' });
  });

  it('refuses a mistyped number, an expired card and a card that is not a test card', () => {
    expect(sandboxCardOutcome(card('4242424242424241'), NOW)).toMatchObject({ ok: false, declineCode: 'incorrect_number' });
    expect(sandboxCardOutcome(card('4242424242424242', 10, 2026), NOW)).toMatchObject({ ok: false, declineCode: 'expired_card' });
    expect(sandboxCardOutcome(card('4111111111111111'), NOW)).toMatchObject({ ok: false, declineCode: 'test_mode_live_card' });
  });

  it('lists only numbers that pass the Luhn check', () => {
    for (const number of Object.keys(TEST_CARDS)) expect(luhnValid(number), number).toBe(true);
  });
});
