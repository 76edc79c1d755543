/**
 * The sandbox provider answers like Stripe's test mode: the well-known test card numbers succeed or decline
 * with Stripe's decline codes, so a brand can try every path without money moving (docs.stripe.com/testing).
 */
export type TCardOutcome = { ok: true; brand: string } | { ok: false; declineCode: string; message: string };

const declined = (declineCode: string, message: string): TCardOutcome => ({ ok: false, declineCode, message });

export const TEST_CARDS: Readonly<Record<string, TCardOutcome>> = {
  '4242424242424242': { ok: true, brand: 'visa' },
  '4000056655665556': { ok: true, brand: 'visa' },
  '5555555555554444': { ok: true, brand: 'mastercard' },
  '2223003122003222': { ok: true, brand: 'mastercard' },
  '5200828282828210': { ok: true, brand: 'mastercard' },
  '378282246310005': { ok: true, brand: 'amex' },
  '6011111111111117': { ok: true, brand: 'discover' },
  '4000000000000002': declined('card_declined', 'Your card was declined.'),
  '4000000000009995': declined('insufficient_funds', 'Your card has insufficient funds.'),
  '4000000000009987': declined('lost_card', 'Your card was declined (reported lost).'),
  '4000000000009979': declined('stolen_card', 'Your card was declined (reported stolen).'),
  '4000000000000069': declined('expired_card', 'Your card has expired.'),
  '4000000000000127': declined('incorrect_cvc', "Your card's security code is incorrect."),
  '4000000000000119': declined('processing_error', 'An error occurred while processing your card. Try again.'),
  '4100000000000019': declined('fraudulent', 'Your card was declined (blocked as fraudulent).'),
};

/** Luhn checksum: catches a mistyped card number before any provider sees it. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** What the sandbox does with a card: test cards as listed; any other valid number is declined (no real cards in test mode). */
export function sandboxCardOutcome(card: { number: string; expMonth: number; expYear: number }, now = new Date()): TCardOutcome {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!luhnValid(digits)) return declined('incorrect_number', 'Your card number is incorrect.');
  const expiry = new Date(Date.UTC(card.expYear, card.expMonth, 1));
  if (expiry.getTime() <= now.getTime()) return declined('expired_card', 'Your card has expired.');
  return TEST_CARDS[digits] ?? declined('test_mode_live_card', 'Test mode: use a test card such as 4242 4242 4242 4242.');
}
