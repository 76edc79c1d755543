import { stringify } from 'csv-stringify/sync';
import { activityValueText, neutraliseCell, type TActivityFilter, type TActivityQuery, type TBrandActivityEntry, type TBrandActivityPage } from '@rally/domain';
import type { Db } from '../../db/client.js';
import { invalid } from '../../lib/app-error.js';
import { requirePermission, type RequestActor } from '../auth/index.js';
import { listActivityRows, type ActivityCursor, type ActivityRow } from './activity.repository.js';

const toEntry = (r: ActivityRow): TBrandActivityEntry => ({
  id: `${r.src}${r.id}`,
  at: Math.floor(Date.parse(r.at_text) / 1000),
  actor: { kind: r.actor_kind as TBrandActivityEntry['actor']['kind'], id: r.actor_id, name: r.actor_name },
  action: r.action,
  subject: r.subject_type && r.subject_id ? { type: r.subject_type, id: r.subject_id, label: r.subject_label } : null,
  changes: r.changes ?? [],
});

const encodeCursor = (r: ActivityRow) => Buffer.from(`${r.at_text}|${r.src}|${r.id}`).toString('base64url');

function decodeCursor(cursor: string): ActivityCursor {
  const [at, src, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(at) || (src !== 'a' && src !== 'c') || !/^\d{1,10}$/.test(id ?? ''))
    throw invalid([{ path: 'cursor', message: 'a cursor from a previous page' }]);
  return { at, src, id: Number(id) };
}

async function page(db: Db, brandId: string, filter: TActivityFilter, cursor: ActivityCursor | null, limit: number) {
  // One row more than the page says whether another page follows.
  const rows = await listActivityRows(db, brandId, filter, cursor, limit + 1);
  const shown = rows.slice(0, limit);
  return { rows: shown, next: rows.length > limit ? shown[shown.length - 1]! : null };
}

/** The brand's activity log, newest first, filtered; analysts, finance, admins and owners read it (activity:read). */
export async function listActivity(db: Db, actor: RequestActor, query: TActivityQuery): Promise<TBrandActivityPage> {
  requirePermission(actor, 'activity:read');
  const { cursor, limit, ...filter } = query;
  const { rows, next } = await page(db, actor.brandId, filter, cursor ? decodeCursor(cursor) : null, limit);
  return { items: rows.map(toEntry), nextCursor: next ? encodeCursor(next) : null };
}

const HEADER = ['When (UTC)', 'Actor kind', 'Actor', 'Actor id', 'Action', 'Subject type', 'Subject id', 'Subject', 'Field', 'Old', 'New'];
const EXPORT_PAGE = 500;

/**
 * The same filter as CSV, one line per changed field (a line without changes is one line), written page by page so a
 * long log streams. Every text cell goes through the exports' one formula-injection guard (neutraliseCell).
 */
export async function* activityCsv(db: Db, actor: RequestActor, filter: TActivityFilter): AsyncGenerator<string> {
  requirePermission(actor, 'activity:read');
  yield stringify([HEADER]);
  let cursor: ActivityCursor | null = null;
  for (;;) {
    const { rows, next } = await page(db, actor.brandId, filter, cursor, EXPORT_PAGE);
    const lines: string[][] = [];
    for (const r of rows) {
      const head = [r.at_text, r.actor_kind, r.actor_name, r.actor_id ?? '', r.action, r.subject_type ?? '', r.subject_id ?? '', r.subject_label ?? ''];
      const changes = r.changes?.length ? r.changes : [null];
      for (const ch of changes) lines.push([...head, ch?.field ?? '', activityValueText(ch?.old), activityValueText(ch?.new)].map(neutraliseCell));
    }
    if (lines.length) yield stringify(lines);
    if (!next) return;
    cursor = { at: next.at_text, src: next.src, id: next.id };
  }
}
