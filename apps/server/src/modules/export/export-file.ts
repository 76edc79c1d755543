import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import ExcelJS from 'exceljs';
import type { TExportFormat } from '@rally/domain';
import type { Cell } from './export-sources.js';
import { csvRows } from './export-stream.js';

/** Writes rows to a file as they come, never holding more than the rows handed to one `write`. */
export interface ExportFileWriter {
  write(rows: Cell[][]): Promise<void>;
  end(): Promise<void>;
  /** Stops writing; the caller deletes the file. */
  abort(): Promise<void>;
}

export function openExportFile(file: string, format: TExportFormat, header: string[]): ExportFileWriter {
  return format === 'csv' ? csvWriter(file, header) : xlsxWriter(file, header);
}

function csvWriter(file: string, header: string[]): ExportFileWriter {
  const out = createWriteStream(file);
  let failed: Error | null = null;
  out.on('error', (e) => (failed = e));
  // A BOM, so Excel opens the UTF-8 file with accents intact.
  out.write(`\uFEFF${csvRows([header])}`);
  return {
    async write(rows) {
      if (failed) throw failed;
      // One string per batch (export-stream.ts); backpressure: resolve once the file has taken it.
      if (!out.write(csvRows(rows))) await once(out, 'drain');
      if (failed) throw failed;
    },
    async end() {
      if (failed) throw failed;
      out.end();
      await once(out, 'finish');
      if (failed) throw failed;
    },
    async abort() {
      out.destroy();
      await once(out, 'close').catch(() => undefined);
    },
  };
}

function xlsxWriter(file: string, header: string[]): ExportFileWriter {
  // Streaming writer: each committed row is written out and dropped; no shared strings table to keep.
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: false });
  const sheet = book.addWorksheet('Export');
  sheet.addRow(header).commit();
  return {
    async write(rows) {
      for (const row of rows) sheet.addRow(row.map((c) => (c === null ? '' : c))).commit();
    },
    async end() {
      sheet.commit();
      await book.commit();
    },
    async abort() {
      await book.commit().catch(() => undefined);
    },
  };
}
