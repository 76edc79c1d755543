import { z } from 'zod';
import { CONTEST_KINDS, RANK_BASES } from './mission-enums.js';

/** Contest settings of a campaign mission (product rule R21). */
export const ZContestSettings = z.object({
  type: z.enum(CONTEST_KINDS),
  displayLeaderboard: z.boolean(),
  rankLeadersBasedOn: z.enum(RANK_BASES),
  displayLeadersByUserInfo: z.boolean(),
  displayLeadersByStoreInfo: z.boolean(),
  displayLeadersByNumberSubmissions: z.boolean(),
  displayLeadersByTotalSalesAmount: z.boolean(),
  rulesAndRegulations: z.object({
    useCustom: z.boolean(),
    customUrl: z.string().max(2000),
  }),
});
export type TContestSettings = z.infer<typeof ZContestSettings>;
