import type { CodeTextSummary, TCodeFileExtension } from '@rally/domain';
import { summarizeFirstColumn, type CodesAsJson, type MoveBytes } from '../../../lib/spreadsheet-file/read-spreadsheet.js';

export interface SummarizeCodeFileOptions extends MoveBytes {
  /** The reward's codes as a JSON array of strings, from listRewardCodesJson; none when left out. */
  existing?: string;
}

/**
 * A code file's codes summarized in the parse thread (the domain's CodeTextSummarizer): the codes to add joined by
 * "\n", with their counts. The file must be what its extension says, and within every cap.
 */
export function summarizeCodeFile(bytes: Buffer, ext: TCodeFileExtension, options: SummarizeCodeFileOptions = {}): Promise<CodeTextSummary> {
  return summarizeFirstColumn(bytes, ext, { ...options, as: 'text' });
}

/** summarizeCodeFile with the codes to add as the elements of a JSON array (UTF-8), as an upload's answer lists them. */
export function summarizeCodeFileAsJson(bytes: Buffer, ext: TCodeFileExtension, options: SummarizeCodeFileOptions = {}): Promise<CodesAsJson> {
  return summarizeFirstColumn(bytes, ext, { ...options, as: 'json' });
}
