/** Code files for discount, free product and gift card rewards (product rule R40). */
export const CODE_FILE_EXTENSIONS = ['xlsx', 'xls', 'csv'] as const;
export type TCodeFileExtension = (typeof CODE_FILE_EXTENSIONS)[number];

/**
 * Every limit on a code file upload, in one place (the server enforces them; the browser shows them).
 * The zip caps are read from the .xlsx central directory before anything is unzipped, then enforced
 * again while inflating (a directory can lie), so no entry is ever held beyond its cap.
 */
export const CODE_FILE_LIMITS = {
  bytes: 20 * 1024 * 1024,
  rows: 1_000_000,
  /** Entries of an .xlsx (a zip). */
  zipEntries: 2_000,
  /** Uncompressed size of any one entry (a 1,000,000-row sheet written by Excel is ~70 MB). */
  zipEntryExpandedBytes: 100 * 1024 * 1024,
  /** Uncompressed size of all entries together. */
  zipExpandedBytes: 160 * 1024 * 1024,
  /** Expansion of the whole archive over its compressed size. */
  zipRatio: 100,
  parseSeconds: 20,
  /** Code files parsed at once per server process (each in a worker thread); more wait in a queue… */
  parseConcurrency: 2,
  /** …of at most this many; beyond it the upload is refused with 429 and Retry-After. */
  parseQueue: 4,
  /** Seconds a refused upload is told to wait before trying again. */
  parseRetryAfterSeconds: 10,
  /** An uploaded file no reward refers to is deleted after this many hours (DATA_DIR/codes). */
  unreferencedFileHours: 24,
} as const;

export function codeFileExtension(fileName: string): TCodeFileExtension | null {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  return (CODE_FILE_EXTENSIONS as readonly string[]).includes(ext) ? (ext as TCodeFileExtension) : null;
}

export interface CodeSummary {
  codes: string[];
  added: number;
  duplicatesInFile: number;
  duplicatesExisting: number;
  emptyRows: number;
}

/**
 * The codes of a file's first column: trimmed (leading zeros kept — codes are
 * text), empty rows counted and dropped, duplicates within the file and against
 * the reward's codes reported and dropped. An optional header "code" is skipped.
 */
export function summarizeCodes(cells: readonly string[], existing: ReadonlySet<string> = new Set()): CodeSummary {
  const summarizer = new CodeSummarizer(cells.length, existing);
  summarizer.add(cells);
  return summarizer.summary();
}

/**
 * summarizeCodes in slices: `add` the cells in order (in as many calls as the caller likes, so a server can let
 * other work run between slices of a million-row file), then read `summary()`.
 *
 * Duplicates are found with an open-addressing table of indexes into the codes seen (an Int32Array, 8 bytes a
 * slot at half load) rather than a Set: for 1,000,000 codes it takes a quarter of a Set's time and a fifth of
 * its memory (decision 0007).
 */
export class CodeSummarizer {
  private readonly seen: string[] = [];
  private table: Int32Array;
  private readonly codes: string[] = [];
  private row = 0;
  private duplicatesInFile = 0;
  private duplicatesExisting = 0;
  private emptyRows = 0;

  constructor(
    expectedRows: number,
    private readonly existing: ReadonlySet<string> = new Set(),
  ) {
    this.table = emptyTable(expectedRows);
  }

  add(cells: readonly string[], from = 0, to = cells.length): void {
    for (let i = from; i < to; i++, this.row++) {
      const code = cells[i]!.trim();
      if (this.row === 0 && /^codes?$/i.test(code)) continue;
      if (code === '') {
        this.emptyRows += 1;
      } else if (!this.firstSight(code)) {
        this.duplicatesInFile += 1;
      } else if (this.existing.has(code)) {
        this.duplicatesExisting += 1;
      } else {
        this.codes.push(code);
      }
    }
  }

  summary(): CodeSummary {
    return { codes: this.codes, added: this.codes.length, duplicatesInFile: this.duplicatesInFile, duplicatesExisting: this.duplicatesExisting, emptyRows: this.emptyRows };
  }

  /** Records the code; false when it was seen before. */
  private firstSight(code: string): boolean {
    if ((this.seen.length + 1) * 2 > this.table.length) this.grow();
    const mask = this.table.length - 1;
    for (let slot = hashOf(code) & mask; ; slot = (slot + 1) & mask) {
      const at = this.table[slot]!;
      if (at === 0) {
        this.seen.push(code);
        this.table[slot] = this.seen.length;
        return true;
      }
      if (this.seen[at - 1] === code) return false;
    }
  }

  private grow() {
    this.table = emptyTable(this.table.length);
    const mask = this.table.length - 1;
    this.seen.forEach((code, index) => {
      let slot = hashOf(code) & mask;
      while (this.table[slot] !== 0) slot = (slot + 1) & mask;
      this.table[slot] = index + 1;
    });
  }
}

/** What summarizing a file's cells as text gives: the codes to add, one per line, and the counts. */
export interface CodeTextSummary extends Omit<CodeSummary, 'codes'> {
  /** The codes to add, in file order, joined by "\n" (a code never holds a line break). */
  codesText: string;
}

/**
 * summarizeCodes over the first column of a file given as one "\n"-joined string (as the spreadsheet reader hands
 * it over), without making a string per code: codes are compared where they lie in the text, and the ones to add
 * come back as slices of it, consecutive codes as one slice. `step` reads a number of rows, so a server can let
 * other work run between steps; `summary` once `step` answers false. Same rule, same counts as summarizeCodes.
 */
export class CodeTextSummarizer {
  private table: Int32Array;
  /** Start and end offsets, in `text`, of each distinct code seen (start at 2k, end at 2k + 1). */
  private bounds: Int32Array;
  private distinct = 0;
  private position = 0;
  private row = 0;
  private readonly parts: string[] = [];
  private runStart = -1;
  private runEnd = -1;
  private added = 0;
  private duplicatesInFile = 0;
  private duplicatesExisting = 0;
  private emptyRows = 0;

  constructor(
    private readonly text: string,
    expectedRows: number,
    private readonly existing: ReadonlySet<string> = new Set(),
  ) {
    this.table = emptyTable(expectedRows);
    this.bounds = new Int32Array(Math.max(16, expectedRows * 2));
    if (text === '' && expectedRows === 0) this.position = 1;
  }

  /** Reads up to `rows` more rows; false once the text is read to its end. */
  step(rows: number): boolean {
    const { text } = this;
    for (let n = 0; n < rows && this.position <= text.length; n++, this.row++) {
      const lineEnd = text.indexOf('\n', this.position);
      const end = lineEnd === -1 ? text.length : lineEnd;
      let s = this.position;
      let e = end;
      this.position = end + 1;
      while (s < e && isTrimmed(text.charCodeAt(s))) s++;
      while (e > s && isTrimmed(text.charCodeAt(e - 1))) e--;
      if (this.row === 0 && e - s <= 5 && /^codes?$/i.test(text.slice(s, e))) continue;
      if (s === e) {
        this.emptyRows += 1;
      } else if (!this.firstSight(s, e)) {
        this.duplicatesInFile += 1;
      } else if (this.existing.size > 0 && this.existing.has(text.slice(s, e))) {
        this.duplicatesExisting += 1;
      } else {
        this.keep(s, e);
      }
    }
    return this.position <= text.length;
  }

  summary(): CodeTextSummary {
    while (this.step(1_000_000));
    if (this.runStart !== -1) this.parts.push(this.text.slice(this.runStart, this.runEnd));
    this.runStart = -1;
    return { codesText: this.parts.join('\n'), added: this.added, duplicatesInFile: this.duplicatesInFile, duplicatesExisting: this.duplicatesExisting, emptyRows: this.emptyRows };
  }

  /** Adds text[s, e) to the codes kept: one slice per run of codes that follow each other line by line. */
  private keep(s: number, e: number) {
    this.added += 1;
    if (this.runStart !== -1 && s === this.runEnd + 1 && this.text.charCodeAt(this.runEnd) === 10) {
      this.runEnd = e;
      return;
    }
    if (this.runStart !== -1) this.parts.push(this.text.slice(this.runStart, this.runEnd));
    this.runStart = s;
    this.runEnd = e;
  }

  private firstSight(s: number, e: number): boolean {
    if ((this.distinct + 1) * 2 > this.table.length) this.grow();
    const mask = this.table.length - 1;
    const { text, bounds } = this;
    for (let slot = hashOfRange(text, s, e) & mask; ; slot = (slot + 1) & mask) {
      const at = this.table[slot]!;
      if (at === 0) {
        if (this.distinct * 2 + 2 > bounds.length) {
          const bigger = new Int32Array(bounds.length * 2);
          bigger.set(bounds);
          this.bounds = bigger;
        }
        this.bounds[this.distinct * 2] = s;
        this.bounds[this.distinct * 2 + 1] = e;
        this.table[slot] = ++this.distinct;
        return true;
      }
      if (sameRange(text, bounds[at * 2 - 2]!, bounds[at * 2 - 1]!, s, e)) return false;
    }
  }

  private grow() {
    this.table = emptyTable(this.table.length);
    const mask = this.table.length - 1;
    for (let k = 0; k < this.distinct; k++) {
      let slot = hashOfRange(this.text, this.bounds[k * 2]!, this.bounds[k * 2 + 1]!) & mask;
      while (this.table[slot] !== 0) slot = (slot + 1) & mask;
      this.table[slot] = k + 1;
    }
  }
}

/** The characters String.prototype.trim removes (white space and line terminators). */
function isTrimmed(c: number): boolean {
  return (
    c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

function sameRange(text: string, s1: number, e1: number, s2: number, e2: number): boolean {
  if (e1 - s1 !== e2 - s2) return false;
  for (let i = 0; i < e1 - s1; i++) if (text.charCodeAt(s1 + i) !== text.charCodeAt(s2 + i)) return false;
  return true;
}

function hashOfRange(text: string, s: number, e: number): number {
  let h = 0x811c9dc5;
  for (let i = s; i < e; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return (h ^ (h >>> 12)) >>> 0;
}

/**
 * A table of at least twice `rows` slots (a power of two), all empty. A slot holds an index + 1, so empty is 0: the
 * zeroed memory a new Int32Array gets is used as it comes, page by page while codes are added, instead of being
 * written over first — for a million rows an 8 MB pass that held up a server's event loop (decision 0007 §11).
 */
function emptyTable(rows: number): Int32Array {
  let size = 16;
  while (size < rows * 2) size *= 2;
  return new Int32Array(size);
}

/** FNV-1a over the UTF-16 units, then mixed so that codes differing in their last characters spread out. */
function hashOf(code: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < code.length; i++) h = Math.imul(h ^ code.charCodeAt(i), 0x01000193);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return (h ^ (h >>> 12)) >>> 0;
}

/** The downloadable template: one header and example codes with leading zeros. */
export const CODE_TEMPLATE_CSV = 'code\n000123\n000124\nSPRING-2027-0001\n';
