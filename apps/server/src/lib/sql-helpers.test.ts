import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { isCodeReward, REWARD_TYPES } from '@rally/domain';
import { carriesCodes } from './sql-helpers.js';

describe('carriesCodes', () => {
  const client = new PGlite();
  const db = drizzle({ client });
  afterAll(() => client.close());

  it('answers in SQL what the domain answers for every reward type', async () => {
    const values = sql.join(
      REWARD_TYPES.map((type) => sql`(${type})`),
      sql`, `,
    );
    const { rows } = await db.execute<{ type: string; codes: boolean }>(
      sql`select t.type, ${carriesCodes(sql`t.type`)} as codes from (values ${values}) as t(type)`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.type, r.codes]))).toEqual(Object.fromEntries(REWARD_TYPES.map((type) => [type, isCodeReward(type)])));
  });
});
