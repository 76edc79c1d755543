// Types of code-summary.js, the code-file summary rule in plain JavaScript (decision 0007 §12). The JavaScript is
// checked against these declarations (checkJs in packages/domain), so the two cannot drift apart.

export interface CodeSummary {
  codes: string[];
  added: number;
  duplicatesInFile: number;
  duplicatesExisting: number;
  emptyRows: number;
}

/** What summarizing a file's cells as text gives: the codes to add, one per line, and the counts. */
export interface CodeTextSummary extends Omit<CodeSummary, 'codes'> {
  /** The codes to add, in file order, joined by "\n" (a code never holds a line break). */
  codesText: string;
}

/**
 * The codes of a file's first column: trimmed (leading zeros kept — codes are text), empty rows counted and dropped,
 * duplicates within the file and against the reward's codes reported and dropped. An optional header "code" is
 * skipped.
 */
export function summarizeCodes(cells: readonly string[], existing?: ReadonlySet<string>): CodeSummary;

/**
 * summarizeCodes in slices: `add` the cells in order (in as many calls as the caller likes, so a server can let
 * other work run between slices of a million-row file), then read `summary()`.
 */
export class CodeSummarizer {
  constructor(expectedRows: number, existing?: ReadonlySet<string>);
  add(cells: readonly string[], from?: number, to?: number): void;
  summary(): CodeSummary;
}

/**
 * summarizeCodes over the first column of a file given as one "\n"-joined string (as the spreadsheet reader hands it
 * over), without making a string per code; the codes to add come back as slices of the text. `step` reads a number
 * of rows (false once the text is read to its end), so a server can let other work run between steps; `summary`
 * reads what is left. Same rule, same counts as summarizeCodes.
 */
export class CodeTextSummarizer {
  constructor(text: string, expectedRows: number, existing?: ReadonlySet<string>);
  step(rows: number): boolean;
  summary(): CodeTextSummary;
}

/**
 * The end of the rule for a file summarized before the reward's codes were known (without `existing`): drops the
 * codes the reward has and counts them as duplicatesExisting. A CodeTextSummarizer's summary without `existing`,
 * filtered so, equals its summary with it. `step` and `summary` as CodeTextSummarizer's.
 */
export class ExistingCodeFilter {
  constructor(summarized: CodeTextSummary, existing: ReadonlySet<string>);
  step(rows: number): boolean;
  summary(): CodeTextSummary;
}
