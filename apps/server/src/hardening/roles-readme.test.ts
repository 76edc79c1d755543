import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rolesTable } from './roles-table.js';

/**
 * README's "Roles" table is the domain's permission table written out (packages/domain/src/auth/permissions.ts):
 * this test writes it the same way and compares, so the two cannot drift. On a change to the table, paste the
 * expected table the failure shows (or `npx tsx apps/server/src/hardening/roles-table.ts`) between the README's roles-table markers.
 */

const README = fileURLToPath(new URL('../../../../README.md', import.meta.url));
const START = '<!-- roles-table:start (generated from packages/domain/src/auth/permissions.ts; checked by a test) -->';
const END = '<!-- roles-table:end -->';

describe('README roles table', () => {
  it("is the domain's permission table, role by role and resource by resource", () => {
    const readme = readFileSync(README, 'utf8');
    const start = readme.indexOf(START);
    const end = readme.indexOf(END);
    expect(start, `README.md needs the markers ${START} … ${END}`).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    const documented = readme.slice(start + START.length, end).trim();
    expect(documented, `README.md's roles table should be:\n${rolesTable()}`).toBe(rolesTable());
  });
});
