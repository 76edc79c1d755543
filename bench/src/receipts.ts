import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { decideReceipt, parseReceiptText } from '@rally/domain';
import { createOcrPool, randomReceiptSpec, renderReceipt, receiptTotalCents, type ReceiptSpec } from '@rally/server';
import { writeSection } from './lib/results.js';

/**
 * Smart review OCR benchmark (issue 15, decision 0009): generates N receipt photos (varied fonts, sizes, label
 * wordings, date formats, noise, blur, rotation), reads each with the server's OCR pool (tesseract.js, English
 * model from the package, offline) and the domain's receipt rules, and reports:
 *  - accuracy of the total read (target ≥ 95 %),
 *  - decisions against a claimed sale: half the claims equal the receipt's total (may be accepted), half differ
 *    by 1 cent … 5.00 (must never be accepted),
 *  - throughput in receipts/s with 2 workers, against 1 worker on the same machine in the same run.
 *   npm run receipts -w @rally/bench -- [--count 200] [--workers 2] [--baseline 20] [--out /tmp/rally-receipts] [--no-write]
 */
const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '200' },
    workers: { type: 'string', default: '2' },
    baseline: { type: 'string', default: '20' },
    out: { type: 'string', default: '/tmp/rally-receipts' },
    'no-write': { type: 'boolean', default: false },
  },
});
const N = Number(values.count);
const W = Number(values.workers);
const B = Math.min(N, Number(values.baseline));
mkdirSync(values.out, { recursive: true });

// 1. The generated set (deterministic: receipt i has seed i).
const t0 = Date.now();
const set: { spec: ReceiptSpec; image: Buffer; total: number; claim: number }[] = [];
for (let i = 1; i <= N; i++) {
  const spec = randomReceiptSpec(i);
  const image = await renderReceipt(spec);
  writeFileSync(path.join(values.out, `receipt-${String(i).padStart(4, '0')}.jpg`), image);
  const total = receiptTotalCents(spec);
  // Odd receipts are claimed with a different amount: 1 cent to 5.00 off, up or down.
  const delta = i % 2 === 0 ? 0 : (1 + ((i * 37) % 500)) * (i % 4 === 1 ? 1 : -1);
  set.push({ spec, image, total, claim: Math.max(1, total + delta) });
}
const generateSeconds = (Date.now() - t0) / 1000;
console.log(JSON.stringify({ step: 'generated', count: N, seconds: generateSeconds, dir: values.out }));

async function readAll(items: typeof set, workers: number) {
  const pool = createOcrPool({ size: workers, cacheDir: path.join(os.tmpdir(), 'rally-ocr-bench') });
  // Warm the workers (model load) outside the measured time, as a running server has them warm.
  await Promise.all(Array.from({ length: workers }, () => pool.recognize(items[0]!.image)));
  const start = Date.now();
  const texts = await Promise.all(items.map((r) => pool.recognize(r.image).then((x) => x.text)));
  const seconds = (Date.now() - start) / 1000;
  await pool.close();
  return { texts, seconds };
}

// 2. Baseline: one worker on the first B receipts; then the pool size on all of them.
const base = await readAll(set.slice(0, B), 1);
console.log(JSON.stringify({ step: 'baseline', workers: 1, receipts: B, seconds: base.seconds, perSecond: B / base.seconds }));
const run = await readAll(set, W);
console.log(JSON.stringify({ step: 'run', workers: W, receipts: N, seconds: run.seconds, perSecond: N / run.seconds }));

// 3. Accuracy and decisions.
let totalsRight = 0;
let confirmed = 0;
let matchingAccepted = 0;
let falseAccepts = 0;
const misses: string[] = [];
set.forEach((r, i) => {
  const parsed = parseReceiptText(run.texts[i]!);
  if (parsed.totalCents === r.total) totalsRight++;
  else misses.push(`#${i + 1} (${r.spec.font}, ${r.spec.fontSize}px, rot ${r.spec.rotation.toFixed(1)}°): read ${parsed.totalCents} want ${r.total}`);
  if (parsed.totalConfidence === 'confirmed') confirmed++;
  const d = decideReceipt(parsed, { salesAmountCents: r.claim, itemTitles: [r.spec.items[0]!.name], earliestDate: '2026-11-01', latestDate: '2026-11-22' }, null);
  if (d.decision === 'accept') {
    if (r.claim === r.total) matchingAccepted++;
    else falseAccepts++;
  }
});
const matching = set.filter((r) => r.claim === r.total).length;
const accuracy = totalsRight / N;
const perSecond = N / run.seconds;
const basePerSecond = B / base.seconds;
const summary = {
  count: N,
  totalAccuracy: accuracy,
  totalsConfirmed: confirmed,
  claimsMatching: matching,
  matchingAutoAccepted: matchingAccepted,
  claimsDiffering: N - matching,
  differingAutoAccepted: falseAccepts,
  receiptsPerSecond: perSecond,
  oneWorkerPerSecond: basePerSecond,
};
console.log(JSON.stringify({ step: 'result', ...summary, misses: misses.slice(0, 20) }));

if (!values['no-write']) {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const body = `## Smart review OCR — ${when} UTC

- Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}; tesseract.js with the English \`4.0.0_best_int\` model read from \`@tesseract.js-data/eng\` (offline).
- Command: \`npm run receipts -w @rally/bench -- --count ${N} --workers ${W}\`
- Set: ${N} generated receipts (\`apps/server/src/testing/receipt-image.ts\`, seeds 1…${N}): 9 fonts (DejaVu / Liberation, condensed, mono, serif), 17–22 px, rotation ±2°, speckle noise, tinted paper, blur on ~30 %, JPEG; 1–5 items, 0–10 % tax, 5 total labels, 3 date formats. Generated in ${generateSeconds.toFixed(1)} s.
- Claims: ${matching} equal to the receipt's total, ${N - matching} differing by 0.01–5.00.

| Measure | Result | Target |
|---|--:|---|
| total read correctly | ${totalsRight} / ${N} = ${pct(accuracy)} | ${accuracy >= 0.95 ? 'PASS' : 'FAIL'} (≥ 95 %) |
| total confirmed by the receipt's arithmetic | ${confirmed} / ${N} | |
| matching claims accepted automatically | ${matchingAccepted} / ${matching} = ${pct(matchingAccepted / Math.max(1, matching))} | (the rest go to the review queue) |
| differing claims accepted automatically | ${falseAccepts} / ${N - matching} | ${falseAccepts === 0 ? 'PASS' : 'FAIL'} (0) |
| throughput, ${W} workers | ${perSecond.toFixed(2)} receipts/s (${(1000 / perSecond).toFixed(0)} ms each) | |
| throughput, 1 worker (baseline, first ${B}) | ${basePerSecond.toFixed(2)} receipts/s | |
| ${W} workers vs 1 | ${((perSecond / basePerSecond) * 100).toFixed(0)} % | |
${misses.length > 0 ? `\nTotals misread: ${misses.slice(0, 10).join('; ')}${misses.length > 10 ? ` … (${misses.length} in all)` : ''}.` : ''}`;
  writeSection(path.resolve(import.meta.dirname, '../RESULTS.md'), 'smart-review-ocr', body);
}
