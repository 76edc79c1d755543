import pg from 'pg';
import { createDatabase, insertBrand, insertMember, insertPasswordUser } from '@rally/server';
import { numberArg, parseArgs } from './lib/args.js';
import { adminUrl, BENCH_BRAND, BENCH_DATABASE_URL, BENCH_USER, databaseName } from './lib/bench-config.js';

// Seeds one brand with production-sized data for the benchmarks. Rows are generated
// inside PostgreSQL (INSERT … SELECT … generate_series) so a million rows cost one
// round trip; values are derived from the row number, so reruns produce the same data.

const args = parseArgs(process.argv.slice(2));
const counts = {
  stores: numberArg(args, 'stores', 100_000),
  users: numberArg(args, 'users', 1_000_000),
  campaigns: numberArg(args, 'campaigns', 100_000),
  groups: numberArg(args, 'groups', 2_000),
};
const GROUP_SIZE = numberArg(args, 'group-size', 50);
const reset = args.has('reset');
const databaseUrl = BENCH_DATABASE_URL;

const started = performance.now();
async function step<T>(label: string, work: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const result = await work();
  console.log(`${label.padEnd(44)} ${((performance.now() - t0) / 1000).toFixed(2).padStart(8)} s`);
  return result;
}

await step('database exists', () => ensureDatabase(databaseUrl));
const database = createDatabase({ databaseUrl, poolSize: 2 });
await step('migrations', () => database.migrate());

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
// A throw-away data set: losing the last commits in a crash costs nothing, waiting for fsync costs time.
await client.query(`set synchronous_commit = off`);
await client.query(`set maintenance_work_mem = '256MB'`);
await client.query(`set work_mem = '64MB'`);

try {
  const existing = await client.query<{ id: string }>('select id from brands where slug = $1', [BENCH_BRAND.slug]);
  if (existing.rows[0] && !reset) {
    const summary = await client.query<{ stores: number; users: number; campaigns: number; groups: number }>(
      `select (select count(*)::int from stores where brand_id = $1) as stores,
              (select count(*)::int from store_users where brand_id = $1) as users,
              (select count(*)::int from campaigns where brand_id = $1) as campaigns,
              (select count(*)::int from store_groups where brand_id = $1) as groups`,
      [existing.rows[0].id],
    );
    console.log('The bench brand is already seeded:', summary.rows[0], '- pass --reset to rebuild it.');
  } else {
    if (existing.rows[0]) await step('reset: delete the bench brand', () => deleteBenchBrand(existing.rows[0]!.id));
    await seed();
  }
} finally {
  await client.end();
  await database.close();
}
console.log(`${'total'.padEnd(44)} ${((performance.now() - started) / 1000).toFixed(2).padStart(8)} s`);

async function ensureDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

async function deleteBenchBrand(brandId: string): Promise<void> {
  // Children first, biggest tables by brand index, so the cascade from brands has little left to find.
  await client.query('begin');
  for (const table of ['store_group_members', 'store_users', 'store_groups', 'campaigns', 'stores', 'missions']) {
    await client.query(`delete from ${table} where brand_id = $1`, [brandId]);
  }
  await client.query('delete from brands where id = $1', [brandId]);
  await client.query('delete from users where email = $1', [BENCH_USER.email]);
  await client.query('commit');
}

async function seed(): Promise<void> {
  const { brandId, userId } = await step('brand, sign-in user, membership', async () => {
    await client.query('delete from users where email = $1', [BENCH_USER.email]);
    const brandId = await insertBrand(database.db, BENCH_BRAND);
    const userId = await insertPasswordUser(database.db, BENCH_USER.email, BENCH_USER.name, BENCH_USER.password);
    await insertMember(database.db, brandId, userId, 'owner');
    return { brandId, userId };
  });

  // Eight countries with two cities each; the store number picks the city.
  await step(`stores (${counts.stores.toLocaleString('en')})`, () =>
    client.query(
      `with city(idx, name, region, country, postal, lat, lng) as (values
         (0, 'Austin', 'TX', 'US', '78701', 30.2672, -97.7431), (1, 'New York', 'NY', 'US', '10001', 40.7128, -74.0060),
         (2, 'Toronto', 'ON', 'CA', 'M5V 2T6', 43.6532, -79.3832), (3, 'Vancouver', 'BC', 'CA', 'V6B 1A1', 49.2827, -123.1207),
         (4, 'Ciudad de México', 'CDMX', 'MX', '06600', 19.4326, -99.1332), (5, 'Monterrey', 'N.L.', 'MX', '64000', 25.6866, -100.3161),
         (6, 'London', 'England', 'GB', 'W1D 1BS', 51.5074, -0.1278), (7, 'Manchester', 'England', 'GB', 'M1 1AE', 53.4808, -2.2426),
         (8, 'Paris', 'Île-de-France', 'FR', '75011', 48.8566, 2.3522), (9, 'Lyon', 'Auvergne-Rhône-Alpes', 'FR', '69002', 45.7640, 4.8357),
         (10, 'Madrid', 'Comunidad de Madrid', 'ES', '28013', 40.4168, -3.7038), (11, 'Barcelona', 'Cataluña', 'ES', '08001', 41.3874, 2.1686),
         (12, 'Berlin', 'Berlin', 'DE', '10117', 52.5200, 13.4050), (13, 'München', 'Bayern', 'DE', '80331', 48.1351, 11.5820),
         (14, 'São Paulo', 'SP', 'BR', '01310-100', -23.5505, -46.6333), (15, 'Rio de Janeiro', 'RJ', 'BR', '20040-020', -22.9068, -43.1729)
       ),
       n as (select g, (hashint4(g)::bigint & 2147483647) as h from generate_series(1, $2::int) g)
       insert into stores (brand_id, name, street, city, region, postal_code, country_code, formatted_address,
                           lat, lng, status, ref_id, weight, total_users, created_at)
       select $1, 'Bench ' || city.name || ' #' || lpad(n.g::text, 6, '0'),
              (1 + n.h % 2900)::text || ' Main Street', city.name, city.region, city.postal, city.country,
              (1 + n.h % 2900)::text || ' Main Street, ' || city.postal || ' ' || city.name || ', ' || city.country,
              city.lat + ((n.h % 1000) - 500) / 10000.0, city.lng + (((n.h / 1000) % 1000) - 500) / 10000.0,
              (case when n.h % 20 < 17 then 'approved' when n.h % 20 < 19 then 'pending' else 'inactive' end)::store_status,
              'ST-' || lpad(n.g::text, 6, '0'), (n.h / 7) % 1000, 0,
              now() - ((n.h % 1095) || ' days')::interval
       from n join city on city.idx = n.g % 16`,
      [brandId, counts.stores],
    ),
  );

  // Users land on stores through a hash of their number, so stores get uneven, realistic head counts.
  await step(`store users (${counts.users.toLocaleString('en')})`, () =>
    client.query(
      `with s as (select id, (row_number() over (order by id) - 1)::bigint as rn from stores where brand_id = $1),
            total as (select count(*) as c from s)
       insert into store_users (brand_id, store_id, name, email, role, created_at)
       select $1, s.id, 'Bench User ' || g, 'user' || g || '@bench-stores.test',
              case when g % 10 = 0 then 'manager' else 'employee' end, now() - ((g % 900) || ' days')::interval
       from generate_series(1, $2::int) g
       cross join total
       join s on s.rn = ((hashint4(g)::bigint & 2147483647) % total.c)`,
      [brandId, counts.users],
    ),
  );

  await step('stores.total_users from store_users', () =>
    client.query(
      `update stores s set total_users = u.n
       from (select store_id, count(*)::int as n from store_users where brand_id = $1 group by store_id) u
       where s.id = u.store_id`,
      [brandId],
    ),
  );

  await step(`store groups (${counts.groups.toLocaleString('en')})`, () =>
    client.query(
      `insert into store_groups (brand_id, name, status, weight, created_at)
       select $1, 'Bench group ' || lpad(g::text, 5, '0'),
              (case when g % 25 = 0 then 'inactive' else 'approved' end)::store_status, g % 100,
              now() - ((g % 700) || ' days')::interval
       from generate_series(1, $2::int) g`,
      [brandId, counts.groups],
    ),
  );

  // Fresh statistics, or the planner guesses the join below from empty tables (5x slower).
  await step('analyze stores, groups', () => client.query('analyze stores, store_groups'));

  // Group i takes stores i*size … i*size+size-1 of a fixed permutation of the stores
  // (multiplying by a prime coprime with the count), so groups do not overlap while they fit.
  await step(`group members (~${GROUP_SIZE} stores per group)`, () =>
    client.query(
      `with s as (select id, (row_number() over (order by id) - 1)::bigint as rn from stores where brand_id = $1),
            total as (select count(*) as c from s),
            gr as (select id, (row_number() over (order by id) - 1)::bigint as rn from store_groups where brand_id = $1)
       insert into store_group_members (brand_id, group_id, store_id)
       select $1, gr.id, s.id
       from gr cross join generate_series(0, $2::int - 1) k cross join total
       join s on s.rn = ((gr.rn * $2::int + k) * 7919) % total.c
       on conflict do nothing`,
      [brandId, GROUP_SIZE],
    ),
  );

  const reach = await client.query<{ stores: number; users: number; groups: number }>(
    `select (select count(*)::int from stores where brand_id = $1 and status = 'approved') as stores,
            (select coalesce(sum(total_users), 0)::int from stores where brand_id = $1 and status = 'approved') as users,
            (select count(*)::int from store_groups where brand_id = $1 and status = 'approved') as groups`,
    [brandId],
  );
  const r = reach.rows[0] ?? { stores: 0, users: 0, groups: 0 };

  // Status by hash: 30% draft, 10% scheduled, 5% rejected, 20% active, 35% ended;
  // created over the last two years, dates consistent with the status.
  await step(`campaigns (${counts.campaigns.toLocaleString('en')})`, () =>
    client.query(
      `with n as (select g, (hashint4(g)::bigint & 2147483647) as h from generate_series(1, $2::int) g),
       c as (
         select g, h,
                (array['general','contest','learning','consumer'])[1 + g % 4] as type,
                case when h % 100 < 30 then 'draft' when h % 100 < 40 then 'scheduled' when h % 100 < 45 then 'rejected'
                     when h % 100 < 65 then 'active' else 'ended' end as status,
                now() - ((h % (730 * 86400)) || ' seconds')::interval as created_at
         from n),
       d as (
         select c.*,
                case status when 'draft' then null
                            when 'scheduled' then now() + ((1 + h % 60) || ' days')::interval
                            when 'rejected' then now() + ((1 + h % 30) || ' days')::interval
                            when 'active' then now() - ((1 + h % 20) || ' days')::interval
                            else least(created_at + interval '3 days', now() - interval '10 days') end as start_date,
                case status when 'draft' then null
                            when 'scheduled' then now() + ((61 + h % 60) || ' days')::interval
                            when 'rejected' then now() + ((31 + h % 30) || ' days')::interval
                            when 'active' then now() + ((1 + h % 40) || ' days')::interval
                            else least(created_at + interval '33 days', now() - interval '1 day') end as end_date
         from c)
       insert into campaigns (brand_id, public_uid, name, type, status, shared_campaign, finish_criteria, start_date, end_date,
                              time_zone, completion_progress, reach_groups, reach_stores, reach_users, scope_type,
                              created_by, created_at, updated_at, launched_at, ended_at)
       select $1,
              'bench' || lpad(to_hex(g), 8, '0'),
              (array['Summer','Winter','Spring','Autumn','Holiday','Weekend','Q1','Q2','Q3','Q4'])[1 + h % 10] || ' ' ||
                (array['sales sprint','product training','shelf check','selfie giveaway','display contest','cold brew push',
                       'store walk','flavour vote'])[1 + (h / 10) % 8] || ' #' || g,
              d.type::campaign_type, d.status::campaign_status, false, '{days_over}', d.start_date, d.end_date,
              (array['America/New_York','America/New_York','America/New_York','Europe/Madrid','America/Mexico_City'])[1 + h % 5],
              case when d.status = 'draft' then (h % 101)::int else 100 end,
              case when d.status = 'draft' then 0 else $4::int end,
              case when d.status = 'draft' then 0 else $5::int end,
              case when d.status = 'draft' then 0 else $6::int end,
              'all', $3, d.created_at, d.created_at + interval '1 hour',
              case when d.status in ('active', 'ended') then d.start_date end,
              case when d.status = 'ended' then d.end_date end
       from d`,
      [brandId, counts.campaigns, userId, r.groups, r.stores, r.users],
    ),
  );

  await step('analyze', () => client.query('analyze'));
  console.log(
    `Bench brand ${brandId}: ${r.stores.toLocaleString('en')} approved stores, ${r.users.toLocaleString('en')} users in them, ${r.groups.toLocaleString('en')} approved groups. Sign in as ${BENCH_USER.email} / ${BENCH_USER.password}.`,
  );
}
