import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export interface PromoteCampaignRow {
  id: number;
  name: string;
  type: 'general' | 'contest' | 'learning' | 'consumer';
  status: 'draft' | 'scheduled' | 'rejected' | 'active' | 'ended';
  start_date: Date | string | null;
  end_date: Date | string | null;
  time_zone: string;
  brand_name: string;
}

/** The actor's brand's campaign, or undefined (another brand's id included). */
export async function findBrandCampaign(db: DbOrTx, brandId: string, campaignId: number): Promise<PromoteCampaignRow | undefined> {
  return rowsOf<PromoteCampaignRow>(
    await db.execute(sql`select c.id, c.name, c.type, c.status, c.start_date, c.end_date, c.time_zone, b.name as brand_name
      from campaigns c join brands b on b.id = c.brand_id where c.id = ${campaignId} and c.brand_id = ${brandId}`),
  )[0];
}

/** Approved stores the campaign reaches by its scope (all, chosen stores, chosen groups). */
const reachedStores = (brandId: string, campaignId: number) => sql`
  select s.id, s.name, s.city, s.country_code from stores s, campaigns c
  where c.id = ${campaignId} and c.brand_id = ${brandId} and s.brand_id = ${brandId} and s.status = 'approved'
    and (c.scope_type = 'all'
      or (c.scope_type = 'store' and s.id = any(c.scope_pks))
      or (c.scope_type = 'group' and exists (select 1 from store_group_members m where m.store_id = s.id and m.group_id = any(c.scope_pks))))`;

/**
 * Who a store's promote mail goes to: its active managers with an email, else every active member of its staff with one;
 * addresses unsubscribed from the brand are left out (and counted apart).
 */
const storeAddresses = (brandId: string) => sql`
  select u.store_id, lower(u.email) as email from store_users u
  where u.brand_id = ${brandId} and u.email is not null and u.email <> '' and u.status = 'active'
    and (u.role = 'manager' or not exists (select 1 from store_users m where m.store_id = u.store_id and m.role = 'manager' and m.status = 'active' and m.email is not null and m.email <> ''))`;

export interface RecipientStoreRow {
  id: number;
  name: string;
  city: string;
  country_code: string;
  emails: number;
}

export async function reachRecipients(db: DbOrTx, brandId: string, campaignId: number, limit: number): Promise<RecipientStoreRow[]> {
  return rowsOf<RecipientStoreRow>(
    await db.execute(sql`with r as (${reachedStores(brandId, campaignId)}), a as (${storeAddresses(brandId)})
      select r.id, r.name, r.city, r.country_code,
        (select count(distinct a.email)::int from a where a.store_id = r.id
           and not exists (select 1 from promote_unsubscribes x where x.brand_id = ${brandId} and x.email = a.email)) as emails
      from r order by r.name, r.id limit ${limit}`),
  );
}

export interface AddressRow {
  store_id: number;
  store_name: string;
  email: string;
  unsubscribed: boolean;
}

/** The addresses of the chosen stores, only those in the campaign's reach. */
export async function addressesOf(db: DbOrTx, brandId: string, campaignId: number, storeIds: number[]): Promise<AddressRow[]> {
  return rowsOf<AddressRow>(
    await db.execute(sql`with r as (${reachedStores(brandId, campaignId)}), a as (${storeAddresses(brandId)})
      select distinct on (a.email) r.id as store_id, r.name as store_name, a.email,
        exists (select 1 from promote_unsubscribes x where x.brand_id = ${brandId} and x.email = a.email) as unsubscribed
      from r join a on a.store_id = r.id where r.id = any(${`{${storeIds.map((n) => Math.trunc(n)).join(',')}}`}::int[])
      order by a.email, r.id`),
  );
}

/** Serialises a brand's promote requests so two at once cannot both pass the daily limit. */
export async function lockBrandPromote(tx: DbOrTx, brandId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`promote:${brandId}`}))`);
}

export async function sentInLastDay(db: DbOrTx, brandId: string): Promise<number> {
  const [r] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from promote_deliveries
      where brand_id = ${brandId} and status <> 'unsubscribed' and created_at > now() - interval '24 hours'`),
  );
  return Number(r?.n ?? 0);
}

export async function insertSend(
  tx: DbOrTx,
  s: { brandId: string; campaignId: number; template: string; subject: string; language: string; createdBy: string },
): Promise<number> {
  const [r] = rowsOf<{ id: number }>(
    await tx.execute(sql`insert into promote_sends (brand_id, campaign_id, template, subject, language, created_by)
      values (${s.brandId}, ${s.campaignId}, ${s.template}, ${s.subject}, ${s.language}, ${s.createdBy}) returning id`),
  );
  return r!.id;
}

export async function insertDeliveries(tx: DbOrTx, brandId: string, sendId: number, rows: AddressRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`insert into promote_deliveries (brand_id, send_id, store_id, store_name, email, status)
    select ${brandId}, ${sendId}, x.store_id, x.store_name, x.email, x.status::promote_delivery_status
    from json_to_recordset(${JSON.stringify(rows.map((r) => ({ store_id: r.store_id, store_name: r.store_name, email: r.email, status: r.unsubscribed ? 'unsubscribed' : 'queued' })))}::json)
      as x(store_id int, store_name text, email text, status text)`);
}

export interface QueuedDeliveryRow {
  id: number;
  brand_id: string;
  email: string;
  store_name: string;
  template: string;
  subject: string;
  language: string;
  campaign_id: number;
}

export async function queuedDeliveries(db: DbOrTx, sendId: number): Promise<QueuedDeliveryRow[]> {
  return rowsOf<QueuedDeliveryRow>(
    await db.execute(sql`select d.id, d.brand_id, d.email, d.store_name, s.template, s.subject, s.language, s.campaign_id
      from promote_deliveries d join promote_sends s on s.id = d.send_id
      where d.send_id = ${sendId} and d.status = 'queued' order by d.id`),
  );
}

export async function sendsWithQueued(db: DbOrTx): Promise<number[]> {
  return rowsOf<{ send_id: number }>(await db.execute(sql`select distinct send_id from promote_deliveries where status = 'queued'`)).map((r) => r.send_id);
}

export async function isUnsubscribed(db: DbOrTx, brandId: string, email: string): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 from promote_unsubscribes where brand_id = ${brandId} and email = ${email}`)).length > 0;
}

export async function markDelivery(db: DbOrTx, id: number, status: 'sent' | 'failed' | 'unsubscribed', error: string | null): Promise<void> {
  await db.execute(sql`update promote_deliveries set status = ${status}::promote_delivery_status, error = ${error},
    sent_at = case when ${status} = 'sent' then now() else sent_at end where id = ${id} and status = 'queued'`);
}

export async function recordUnsubscribe(db: DbOrTx, brandId: string, email: string): Promise<void> {
  await db.execute(sql`insert into promote_unsubscribes (brand_id, email) values (${brandId}, ${email}) on conflict do nothing`);
  // Mail still queued to the address is not sent.
  await db.execute(sql`update promote_deliveries set status = 'unsubscribed' where brand_id = ${brandId} and email = ${email} and status = 'queued'`);
}

export async function brandName(db: DbOrTx, brandId: string): Promise<string | undefined> {
  return rowsOf<{ name: string }>(await db.execute(sql`select name from brands where id = ${brandId}`))[0]?.name;
}

export interface DeliveryLogRow {
  id: number;
  send_id: number;
  store_name: string;
  email: string;
  status: 'queued' | 'sent' | 'failed' | 'unsubscribed';
  error: string | null;
  created_at: Date | string;
  sent_at: Date | string | null;
}

export async function deliveryLog(db: DbOrTx, brandId: string, campaignId: number, limit: number): Promise<DeliveryLogRow[]> {
  return rowsOf<DeliveryLogRow>(
    await db.execute(sql`select d.id, d.send_id, d.store_name, d.email, d.status, d.error, d.created_at, d.sent_at
      from promote_deliveries d join promote_sends s on s.id = d.send_id
      where s.campaign_id = ${campaignId} and s.brand_id = ${brandId} order by d.id desc limit ${limit}`),
  );
}

export async function deliveryCounts(db: DbOrTx, brandId: string, campaignId: number): Promise<Record<string, number>> {
  const rows = rowsOf<{ status: string; n: number }>(
    await db.execute(sql`select d.status, count(*)::int as n from promote_deliveries d join promote_sends s on s.id = d.send_id
      where s.campaign_id = ${campaignId} and s.brand_id = ${brandId} group by d.status`),
  );
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}
