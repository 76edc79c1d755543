import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_STATUSES, CAMPAIGN_TYPES, MISSION_TYPES, ZContestSettings } from '@rally/domain';
import { createTestApp, type TestApp } from '../testing/test-app.js';

describe('demo content seed', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ content: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives the owner brand at least 220 stores spread over at least 6 countries with postal addresses', async () => {
    const [row] = await t.database.rows<{ stores: number; countries: number; approved: number }>(sql`
      select count(*)::int as stores, count(distinct country_code)::int as countries,
             count(*) filter (where status = 'approved')::int as approved
      from stores where brand_id = ${t.brandIds.owner}`);
    expect(row?.stores).toBeGreaterThanOrEqual(220);
    expect(row?.countries).toBeGreaterThanOrEqual(6);
    expect(row?.approved).toBeGreaterThan((row?.stores ?? 0) / 2);
    const [retailer] = await t.database.rows<{ n: number }>(
      sql`select count(*)::int as n from stores where brand_id = ${t.brandIds.retailer}`,
    );
    expect(retailer?.n).toBeGreaterThanOrEqual(60);
    const sample = await t.database.rows<{ formatted_address: string; city: string; postal_code: string }>(
      sql`select formatted_address, city, postal_code from stores where brand_id = ${t.brandIds.owner} limit 50`,
    );
    for (const s of sample) {
      expect(s.formatted_address).toContain(s.city);
      expect(s.formatted_address).toContain(s.postal_code);
    }
  });

  it('keeps the leading zeros of store reference ids', async () => {
    const refs = await t.database.rows<{ ref_id: string }>(
      sql`select ref_id from stores where brand_id = ${t.brandIds.owner} order by ref_id limit 3`,
    );
    expect(refs.map((r) => r.ref_id)).toEqual(['ST-00001', 'ST-00002', 'ST-00003']);
  });

  it('keeps every store total_users equal to its number of store users', async () => {
    const mismatches = await t.database.rows<{ id: number }>(sql`
      select s.id from stores s
      left join (select store_id, count(*)::int as n from store_users group by store_id) u on u.store_id = s.id
      where s.total_users <> coalesce(u.n, 0)`);
    expect(mismatches).toEqual([]);
    const [range] = await t.database.rows<{ min: number; max: number }>(
      sql`select min(total_users)::int as min, max(total_users)::int as max from stores`,
    );
    expect(range?.min).toBeGreaterThanOrEqual(2);
    expect(range?.max).toBeLessThanOrEqual(9);
  });

  it('groups the owner stores into at least 10 groups with members', async () => {
    const groups = await t.database.rows<{ name: string; members: number }>(sql`
      select g.name, count(m.store_id)::int as members from store_groups g
      join store_group_members m on m.group_id = g.id
      where g.brand_id = ${t.brandIds.owner} group by g.name`);
    expect(groups.length).toBeGreaterThanOrEqual(10);
    expect(groups.map((g) => g.name)).toEqual(expect.arrayContaining(['Texas', 'Paris', 'Flagship stores']));
  });

  it('seeds every campaign type in every status for the owner brand', async () => {
    const rows = await t.database.rows<{ type: string; status: string }>(
      sql`select distinct type::text, status::text from campaigns where brand_id = ${t.brandIds.owner}`,
    );
    const present = new Set(rows.map((r) => `${r.type}/${r.status}`));
    for (const type of CAMPAIGN_TYPES)
      for (const status of CAMPAIGN_STATUSES) expect(present).toContain(`${type}/${status}`);
  });

  it('dates campaigns by status: scheduled in the future, active spanning now, ended in the past', async () => {
    const rows = await t.database.rows<{ status: string; bad: number }>(sql`
      select status::text, count(*) filter (where not case status
        when 'scheduled' then start_date > now()
        when 'active' then start_date <= now() and end_date > now()
        when 'ended' then end_date < now()
        else true end)::int as bad
      from campaigns group by status`);
    expect(rows.every((r) => r.bad === 0)).toBe(true);
  });

  it('gives launched owner campaigns the reach of all approved stores and their users', async () => {
    const [expected] = await t.database.rows<{ stores: number; users: number }>(sql`
      select count(*)::int as stores, sum(total_users)::int as users
      from stores where brand_id = ${t.brandIds.owner} and status = 'approved'`);
    const launched = await t.database.rows<{ reach_stores: number; reach_users: number; completion_progress: number }>(
      sql`select reach_stores, reach_users, completion_progress from campaigns
          where brand_id = ${t.brandIds.owner} and status <> 'draft'`,
    );
    expect(launched.length).toBeGreaterThan(0);
    for (const c of launched) {
      expect(c.reach_stores).toBe(expected?.stores);
      expect(c.reach_users).toBe(expected?.users);
      expect(c.completion_progress).toBe(100);
    }
  });

  it('fills the mission library with every mission type, each with items of the right kind', async () => {
    const rows = await t.database.rows<{ type: string; subtype: string; kinds: string[]; items: number }>(sql`
      select m.type::text, m.subtype::text, array_agg(distinct i.kind::text) as kinds, count(i.id)::int as items
      from missions m join mission_items i on i.mission_id = m.id
      where m.brand_id = ${t.brandIds.owner} group by m.id`);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    for (const type of MISSION_TYPES) expect(rows.some((r) => r.type === type && r.items > 0)).toBe(true);
    expect(rows.filter((r) => r.type === 'learning').every((r) => r.kinds.join() === 'question')).toBe(true);
    expect(rows.filter((r) => r.subtype === 'itemSold').every((r) => r.kinds.join() === 'option')).toBe(true);
    expect(rows.filter((r) => r.type === 'general').every((r) => r.kinds.join() === 'field')).toBe(true);
    const [missionless] = await t.database.rows<{ n: number }>(sql`
      select count(*)::int as n from missions m
      where not exists (select 1 from mission_items i where i.mission_id = m.id)`);
    expect(missionless?.n).toBe(0);
  });

  it('places missions in campaigns with valid contest settings and reachable passing grades', async () => {
    const rows = await t.database.rows<{
      type: string;
      contest: unknown;
      passing_grade: number | null;
      items: number;
    }>(sql`
      select c.type::text, cm.contest, cm.passing_grade,
             (select count(*)::int from mission_items i where i.mission_id = cm.mission_id) as items
      from campaign_missions cm join campaigns c on c.id = cm.campaign_id`);
    for (const r of rows.filter((x) => x.type === 'contest'))
      expect(ZContestSettings.safeParse(r.contest).success).toBe(true);
    for (const r of rows.filter((x) => x.type === 'learning')) {
      expect(r.passing_grade).toBeGreaterThanOrEqual(1);
      expect(r.passing_grade).toBeLessThanOrEqual(r.items);
    }
  });

  it('gives code rewards codes that keep their leading zeros', async () => {
    const codes = await t.database.rows<{ code: string }>(sql`select code from reward_codes`);
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.every((c) => /^\d{8}$/.test(c.code))).toBe(true);
    expect(codes.some((c) => c.code.startsWith('0'))).toBe(true);
  });

  it('invites the partner brand to a shared retailer contest', async () => {
    const rows = await t.database.rows<{ invite_status: string; shared_campaign: boolean; type: string }>(sql`
      select p.invite_status::text, c.shared_campaign, c.type::text from campaign_partners p
      join campaigns c on c.id = p.campaign_id
      where c.brand_id = ${t.brandIds.retailer} and p.partner_brand_id = ${t.brandIds.partner}`);
    expect(rows).toContainEqual({ invite_status: 'SENT', shared_campaign: true, type: 'contest' });
    // The open invite asks Peak Snacks to fill a money reward with its own budget; the accepted one was filled and paid.
    const supplies = await t.database.rows<{ status: string; fill: string; budget: number; paid: number }>(sql`
      select p.invite_status::text as status, rp.fill_status::text as fill, rp.budget_cents::int as budget, rp.paid_cents::int as paid
      from reward_partners rp join rewards r on r.id = rp.reward_id
      join campaign_partners p on p.campaign_id = r.campaign_id and p.partner_brand_id = rp.partner_brand_id
      where rp.partner_brand_id = ${t.brandIds.partner} order by p.invite_status`);
    expect(supplies).toContainEqual({ status: 'SENT', fill: 'pending', budget: 50_000, paid: 0 });
    expect(supplies).toContainEqual({ status: 'ACCEPTED', fill: 'filled', budget: 150_000, paid: 150_000 });
  });

  it('credits every demo wallet through a ledger row marked as a demo credit', async () => {
    const rows = await t.database.rows<{ id: string; balance: number; credited: number }>(sql`
      select b.id, b.wallet_balance_cents::int as balance,
             coalesce((select sum(amount_cents)::int from wallet_ledger l
                       where l.brand_id = b.id and l.note = 'demo credit' and l.kind = 'adjustment'), 0) as credited
      from brands b`);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const r of rows) {
      expect(r.credited).toBeGreaterThan(0);
      expect(r.balance).toBe(r.credited);
    }
  });

  it('gives every launched consumer campaign the countries it reaches', async () => {
    const rows = await t.database.rows<{ name: string; country_codes: string[]; selected_countries: { code: string }[] }>(sql`
      select name, country_codes, selected_countries from campaigns where type = 'consumer' and status <> 'draft'`);
    expect(rows.map((r) => r.name)).toContain('Summer selfie giveaway');
    for (const r of rows) {
      expect(r.country_codes.length).toBeGreaterThan(0);
      expect(r.selected_countries.map((c) => c.code)).toEqual(r.country_codes);
    }
  });

  it('lists the seeded campaigns through the API', async () => {
    const cookie = await t.signIn('owner@brand.test');
    const res = await t.app.inject({ method: 'GET', url: '/api/campaign/bundle?currentPage=1', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ items: unknown[]; _meta: { totalCount: number } }>();
    expect(body._meta.totalCount).toBeGreaterThanOrEqual(20);
    expect(body.items).toHaveLength(10);
  });
});
