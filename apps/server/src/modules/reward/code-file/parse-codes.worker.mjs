// Parses a code file off the main thread (spawned by parse-code-file.ts with resource limits and a
// deadline). Plain JavaScript, so it runs the same under tsx, vitest and any production runner.
import { parentPort, workerData } from 'node:worker_threads';
import XLSX from '@e965/xlsx';
import Papa from 'papaparse';

const { bytes, ext, maxRows } = workerData;
try {
  const buffer = Buffer.from(bytes);
  let cells;
  if (ext === 'csv') {
    const parsed = Papa.parse(buffer.toString('utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: false, preview: maxRows + 2 });
    cells = parsed.data.map((row) => String(row[0] ?? ''));
    // Papa yields one empty row for a trailing newline; it is not an empty row of the file.
    if (cells.length > 0 && cells[cells.length - 1] === '' && /\r?\n$/.test(buffer.toString('utf8', Math.max(0, buffer.length - 2)))) cells.pop();
  } else {
    // raw: cell text as stored, so codes keep their leading zeros; sheetRows caps what is read.
    const book = XLSX.read(buffer, { type: 'buffer', raw: true, cellDates: false, sheetRows: maxRows + 2, dense: true });
    const sheet = book.Sheets[book.SheetNames[0]];
    const rows = sheet ? XLSX.utils.sheet_to_json(sheet, { header: 1, raw: false, defval: '', blankrows: true }) : [];
    cells = rows.map((row) => String(row[0] ?? ''));
  }
  parentPort.postMessage({ ok: true, cells: cells.slice(0, maxRows + 1), tooMany: cells.length > maxRows + 1 });
} catch (error) {
  parentPort.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
