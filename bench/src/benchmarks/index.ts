import { authMe } from './auth-me.js';
import { bareJson } from './bare-json.js';
import type { Benchmark } from './benchmark.js';
import { autosaveWriteBenchmark, builderLoadBenchmark } from './builder.js';
import { campaignListDeepPage, campaignListFirstPage } from './campaign-list.js';

/** Every benchmark, in run order; the first is the baseline the others are compared with. */
export const BENCHMARKS: readonly Benchmark[] = [
  bareJson,
  authMe,
  campaignListFirstPage,
  campaignListDeepPage,
  builderLoadBenchmark,
  autosaveWriteBenchmark,
];
export const BASELINE = bareJson;
