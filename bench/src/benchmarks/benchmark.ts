import type { Database } from '@rally/server';
import type { Measurement, MeasureOptions, measure } from '../lib/measure.js';

export interface BenchContext {
  /** Origin of the bare Fastify server (GET /bare). */
  bareUrl: string;
  /** Origin of the Rally app. */
  appUrl: string;
  /** Cookie header of the bench user's session. */
  cookie: string;
  database: Database;
  /** Connections, duration and warm-up chosen on the command line. */
  load: Required<Pick<MeasureOptions, 'connections' | 'durationSeconds' | 'warmupSeconds'>>;
  measure: typeof measure;
}

export interface Benchmark {
  /** kebab-case, used by --only. */
  name: string;
  /** One line for the results table and README. */
  description: string;
  /** Pass/fail target on p95 latency, in milliseconds. */
  p95TargetMs?: number;
  /** Pass/fail target on req/s as a share of the bare route's in the same run (0.25 = 25 %). */
  minRatioToBaseline?: number;
  run(ctx: BenchContext): Promise<Measurement>;
}
