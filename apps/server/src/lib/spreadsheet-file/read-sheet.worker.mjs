// Reads a spreadsheet (code file, POS store list) off the main thread, spawned by read-spreadsheet.ts with resource
// limits and a deadline. Plain JavaScript, so it runs the same under tsx, vitest and any production runner.
// columns 'first': the first column's cells (code files); 'all': every row's cells (store lists).
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { createInflateRaw } from 'node:zlib';
import { parentPort, workerData } from 'node:worker_threads';
import Papa from 'papaparse';

const { bytes, ext, maxRows, maxEntryBytes, maxTotalBytes, columns, niceness, askFirstAbove, codes } = workerData;

/**
 * Sends the answer; a large text only once the request thread asks for it, so that it takes one in at a time
 * (read-spreadsheet.ts, takeAnswerLane). Bytes in `transfer` move rather than being copied: no need to wait.
 */
function answer(message, transfer = []) {
  if (message.text.length <= askFirstAbove) return parentPort.postMessage(message, transfer);
  parentPort.once('message', () => parentPort.postMessage(message, transfer));
  parentPort.postMessage({ ready: true });
}

// This thread yields the CPU to the request thread: on Linux a thread's id names it alone to setpriority, so the
// parse runs at a lower priority while every other request keeps the normal one (decision 0007 §11). Elsewhere (no
// /proc/thread-self) the parse runs at the process's priority, as before.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), niceness);
} catch {
  // Not Linux, or not allowed: nothing to do.
}
const cellsOf = (row) => (columns === 'all' ? row.map((c) => String(c ?? '')) : String(row[0] ?? ''));

class Refused extends Error {}

/**
 * Inflates every entry of a zip, counting bytes and keeping none, and stops as soon as an entry or the
 * whole archive passes its cap: the central directory was checked before, but it may lie about sizes.
 */
async function checkZipExpansion(buffer) {
  let eocd = -1;
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 65_557); i--) {
    if (buffer.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Refused('the .xlsx file is damaged');
  const entries = buffer.readUInt16LE(eocd + 10);
  let offset = buffer.readUInt32LE(eocd + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > buffer.length || buffer.readUInt32LE(offset) !== 0x02014b50) throw new Refused('the .xlsx file is damaged');
    const method = buffer.readUInt16LE(offset + 10);
    const compressed = buffer.readUInt32LE(offset + 20);
    const local = buffer.readUInt32LE(offset + 42);
    offset += 46 + buffer.readUInt16LE(offset + 28) + buffer.readUInt16LE(offset + 30) + buffer.readUInt16LE(offset + 32);
    if (local + 30 > buffer.length || buffer.readUInt32LE(local) !== 0x04034b50) throw new Refused('the .xlsx file is damaged');
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const data = buffer.subarray(start, start + compressed);
    let size = 0;
    if (method === 0) {
      size = data.length;
    } else if (method === 8) {
      size = await new Promise((resolve, reject) => {
        const inflate = createInflateRaw();
        let counted = 0;
        inflate.on('data', (chunk) => {
          counted += chunk.length;
          if (counted > maxEntryBytes || total + counted > maxTotalBytes) {
            inflate.destroy();
            reject(new Refused('an entry of the .xlsx file expands beyond the limit (a zip bomb?); it was not read'));
          }
        });
        inflate.on('end', () => resolve(counted));
        inflate.on('error', () => reject(new Refused('the .xlsx file is damaged')));
        inflate.end(data);
      });
    } else {
      throw new Refused('the .xlsx file uses a compression this reader does not take');
    }
    total += size;
    if (size > maxEntryBytes || total > maxTotalBytes) throw new Refused('the .xlsx file expands beyond the limit (a zip bomb?); it was not read');
  }
}

/** 1-based line of a character offset. */
function lineAt(text, index) {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
}

function csvCells(buffer) {
  const text = buffer.toString('utf8').replace(/^\uFEFF/, '');
  const parsed = Papa.parse(text, { skipEmptyLines: false, preview: maxRows + 2 });
  // A quote left open would swallow every following line into one cell: say where instead.
  const quoteError = parsed.errors.find((e) => e.type === 'Quotes');
  if (quoteError) {
    const line = typeof quoteError.index === 'number' ? lineAt(text, quoteError.index) : (quoteError.row ?? 0) + 1;
    throw new Refused(`row ${line}: a quote is opened and never closed (${quoteError.message})`);
  }
  const cells = parsed.data.map(cellsOf);
  // Papa yields one empty row for a trailing newline; it is not an empty row of the file.
  const last = cells[cells.length - 1];
  if (cells.length > 0 && (last === '' || (Array.isArray(last) && last.join('') === '')) && /\r?\n$/.test(text.slice(-2))) cells.pop();
  return cells;
}

/** Occurrences of `needle` in `text`. */
function countOf(text, needle) {
  let n = 0;
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) n += 1;
  return n;
}

/**
 * The first column of a CSV without a single quote character (what code files are), as one "\n"-joined string,
 * without building a row array per line: Papa.parse of a million rows spends most of its time collecting the
 * garbage of those arrays, and holds them all at once. Papa still chooses the delimiter and the line break (from
 * the same first rows it would look at), so the cells are the ones csvCells would give; null sends every other file
 * (quotes, mixed line breaks) to csvCells.
 */
function csvFirstColumnText(buffer) {
  let text = buffer.toString('utf8').replace(/^\uFEFF/, '');
  if (text.includes('"')) return null;
  if (text === '') return { text: '', count: 0, tooMany: false };
  const { delimiter, linebreak } = Papa.parse(text.slice(0, 1_048_576), { preview: 1 }).meta;
  if (linebreak === '\r\n') {
    const crlf = countOf(text, '\r\n');
    // A lone \r or \n would be part of a cell for Papa: leave such a file to it.
    if (crlf !== countOf(text, '\r') || crlf !== countOf(text, '\n')) return null;
    text = text.replaceAll('\r\n', '\n');
  } else if (linebreak !== '\n') {
    return null;
  }
  // Everything from a row's first delimiter to its end is other columns.
  if (delimiter && text.includes(delimiter)) text = text.replace(new RegExp(`${delimiter.replace(/[|\\^$.*+?()[\]{}]/g, '\\$&')}[^\n]*`, 'g'), '');
  const broken = text.indexOf('\r');
  if (broken !== -1) throw new Refused(`row ${countOf(text.slice(0, broken), '\n') + 1}: a code cannot contain a line break`);
  // A line break at the end closes the last row; it does not start an empty one (as in csvCells).
  if (text.endsWith('\n')) text = text.slice(0, -1);
  const rows = countOf(text, '\n') + 1;
  if (rows > maxRows + 1) return { text: '', count: maxRows + 2, tooMany: true };
  return { text, count: rows, tooMany: false };
}

/**
 * A character JSON.stringify writes other than as it is: a quote, a backslash, a control character other than the line
 * breaks that separate codes here, or half of a surrogate pair (a whole pair is written as it is; either goes the
 * slow way).
 */
const JSON_ESCAPED = /["\\]|[^\n\u0020-\ud7ff\ue000-\uffff]/;

/** A character other than a line break or printable ASCII, or a quote, or a backslash. */
const NOT_PLAIN_ASCII = /[^\n !#-[\]-~]/;

/**
 * The elements of the JSON array of the `count` codes in `codesText` ("\n"-joined), `"a","b"`, as UTF-8 bytes in
 * memory of their own, so that they can move to the request thread. Codes with nothing to escape (what code files
 * hold) are written a character — or, beyond ASCII, a UTF-8 byte (none of a multi-byte character is a line break) —
 * at a time, each line break as `","`: no string is built, where `replaceAll` on a million codes took ~100 MB and
 * 200 ms. Others go through JSON.stringify a slice at a time.
 */
function jsonElements(codesText, count) {
  if (codesText === '') return Buffer.allocUnsafeSlow(0);
  if (JSON_ESCAPED.test(codesText)) {
    const pieces = [];
    for (let start = 0; start < codesText.length; ) {
      const cut = codesText.indexOf('\n', start + 32_768);
      const end = cut === -1 ? codesText.length : cut;
      pieces.push(JSON.stringify(codesText.slice(start, end).split('\n')).slice(1, -1));
      start = end + 1;
    }
    const json = pieces.join(',');
    const out = Buffer.allocUnsafeSlow(Buffer.byteLength(json));
    out.write(json);
    return out;
  }
  const ascii = !NOT_PLAIN_ASCII.test(codesText);
  const source = ascii ? codesText : Buffer.from(codesText);
  const out = Buffer.allocUnsafeSlow(source.length + 2 * (count - 1) + 2);
  out[0] = 34;
  let o = 1;
  for (let i = 0; i < source.length; i++) {
    const b = ascii ? codesText.charCodeAt(i) : source[i];
    if (b === 10) {
      out[o] = 34;
      out[o + 1] = 44;
      out[o + 2] = 34;
      o += 3;
    } else {
      out[o++] = b;
    }
  }
  out[o] = 34;
  return out;
}

/**
 * Answers a code file's first column summarized by the domain's rule, here rather than on the request thread, which
 * only passes the result on (decision 0007 §12): the codes to add as text, or as the JSON an upload's answer lists.
 */
async function answerSummary({ text, count, tooMany }) {
  if (tooMany) return answer({ ok: true, text: '', count, tooMany });
  // The rule's one copy, in plain JavaScript (packages/domain/src/reward/code-summary.js), loaded only for code files.
  const { CodeTextSummarizer } = await import('@rally/domain/code-summary');
  const existingCodes = JSON.parse(codes.existing);
  const summarizer = new CodeTextSummarizer(count === 0 ? '' : text, count, existingCodes.length > 0 ? new Set(existingCodes) : undefined);
  const { codesText, ...summary } = summarizer.summary();
  if (codes.as === 'text') return answer({ ok: true, text: codesText, count, tooMany, summary });
  const json = jsonElements(codesText, summary.added);
  answer({ ok: true, text: '', count, tooMany, summary, json }, [json.buffer]);
}

try {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let cells;
  const firstColumn = ext === 'csv' && columns === 'first' ? csvFirstColumnText(buffer) : null;
  if (firstColumn) {
    cells = null;
  } else if (ext === 'csv') {
    cells = csvCells(buffer);
  } else {
    if (ext === 'xlsx') await checkZipExpansion(buffer);
    // Loaded only for spreadsheets: loading it cost every CSV read ~70 ms of a core and ~10 MB (decision 0007 §11).
    const { default: XLSX } = await import('@e965/xlsx');
    // raw: cell text as stored, so codes keep their leading zeros; sheetRows caps what is read.
    const book = XLSX.read(buffer, { type: 'buffer', raw: true, cellDates: false, sheetRows: maxRows + 2, dense: true });
    const sheet = book.Sheets[book.SheetNames[0]];
    const rows = sheet ? XLSX.utils.sheet_to_json(sheet, { header: 1, raw: false, defval: '', blankrows: true }) : [];
    cells = rows.map(cellsOf);
  }
  const tooMany = cells && cells.length > maxRows + 1;
  if (columns === 'all') {
    answer({ ok: true, text: JSON.stringify(cells.slice(0, maxRows + 1)), count: Math.min(cells.length, maxRows + 1), tooMany });
  } else {
    let column = firstColumn;
    if (!column) {
      // A code never holds a line break (a quoted cell may): refuse the row rather than store half a code.
      const broken = cells.findIndex((cell) => /[\r\n]/.test(cell));
      if (broken !== -1) throw new Refused(`row ${broken + 1}: a code cannot contain a line break`);
      // One string, not a million: a single structured-clone copy keeps the main thread free.
      column = { text: cells.slice(0, maxRows + 1).join('\n'), count: Math.min(cells.length, maxRows + 1), tooMany };
    }
    if (codes) await answerSummary(column);
    else answer({ ok: true, ...column });
  }
} catch (error) {
  parentPort.postMessage({ ok: false, refused: error instanceof Refused, message: error instanceof Error ? error.message : String(error) });
}
