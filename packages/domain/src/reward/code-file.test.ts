import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CodeSummarizer, CodeTextSummarizer, ExistingCodeFilter, codeFileExtension, summarizeCodes } from './code-file.js';

describe('summarizeCodes', () => {
  it('trims, keeps leading zeros, skips a header, and reports empties and duplicates', () => {
    const s = summarizeCodes(['code', ' 0001 ', '0002', '', '0001', '0003', '   '], new Set(['0003']));
    expect(s).toEqual({ codes: ['0001', '0002'], added: 2, duplicatesInFile: 1, duplicatesExisting: 1, emptyRows: 2 });
  });
  it('never returns a code twice nor one the reward already has', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[0-9A-Z ]{0,6}$/), { maxLength: 60 }), fc.array(fc.stringMatching(/^[0-9A-Z]{1,6}$/), { maxLength: 10 }), (cells, old) => {
        const existing = new Set(old);
        const { codes, added, duplicatesInFile, duplicatesExisting, emptyRows } = summarizeCodes(cells, existing);
        expect(new Set(codes).size).toBe(codes.length);
        expect(codes.some((c) => existing.has(c))).toBe(false);
        const headerSkipped = cells.length > 0 && /^codes?$/i.test(cells[0]!.trim()) ? 1 : 0;
        expect(added + duplicatesInFile + duplicatesExisting + emptyRows + headerSkipped).toBe(cells.length);
      }),
    );
  });
});

describe('codeFileExtension', () => {
  it('accepts .xlsx, .xls and .csv in any case only', () => {
    expect(codeFileExtension('Codes.XLSX')).toBe('xlsx');
    expect(codeFileExtension('a.xls')).toBe('xls');
    expect(codeFileExtension('a.csv')).toBe('csv');
    expect(codeFileExtension('a.txt')).toBeNull();
  });
});

describe('CodeSummarizer', () => {
  it('gives the same summary fed in slices as summarizeCodes in one call, past its first table size', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[0-9A-C ]{0,3}$/), { maxLength: 200 }), fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1 }), (cells, cuts) => {
        const existing = new Set(['A', '01']);
        const summarizer = new CodeSummarizer(1, existing);
        let from = 0;
        for (let k = 0; from < cells.length; k++) {
          const to = Math.min(cells.length, from + cuts[k % cuts.length]!);
          summarizer.add(cells, from, to);
          from = to;
        }
        expect(summarizer.summary()).toEqual(summarizeCodes(cells, existing));
      }),
    );
  });
  it('keeps 200,000 distinct codes, drops their repeats and keeps the file order', () => {
    const cells = Array.from({ length: 200_000 }, (_, i) => String(i).padStart(10, '0'));
    const { codes, duplicatesInFile } = summarizeCodes([...cells, ...cells.slice(0, 1000)]);
    expect(codes.length).toBe(cells.length);
    expect(codes.every((code, i) => code === cells[i])).toBe(true);
    expect(duplicatesInFile).toBe(1000);
  });
});

describe('CodeTextSummarizer', () => {
  it('gives summarizeCodes’s codes and counts for the same cells joined by line breaks, read in steps of any size', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[0-9A-C \t\u00a0\u3000]{0,4}$/), { maxLength: 120 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 30 }),
        (body, header, stepRows) => {
          const cells = header ? ['Codes', ...body] : body;
          const existing = new Set(['A', '01']);
          const summarizer = new CodeTextSummarizer(cells.join('\n'), cells.length, existing);
          while (summarizer.step(stepRows));
          const { codesText, ...counts } = summarizer.summary();
          const { codes, ...expected } = summarizeCodes(cells, existing);
          expect(codesText === '' ? [] : codesText.split('\n')).toEqual(codes);
          expect(counts).toEqual(expected);
        },
      ),
    );
  });
  it('hands 200,000 distinct codes back as the text they came in, without a string per code', () => {
    const text = Array.from({ length: 200_000 }, (_, i) => String(i).padStart(10, '0')).join('\n');
    const { codesText, added } = new CodeTextSummarizer(`code\n${text}\n${text.slice(0, 10)}`, 200_002).summary();
    expect(added).toBe(200_000);
    expect(codesText).toBe(text);
  });
});

describe('ExistingCodeFilter', () => {
  it('gives, over a summary made without the reward’s codes, the summary made with them, read in steps of any size', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[0-9A-C \t]{0,3}$/), { maxLength: 120 }),
        fc.array(fc.stringMatching(/^[0-9A-C]{1,3}$/), { maxLength: 12 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 30 }),
        (body, old, header, stepRows) => {
          // "code" among the cells as well: after the first row it is a code, also once the rows before it are gone.
          const cells = header ? ['code', ...body] : ['', 'code', ...body];
          const existing = new Set(old);
          const filter = new ExistingCodeFilter(new CodeTextSummarizer(cells.join('\n'), cells.length).summary(), existing);
          while (filter.step(stepRows));
          expect(filter.summary()).toEqual(new CodeTextSummarizer(cells.join('\n'), cells.length, existing).summary());
        },
      ),
    );
  });
});
