import { brandIdColumn } from './columns.js';
import { bigint, boolean, index, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.js';
import { campaignMissions } from './missions.js';
import { rewardCodes, rewards } from './rewards.js';
import { storeUsers, stores } from './stores.js';

/** A participant's submission of a mission in a running campaign (for reports and unlocks). */
export const completions = pgTable(
  'completions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    campaignMissionId: integer('campaign_mission_id')
      .notNull()
      .references(() => campaignMissions.id, { onDelete: 'cascade' }),
    storeUserId: integer('store_user_id').references(() => storeUsers.id, { onDelete: 'set null' }),
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'set null' }),
    salesAmountCents: bigint('sales_amount_cents', { mode: 'number' }).notNull().default(0),
    itemsSold: jsonb('items_sold').$type<{ itemId: number; quantity: number }[]>().notNull().default([]),
    score: integer('score'),
    passed: boolean('passed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('completions_campaign_idx').on(t.campaignId, t.createdAt)],
);

/** A reward a participant unlocked, with the code issued where the reward has codes. */
export const rewardUnlocks = pgTable(
  'reward_unlocks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: brandIdColumn(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    rewardId: integer('reward_id')
      .notNull()
      .references(() => rewards.id, { onDelete: 'cascade' }),
    storeUserId: integer('store_user_id').references(() => storeUsers.id, { onDelete: 'set null' }),
    completionId: bigint('completion_id', { mode: 'number' }).references(() => completions.id, { onDelete: 'set null' }),
    codeId: bigint('code_id', { mode: 'number' }).references(() => rewardCodes.id, { onDelete: 'set null' }),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reward_unlocks_reward_idx').on(t.rewardId)],
);
