import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Benchmark } from '../benchmarks/benchmark.js';
import type { Measurement } from './measure.js';

export interface Row {
  benchmark: Benchmark;
  measurement: Measurement;
  /** req/s of this route over req/s of the bare route. */
  ratioToBaseline: number | undefined;
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');

function verdict(row: Row): string {
  const parts: string[] = [];
  const p95 = row.benchmark.p95TargetMs;
  const clean = row.measurement.non2xx === 0 && row.measurement.errors === 0;
  if (p95 !== undefined) parts.push(`${row.measurement.p95 <= p95 && clean ? 'PASS' : 'FAIL'} (p95 ≤ ${p95} ms)`);
  const ratio = row.benchmark.minRatioToBaseline;
  if (ratio !== undefined && row.ratioToBaseline !== undefined) {
    parts.push(`${row.ratioToBaseline >= ratio ? 'PASS' : 'FAIL'} (≥ ${Math.round(ratio * 100)} % of bare)`);
  }
  return parts.join(', ');
}

export function markdownTable(rows: Row[]): string {
  const lines = [
    '| Benchmark | req/s | p50 ms | p95 ms | p99 ms | max ms | vs bare | non-2xx / errors | Target |',
    '|---|--:|--:|--:|--:|--:|--:|--:|---|',
  ];
  for (const row of rows) {
    const m = row.measurement;
    lines.push(
      `| ${row.benchmark.name} | ${Math.round(m.requestsPerSecond).toLocaleString('en')} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} | ${ms(m.max)} | ${
        row.ratioToBaseline === undefined ? '—' : `${(row.ratioToBaseline * 100).toFixed(1)} %`
      } | ${m.non2xx} / ${m.errors} | ${verdict(row)} |`,
    );
  }
  return lines.join('\n');
}

/** Replaces (or appends) the section between the markers of `id`, leaving other sections alone. */
export function writeSection(file: string, id: string, body: string): void {
  const start = `<!-- results:${id} -->`;
  const end = `<!-- /results:${id} -->`;
  const block = `${start}\n${body.trim()}\n${end}`;
  const current = existsSync(file)
    ? readFileSync(file, 'utf8')
    : '# Benchmark results\n\nWritten by `npm run bench`; each section is replaced by the next run of the same selection.\n';
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? current.slice(0, from) + block + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}
