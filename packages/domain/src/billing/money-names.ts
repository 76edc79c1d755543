/**
 * Money screens (the wallet ledger, invoice lines and the PDF, the CSV exports) name what money moved for: the
 * campaign by its name and the reward by its title. Rows written before names were kept in them say
 * `share of ""` (an untitled reward) or `campaign 12` (a bare number); these rules name them when they are read.
 */

/** `campaign 12` / `campaign #12` → `campaign "Summer push"`, when the row's campaign is that one. */
export function nameCampaignIn(text: string, campaign: { id: number | null; name: string | null }): string {
  if (campaign.id === null || !campaign.name) return text;
  return text.replace(new RegExp(`\\bcampaign #?${campaign.id}\\b`, 'g'), `campaign "${campaign.name}"`);
}

/** `of ""` (a reward whose title was empty when the row was written) → `of "$25 cash"`. */
export function nameRewardIn(text: string, rewardTitle: string | null): string {
  if (!rewardTitle) return text;
  return text.replace(/of ""/g, `of "${rewardTitle}"`);
}

/** A ledger row's note or an invoice line's description with its campaign and reward named. */
export function nameMoneyText(
  text: string,
  names: { campaignId: number | null; campaignName: string | null; rewardTitle?: string | null | undefined },
): string {
  return nameRewardIn(nameCampaignIn(text, { id: names.campaignId, name: names.campaignName }), names.rewardTitle ?? null);
}
