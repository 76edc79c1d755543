import { sql } from 'drizzle-orm';
import {
  submissionKindFor,
  type TContestSettings,
  type TMissionSubtype,
  type TMissionType,
  type TPlayCompletionBody,
} from '@rally/domain';
import type { Db, DbOrTx } from '../db/client.js';
import { AppError } from '../lib/app-error.js';
import { hashPassword } from '../modules/auth/auth.js';
import { createEngineCaches } from '../modules/engine/engine-caches.js';
import { recordCompletion } from '../modules/engine/record-completion.js';
import { stockOf, type ParticipantRef } from '../modules/engine/engine.repository.js';
import { DEMO_PASSWORD, type DemoBrandKey } from './demo-accounts.js';

/** Store users per demo brand who also sign in to /play with the demo password (the first ones of the brand). */
export const DEMO_PLAY_USERS_PER_BRAND = 3;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export function rng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (a: number, b: number) => a + Math.floor(next() * (b - a + 1)) };
}

interface Item {
  id: number;
  kind: 'question' | 'option' | 'field';
  data: Record<string, unknown>;
}

/** A plausible submission for a mission: mostly right answers, some sales. */
export function bodyFor(kind: ReturnType<typeof submissionKindFor>, items: Item[], r: ReturnType<typeof rng>): TPlayCompletionBody {
  const options = items.filter((i) => i.kind === 'option');
  const sold = () =>
    options.length === 0
      ? []
      : options.filter(() => r.next() < 0.5).slice(0, 3).map((o) => ({ itemId: o.id, quantity: r.int(1, 4) }));
  if (kind === 'learning')
    return {
      kind,
      answers: items
        .filter((i) => i.kind === 'question')
        .map((q) => {
          const d = q.data as { options?: { id: string }[]; correctOptionId?: string };
          const right = r.next() < 0.85;
          const wrong = (d.options ?? []).find((o) => o.id !== d.correctOptionId)?.id;
          return { itemId: q.id, optionId: (right ? d.correctOptionId : wrong) ?? d.correctOptionId ?? 'a' };
        }),
    };
  if (kind === 'general')
    return {
      kind,
      answers: items
        .filter((i) => i.kind === 'field')
        .map((f) => {
          // A demo photo answer names an upload that was never made (the seed has no image bytes).
          if (f.data['fieldType'] === 'photo') return { itemId: f.id, value: 'demo-photo' };
          const choices = (f.data['choices'] as string[] | undefined) ?? [];
          const type = f.data['fieldType'];
          return { itemId: f.id, value: type === 'number' ? r.int(1, 12) : type === 'choice' ? (choices[0] ?? null) : 'Done' };
        }),
    };
  if (kind === 'itemSold') {
    const items0 = sold();
    return { kind, items: items0.length ? items0 : options.slice(0, 1).map((o) => ({ itemId: o.id, quantity: 1 })), salesAmountCents: r.int(5, 80) * 100 };
  }
  return { kind: 'contest', items: sold(), salesAmountCents: r.int(5, 120) * 100 };
}

/**
 * Demo activity through the engine: participants of every active and ended demo campaign complete its
 * missions with recordCompletion — the same code path as POST /api/play/…/completions — so the demo has
 * real completions, ranks, issued codes and spent budgets. An ended campaign runs while briefly active,
 * then ends again; completion and unlock times are spread over the campaign's run afterwards.
 * Also gives the first store users of each brand the demo password for /play.
 */
export async function seedDemoActivity(db: DbOrTx, brandIds: Record<DemoBrandKey, string>): Promise<{ email: string; brand: string }[]> {
  const r = rng(20_250_101);
  // The seed's own engine caches: it runs before (or without) an app.
  const engineCaches = createEngineCaches();
  const hash = await hashPassword(DEMO_PASSWORD);
  const playUsers: { email: string; brand: string }[] = [];
  for (const [key, brandId] of Object.entries(brandIds)) {
    const users = rowsOf<{ id: number; email: string }>(
      await db.execute(sql`select u.id, u.email from store_users u join stores s on s.id = u.store_id
        where u.brand_id = ${brandId} and s.status = 'approved' and u.email is not null order by u.id limit ${DEMO_PLAY_USERS_PER_BRAND}`),
    );
    for (const u of users) {
      await db.execute(sql`update store_users set password_hash = ${hash} where id = ${u.id}`);
      playUsers.push({ email: u.email, brand: key });
    }
  }

  const campaigns = rowsOf<{ id: number; brand_id: string; type: string; status: string; start_date: Date | string | null; end_date: Date | string | null; scope_type: string; scope_pks: number[]; country_codes: string[] }>(
    await db.execute(sql`select id, brand_id, type, status, start_date, end_date, scope_type, scope_pks, country_codes from campaigns
      where status in ('active', 'ended') order by id`),
  );
  for (const c of campaigns) {
    const participants: ParticipantRef[] = [];
    if (c.type === 'consumer') {
      for (let i = 0; i < 6; i++) {
        const country = c.country_codes[i % Math.max(1, c.country_codes.length)] ?? 'US';
        const [made] = rowsOf<{ id: number }>(
          await db.execute(sql`insert into consumers (brand_id, email, name, country_code)
            values (${c.brand_id}, ${`shopper${i + 1}@consumer.test`}, ${`Shopper ${i + 1}`}, ${country})
            on conflict (brand_id, email) do update set name = excluded.name returning id`),
        );
        participants.push({ kind: 'consumer', id: made!.id, brandId: c.brand_id, storeId: null });
      }
    } else {
      const scope =
        c.scope_type === 'store'
          ? sql`and s.id = any(${`{${c.scope_pks.join(',')}}`}::int[])`
          : c.scope_type === 'group'
            ? sql`and s.id in (select store_id from store_group_members where group_id = any(${`{${c.scope_pks.join(',')}}`}::int[]))`
            : sql``;
      const users = rowsOf<{ id: number; store_id: number }>(
        await db.execute(sql`select u.id, u.store_id from store_users u join stores s on s.id = u.store_id
          where u.brand_id = ${c.brand_id} and s.status = 'approved' ${scope} order by u.id limit 8`),
      );
      for (const u of users) participants.push({ kind: 'store_user', id: u.id, brandId: c.brand_id, storeId: u.store_id });
    }
    if (participants.length === 0) continue;
    const missions = rowsOf<{ id: number; type: TMissionType; subtype: TMissionSubtype; contest: TContestSettings | null; items: Item[] | string }>(
      await db.execute(sql`select cm.id, m.type, m.subtype, cm.contest,
          coalesce((select json_agg(json_build_object('id', i.id, 'kind', i.kind, 'data', i.data) order by i."order") from mission_items i where i.mission_id = m.id), '[]'::json) as items
        from campaign_missions cm join missions m on m.id = cm.mission_id where cm.campaign_id = ${c.id} order by cm."order"`),
    );
    if (c.status === 'ended') await db.execute(sql`update campaigns set status = 'active' where id = ${c.id}`);
    let n = 0;
    // A running demo campaign keeps most of its codes and budget, so visitors can still win one.
    const codesAtStart = new Map((await stockOf(db, c.id)).map((x) => [x.rewardId, x]));
    const stillStocked = async () =>
      (await stockOf(db, c.id)).every((x) => {
        const at = codesAtStart.get(x.rewardId);
        if (x.codesLeft !== null && at?.codesLeft) return x.codesLeft > at.codesLeft * 0.6;
        if (x.budgetLeftCents !== null && at?.budgetLeftCents) return x.budgetLeftCents > at.budgetLeftCents * 0.6;
        return true;
      });
    for (const p of participants) {
      if (c.status === 'active' && !(await stillStocked())) break;
      for (const m of missions) {
        const items = typeof m.items === 'string' ? (JSON.parse(m.items) as Item[]) : m.items;
        const kind = submissionKindFor({ type: m.type, subtype: m.subtype, isContest: m.contest !== null });
        const times = r.int(1, m.contest ? 4 : 2);
        for (let i = 0; i < times; i++) {
          try {
            await recordCompletion({
              db: db as Db,
              caches: engineCaches,
              participant: p,
              campaignId: c.id,
              campaignMissionId: m.id,
              body: bodyFor(kind, items, r),
              idempotencyKey: `seed-${c.id}-${m.id}-${p.kind}-${p.id}-${i}`,
            });
            n++;
          } catch (e) {
            // Entries limits, a campaign its codes or budget ended, a mission without questions: the demo moves on.
            if (!(e instanceof AppError)) throw e;
          }
        }
      }
    }
    // Back to ended (unless the engine ended it already), then spread the activity over the run.
    if (c.status === 'ended') await db.execute(sql`update campaigns set status = 'ended' where id = ${c.id}`);
    if (n > 0 && c.start_date) {
      const start = new Date(c.start_date).getTime();
      const end = Math.min(Date.now(), c.end_date ? new Date(c.end_date).getTime() : Date.now());
      const span = Math.max(60, Math.floor((end - start) / 1000));
      await db.execute(sql`update completions set created_at = to_timestamp(${start / 1000} + random() * ${span}) where campaign_id = ${c.id}`);
      await db.execute(sql`update reward_unlocks u set created_at = x.created_at from completions x where x.id = u.completion_id and u.campaign_id = ${c.id}`);
      await db.execute(sql`update reward_codes rc set issued_at = u.created_at from reward_unlocks u where u.code_id = rc.id and u.campaign_id = ${c.id}`);
    }
  }
  return playUsers;
}
