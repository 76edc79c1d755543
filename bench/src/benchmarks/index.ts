import { authMe } from './auth-me.js';
import { bareJson } from './bare-json.js';
import type { Benchmark } from './benchmark.js';
import { autosaveWriteBenchmark, builderLoadBenchmark } from './builder.js';
import { campaignListDeepPage, campaignListFirstPage } from './campaign-list.js';
import { reachGroups50, reachGroups50Cold, reachStores500, reachStores500Cold } from './store-reach.js';
import { groupTableSorted, storeTableLastPage, storeTableSearch } from './store-tables.js';

/** Every benchmark, in run order; the first is the baseline the others are compared with. */
export const BENCHMARKS: readonly Benchmark[] = [
  bareJson,
  authMe,
  campaignListFirstPage,
  campaignListDeepPage,
  builderLoadBenchmark,
  autosaveWriteBenchmark,
  reachStores500Cold,
  reachStores500,
  reachGroups50Cold,
  reachGroups50,
  storeTableSearch,
  storeTableLastPage,
  groupTableSorted,
];
export const BASELINE = bareJson;
