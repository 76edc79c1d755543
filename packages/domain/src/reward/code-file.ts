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

/**
 * The summary rule — trim, skip a "code" header, count and drop empty rows, duplicates in the file and codes the
 * reward already has — is code-summary.js: plain JavaScript, so that the server's parse thread can load it without a
 * TypeScript loader (decision 0007 §12).
 */
export { CodeSummarizer, CodeTextSummarizer, ExistingCodeFilter, summarizeCodes } from './code-summary.js';
export type { CodeSummary, CodeTextSummary } from './code-summary.js';

/** The downloadable template: one header and example codes with leading zeros. */
export const CODE_TEMPLATE_CSV = 'code\n000123\n000124\nSPRING-2027-0001\n';
