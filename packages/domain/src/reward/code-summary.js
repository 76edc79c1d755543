// The code-file summary rule (product rule R40): plain JavaScript, typed by code-summary.d.ts and checked against it
// (checkJs), because the server's parse thread loads it as it is — that thread runs without a TypeScript loader and
// Node 20 cannot strip types (decision 0007 §12). The rest of the domain package imports it through code-file.ts.
// Self-contained: it imports nothing, so a plain Node import of this one file is enough.

/** @typedef {import('./code-summary.js').CodeSummary} CodeSummary */
/** @typedef {import('./code-summary.js').CodeTextSummary} CodeTextSummary */
/** @typedef {import('./code-summary.js').CodeSummarizer} CodeSummarizerShape */
/** @typedef {import('./code-summary.js').CodeTextSummarizer} CodeTextSummarizerShape */
/** @typedef {import('./code-summary.js').ExistingCodeFilter} ExistingCodeFilterShape */

/** @type {ReadonlySet<string>} */
const NONE = new Set();

/** @type {typeof import('./code-summary.js').summarizeCodes} */
export function summarizeCodes(cells, existing = NONE) {
  const summarizer = new CodeSummarizer(cells.length, existing);
  summarizer.add(cells);
  return summarizer.summary();
}

/**
 * summarizeCodes in slices. Duplicates are found with an open-addressing table of indexes into the codes seen (an
 * Int32Array, 8 bytes a slot at half load) rather than a Set: for 1,000,000 codes it takes a quarter of a Set's time
 * and a fifth of its memory (decision 0007).
 * @implements {CodeSummarizerShape}
 */
export class CodeSummarizer {
  /**
   * @param {number} expectedRows
   * @param {ReadonlySet<string>} [existing]
   */
  constructor(expectedRows, existing = NONE) {
    this.existing = existing;
    /** @type {string[]} */
    this.seen = [];
    this.table = emptyTable(expectedRows);
    /** @type {string[]} */
    this.codes = [];
    this.row = 0;
    this.duplicatesInFile = 0;
    this.duplicatesExisting = 0;
    this.emptyRows = 0;
  }

  /**
   * @param {readonly string[]} cells
   * @param {number} [from]
   * @param {number} [to]
   */
  add(cells, from = 0, to = cells.length) {
    for (let i = from; i < to; i++, this.row++) {
      const code = /** @type {string} */ (cells[i]).trim();
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

  /** @returns {CodeSummary} */
  summary() {
    return { codes: this.codes, added: this.codes.length, duplicatesInFile: this.duplicatesInFile, duplicatesExisting: this.duplicatesExisting, emptyRows: this.emptyRows };
  }

  /**
   * Records the code; false when it was seen before.
   * @param {string} code
   */
  firstSight(code) {
    if ((this.seen.length + 1) * 2 > this.table.length) this.grow();
    const mask = this.table.length - 1;
    for (let slot = hashOfRange(code, 0, code.length) & mask; ; slot = (slot + 1) & mask) {
      const at = /** @type {number} */ (this.table[slot]);
      if (at === 0) {
        this.seen.push(code);
        this.table[slot] = this.seen.length;
        return true;
      }
      if (this.seen[at - 1] === code) return false;
    }
  }

  grow() {
    this.table = emptyTable(this.table.length);
    const mask = this.table.length - 1;
    this.seen.forEach((code, index) => {
      let slot = hashOfRange(code, 0, code.length) & mask;
      while (this.table[slot] !== 0) slot = (slot + 1) & mask;
      this.table[slot] = index + 1;
    });
  }
}

/**
 * summarizeCodes over a "\n"-joined text without a string per code: codes are compared where they lie in the text
 * (start and end offsets of each distinct code in `bounds`, at 2k and 2k + 1), and the ones to add come back as slices
 * of it, consecutive codes as one slice.
 * @implements {CodeTextSummarizerShape}
 */
export class CodeTextSummarizer {
  /**
   * @param {string} text
   * @param {number} expectedRows
   * @param {ReadonlySet<string>} [existing]
   */
  constructor(text, expectedRows, existing = NONE) {
    this.text = text;
    this.existing = existing;
    this.table = emptyTable(expectedRows);
    this.bounds = new Int32Array(Math.max(16, expectedRows * 2));
    this.distinct = 0;
    this.position = text === '' && expectedRows === 0 ? 1 : 0;
    this.row = 0;
    this.runs = new TextRuns(text);
    this.duplicatesInFile = 0;
    this.duplicatesExisting = 0;
    this.emptyRows = 0;
  }

  /** @param {number} rows */
  step(rows) {
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
        this.runs.keep(s, e);
      }
    }
    return this.position <= text.length;
  }

  /** @returns {CodeTextSummary} */
  summary() {
    while (this.step(1_000_000));
    return {
      codesText: this.runs.text(),
      added: this.runs.kept,
      duplicatesInFile: this.duplicatesInFile,
      duplicatesExisting: this.duplicatesExisting,
      emptyRows: this.emptyRows,
    };
  }

  /**
   * @param {number} s
   * @param {number} e
   */
  firstSight(s, e) {
    if ((this.distinct + 1) * 2 > this.table.length) this.grow();
    const mask = this.table.length - 1;
    const { text } = this;
    for (let slot = hashOfRange(text, s, e) & mask; ; slot = (slot + 1) & mask) {
      const at = /** @type {number} */ (this.table[slot]);
      if (at === 0) {
        if (this.distinct * 2 + 2 > this.bounds.length) {
          const bigger = new Int32Array(this.bounds.length * 2);
          bigger.set(this.bounds);
          this.bounds = bigger;
        }
        this.bounds[this.distinct * 2] = s;
        this.bounds[this.distinct * 2 + 1] = e;
        this.table[slot] = ++this.distinct;
        return true;
      }
      if (sameRange(text, /** @type {number} */ (this.bounds[at * 2 - 2]), /** @type {number} */ (this.bounds[at * 2 - 1]), s, e)) return false;
    }
  }

  grow() {
    this.table = emptyTable(this.table.length);
    const mask = this.table.length - 1;
    for (let k = 0; k < this.distinct; k++) {
      let slot = hashOfRange(this.text, /** @type {number} */ (this.bounds[k * 2]), /** @type {number} */ (this.bounds[k * 2 + 1])) & mask;
      while (this.table[slot] !== 0) slot = (slot + 1) & mask;
      this.table[slot] = k + 1;
    }
  }
}

/**
 * The last part of the rule for codes already summarized without the reward's codes: drops those the reward has.
 * @implements {ExistingCodeFilterShape}
 */
export class ExistingCodeFilter {
  /**
   * @param {CodeTextSummary} summarized
   * @param {ReadonlySet<string>} existing
   */
  constructor(summarized, existing) {
    this.summarized = summarized;
    this.existing = existing;
    this.position = 0;
    this.runs = new TextRuns(summarized.codesText);
    this.dropped = 0;
  }

  /** @param {number} rows */
  step(rows) {
    const text = this.summarized.codesText;
    for (let n = 0; n < rows && this.position < text.length; n++) {
      const lineEnd = text.indexOf('\n', this.position);
      const end = lineEnd === -1 ? text.length : lineEnd;
      if (this.existing.has(text.slice(this.position, end))) this.dropped += 1;
      else this.runs.keep(this.position, end);
      this.position = end + 1;
    }
    return this.position < text.length;
  }

  /** @returns {CodeTextSummary} */
  summary() {
    while (this.step(1_000_000));
    const { added, duplicatesInFile, duplicatesExisting, emptyRows } = this.summarized;
    if (this.dropped === 0) return this.summarized;
    return { codesText: this.runs.text(), added: added - this.dropped, duplicatesInFile, duplicatesExisting: duplicatesExisting + this.dropped, emptyRows };
  }
}

/** The codes kept from a text, as slices of it: one slice per run of codes that follow each other line by line. */
class TextRuns {
  /** @param {string} text */
  constructor(text) {
    this.source = text;
    /** @type {string[]} */
    this.parts = [];
    this.runStart = -1;
    this.runEnd = -1;
    this.kept = 0;
  }

  /**
   * Keeps source[s, e).
   * @param {number} s
   * @param {number} e
   */
  keep(s, e) {
    this.kept += 1;
    if (this.runStart !== -1 && s === this.runEnd + 1 && this.source.charCodeAt(this.runEnd) === 10) {
      this.runEnd = e;
      return;
    }
    if (this.runStart !== -1) this.parts.push(this.source.slice(this.runStart, this.runEnd));
    this.runStart = s;
    this.runEnd = e;
  }

  /** The codes kept, joined by "\n". */
  text() {
    if (this.runStart !== -1) this.parts.push(this.source.slice(this.runStart, this.runEnd));
    this.runStart = -1;
    return this.parts.join('\n');
  }
}

/**
 * The characters String.prototype.trim removes (white space and line terminators).
 * @param {number} c
 */
function isTrimmed(c) {
  return (
    c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

/**
 * @param {string} text
 * @param {number} s1
 * @param {number} e1
 * @param {number} s2
 * @param {number} e2
 */
function sameRange(text, s1, e1, s2, e2) {
  if (e1 - s1 !== e2 - s2) return false;
  for (let i = 0; i < e1 - s1; i++) if (text.charCodeAt(s1 + i) !== text.charCodeAt(s2 + i)) return false;
  return true;
}

/**
 * FNV-1a over the UTF-16 units of text[s, e), then mixed so that codes differing in their last characters spread out.
 * @param {string} text
 * @param {number} s
 * @param {number} e
 */
function hashOfRange(text, s, e) {
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
 * @param {number} rows
 */
function emptyTable(rows) {
  let size = 16;
  while (size < rows * 2) size *= 2;
  return new Int32Array(size);
}
