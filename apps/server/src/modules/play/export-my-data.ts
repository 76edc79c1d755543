import type { TPlayExport } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { unauthenticated } from '../../lib/app-error.js';
import type { PlayActor } from './play-session.js';
import {
  completionsPage,
  notificationsPage,
  profileOf,
  unlocksPage,
  type ExportCompletionRow,
  type ExportUnlockRow,
} from './play-self-service.repository.js';

/** Rows read per query: a participant with years of entries is streamed out in pages, never held whole. */
const PAGE = 500;

const epoch = (d: Date | string) => Math.floor(new Date(d).getTime() / 1000);
const json = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);

type TCompletion = TPlayExport['completions'][number];
type TUnlock = TPlayExport['unlocks'][number];

const completionOut = (r: ExportCompletionRow): TCompletion => ({
  id: Number(r.id),
  campaignId: r.campaign_id,
  campaignName: r.campaign_name,
  missionTitle: r.mission_title,
  status: r.status,
  answers: json(r.answers) ?? null,
  itemsSold: json(r.items_sold) ?? [],
  salesAmountCents: Number(r.sales_amount_cents),
  score: r.score,
  passed: r.passed,
  createdAt: epoch(r.created_at),
});

const unlockOut = (r: ExportUnlockRow): TUnlock => ({
  id: Number(r.id),
  campaignName: r.campaign_name,
  rewardTitle: r.reward_title,
  type: r.type,
  status: r.status,
  code: r.code,
  amountCents: r.amount_cents === null ? null : Number(r.amount_cents),
  prizeForm: json(r.prize_form) ?? null,
  createdAt: epoch(r.created_at),
});

/** Reads one kind of row page after page (keyset on id) and writes each as an element of a JSON array. */
async function* arrayOf<R extends { id: unknown }, O>(
  read: (afterId: number) => Promise<R[]>,
  out: (row: R) => O,
): AsyncGenerator<string> {
  yield '[';
  let afterId = 0;
  let first = true;
  for (;;) {
    const rows = await read(afterId);
    for (const row of rows) {
      yield `${first ? '' : ','}${JSON.stringify(out(row))}`;
      first = false;
    }
    if (rows.length < PAGE) break;
    afterId = Number(rows[rows.length - 1]!.id);
  }
  yield ']';
}

export interface ExportMyDataOptions {
  db: Db;
  actor: PlayActor;
}

/**
 * Everything of the signed-in participant's (decision 0027), as the chunks of one JSON document (ZPlayExport):
 * profile, completions with their answers, unlocks with codes and prize forms, the inbox. Every read is by this
 * participant's id and brand, so nobody else's rows can appear. The profile is read first: a deleted account is 401.
 */
export async function exportMyData({ db, actor }: ExportMyDataOptions): Promise<AsyncGenerator<string>> {
  const profile = await profileOf(db, actor);
  if (!profile) throw unauthenticated();
  const head: Omit<TPlayExport, 'completions' | 'unlocks' | 'notifications'> = {
    exportedAt: Math.floor(Date.now() / 1000),
    profile: {
      kind: actor.kind,
      id: actor.id,
      name: profile.name,
      email: profile.email,
      brandName: profile.brand_name,
      storeName: profile.store_name,
      countryCode: profile.country_code,
      language: profile.language,
      timeZone: profile.time_zone,
      createdAt: epoch(profile.created_at),
    },
  };
  async function* chunks(): AsyncGenerator<string> {
    yield JSON.stringify(head).slice(0, -1);
    yield ',"completions":';
    yield* arrayOf((after) => completionsPage(db, actor, after, PAGE), completionOut);
    yield ',"unlocks":';
    yield* arrayOf((after) => unlocksPage(db, actor, after, PAGE), unlockOut);
    yield ',"notifications":';
    yield* arrayOf((after) => notificationsPage(db, actor, after, PAGE) as Promise<({ id: unknown } & Record<string, unknown>)[]>, (r) => r);
    yield '}';
  }
  return chunks();
}
