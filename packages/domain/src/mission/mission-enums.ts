/** Library missions are made for one campaign type; itemSold is a subtype whose items are products sold. */
export const MISSION_TYPES = ['general', 'contest', 'learning', 'consumer'] as const;
export type TMissionType = (typeof MISSION_TYPES)[number];

export const MISSION_SUBTYPES = ['standard', 'itemSold'] as const;
export type TMissionSubtype = (typeof MISSION_SUBTYPES)[number];

export const MISSION_STATUSES = ['incomplete', 'ready', 'pending_launch'] as const;
export type TMissionStatus = (typeof MISSION_STATUSES)[number];

/** Items of a mission: quiz questions (learning), survey options (itemSold), form fields (general). */
export const MISSION_ITEM_KINDS = ['question', 'option', 'field'] as const;
export type TMissionItemKind = (typeof MISSION_ITEM_KINDS)[number];

export const FORM_FIELD_TYPES = ['photo', 'text', 'number', 'choice'] as const;
export type TFormFieldType = (typeof FORM_FIELD_TYPES)[number];

export const CONTEST_KINDS = ['user', 'store'] as const;
export const RANK_BASES = ['numbers_submissions', 'sales_amount'] as const;
