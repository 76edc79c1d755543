/**
 * The title a money reward gets when its creator gives none: its amount, "$25 cash" ("$25.50 cash", "€1,000 cash").
 * The builder shows it as the title field's default and the server stores it when the title is left empty, so a
 * participant, a ledger row and an invoice line never name a money reward by its type alone ("Money · Money").
 * Migration 0039 gave existing untitled money rewards the same title.
 */
export function moneyRewardTitle(amountCents: number, currency: string): string {
  const whole = amountCents % 100 === 0;
  const amount = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amountCents / 100);
  return `${amount} cash`;
}

/** A reward's title for money screens (ledger, invoices, exports): its own, else the money default, else its type. */
export function rewardDisplayTitle(reward: { title: string; type: string; amountCents: number | null }, currency: string): string {
  const title = reward.title.trim();
  if (title !== '') return title;
  if (reward.type === 'money' && reward.amountCents !== null && reward.amountCents > 0) return moneyRewardTitle(reward.amountCents, currency);
  return reward.type.replace('_', ' ');
}
