export const STORE_STATUSES = ['approved', 'pending', 'rejected', 'inactive'] as const;
export type TStoreStatus = (typeof STORE_STATUSES)[number];
