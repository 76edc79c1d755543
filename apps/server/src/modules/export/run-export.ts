import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { EXPORT_LIMITS } from '@rally/domain';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import { renderEmail } from '../../lib/email-template.js';
import { exportLinkPath } from './export-link.js';
import { openExportFile } from './export-file.js';
import { exportSource } from './export-sources.js';
import { streamExport } from './export-stream.js';
import { exportStatus, findExportById, updateExportIf, type ExportRow } from './export.repository.js';

export interface ExportRunnerOptions {
  db: Db;
  dataDir: string;
  secret: string;
  publicUrl: string;
  mailer: Mailer;
  /** Most rows per database read (default EXPORT_LIMITS.batchRows; the first reads are smaller, export-stream.ts). */
  batchRows?: number;
}

export const exportFilePath = (dataDir: string, row: Pick<ExportRow, 'id' | 'brandId' | 'format'>) =>
  path.resolve(dataDir, 'exports', row.brandId, `${row.id}.${row.format}`);

const KIND_TITLES = { completions: 'completions', codes: 'reward codes', stores: 'stores' } as const;

/**
 * The export job: reads the rows in batches and streams them into the file (no whole result in memory),
 * storing progress after each batch and stopping when the export was cancelled. A failure is stored on the
 * export (shown on the Exports screen) rather than retried: the job is not re-run by the queue.
 */
export async function runExport(options: ExportRunnerOptions, exportId: string): Promise<void> {
  const { db, dataDir } = options;
  const found = await findExportById(db, exportId);
  if (!found || (found.status !== 'queued' && found.status !== 'running')) return;
  const row = await updateExportIf(db, exportId, ['queued', 'running'], { status: 'running', startedAt: new Date(), rowsDone: 0, error: null });
  if (!row) return;
  const file = exportFilePath(dataDir, row);
  const part = `${file}.part`;
  let writer: ReturnType<typeof openExportFile> | null = null;
  try {
    const source = exportSource(db, row.kind, row.brandId, row.filters, row.timeZone);
    await mkdir(path.dirname(file), { recursive: true });
    writer = openExportFile(part, row.format, source.header);
    // Counted once the first rows are read, not before them: the first rows reach the file without waiting for it.
    let total = 0;
    let counting: Promise<void> = Promise.resolve();
    const startCount = () => {
      counting = source.count().then(async (n) => {
        total = n;
        if (row.format === 'xlsx' && n > EXPORT_LIMITS.xlsxRows) return;
        await updateExportIf(db, exportId, ['running'], { rowsTotal: n });
      });
      counting.catch(() => undefined);
    };
    const open = writer;
    const { done, complete } = await streamExport({
      source,
      maxBatchRows: options.batchRows ?? EXPORT_LIMITS.batchRows,
      write: (rows) => open.write(rows),
      async afterBatch(rowsDone, index) {
        if (index === 0) startCount();
        if (row.format === 'xlsx' && rowsDone > EXPORT_LIMITS.xlsxRows) {
          throw new Error(`more rows than fit in one Excel sheet (${EXPORT_LIMITS.xlsxRows.toLocaleString('en')}); export as CSV`);
        }
        // Progress is stored, and a cancel seen, once per batch.
        return Boolean(await updateExportIf(db, exportId, ['running'], { rowsDone }));
      },
    });
    if (!complete) {
      await counting.catch(() => undefined);
      await writer.abort();
      writer = null;
      await rm(part, { force: true });
      return;
    }
    await counting;
    if (row.format === 'xlsx' && total > EXPORT_LIMITS.xlsxRows) {
      throw new Error(`${total.toLocaleString('en')} rows do not fit in one Excel sheet; export as CSV`);
    }
    await writer.end();
    writer = null;
    await rename(part, file);
    const expiresAt = new Date(Date.now() + EXPORT_LIMITS.linkHours * 3_600_000);
    const finished = await updateExportIf(db, exportId, ['running'], {
      status: 'done',
      rowsDone: done,
      rowsTotal: Math.max(done, total),
      sizeBytes: (await stat(file)).size,
      expiresAt,
      finishedAt: new Date(),
    });
    if (!finished) {
      await rm(file, { force: true });
      return;
    }
    await mailLink(options, finished, expiresAt);
  } catch (error) {
    if (writer) await writer.abort().catch(() => undefined);
    await rm(part, { force: true }).catch(() => undefined);
    const message = error instanceof Error ? error.message : String(error);
    if ((await exportStatus(db, exportId)) === 'running') {
      await updateExportIf(db, exportId, ['running'], { status: 'failed', error: message.slice(0, 500), finishedAt: new Date() });
    }
  }
}

async function mailLink(options: ExportRunnerOptions, row: ExportRow, expiresAt: Date) {
  const url = new URL(exportLinkPath(options.secret, row.id, Math.floor(expiresAt.getTime() / 1000)), options.publicUrl).toString();
  const what = KIND_TITLES[row.kind];
  const until = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: row.timeZone }).format(expiresAt);
  const content = await renderEmail({
    lang: 'en',
    title: `Your export of ${what} is ready`,
    preheader: `${row.rowsDone.toLocaleString('en')} rows, ${row.format.toUpperCase()}`,
    paragraphs: [
      `Hello ${row.userName},`,
      `The export of ${what} you asked for is ready: ${row.rowsDone.toLocaleString('en')} rows as ${row.format.toUpperCase()}, times in ${row.timeZone}.`,
      `The link works until ${until} (${row.timeZone}); after that, start a new export from the Exports screen.`,
    ],
    action: { label: 'Download the export', url },
    footer: 'You get this mail because an export was requested for you in Rally.',
  });
  await options.mailer.send({ to: row.email, subject: `Rally: your export of ${what} is ready`, text: content.text, html: content.html });
}
