export const REWARD_TYPES = ['money', 'discount', 'free_product', 'gift_card', 'prize'] as const;
export type TRewardType = (typeof REWARD_TYPES)[number];

/** Rewards paid out as codes; each needs an expiration date at launch (product rule R12). */
export const CODE_REWARD_TYPES = ['gift_card', 'free_product', 'discount'] as const satisfies readonly TRewardType[];

/** Prize and money are listed first (product rule R30). */
export const REWARD_TYPE_ORDER: Record<TRewardType, number> = {
  prize: 0,
  money: 1,
  discount: 2,
  free_product: 3,
  gift_card: 4,
};

export const REWARD_SCOPES = ['campaign', 'mission'] as const;
export type TRewardScope = (typeof REWARD_SCOPES)[number];

export const ASSIGNMENT_TYPES = ['itemSold', 'salesAmount'] as const;
export const AMOUNT_THRESHOLD_TYPES = ['single', 'accumulated'] as const;

export const FILL_STATUSES = ['pending', 'filled'] as const;
export type TFillStatus = (typeof FILL_STATUSES)[number];
