#!/usr/bin/env node
// Prints the gzip size of what each web entry (index.html = dashboard, play/index.html = participant app,
// src/public-page/main.ts = the public campaign page's only script, entry "public-page", budget 60 kB with its HTML)
// loads on first paint, and what each lazily loaded chunk (a route) adds on top, from Vite's build manifest.
//
//   npm run build -w @rally/web && node scripts/bundle-sizes.mjs [--dist apps/web/dist] [--json] [--budget play=120,main=150]
//
// "First load" = the entry chunk, its static imports (which Vite preloads) and their CSS. A lazy chunk's
// "adds" = its own static closure minus what its entry already loaded. --budget exits 1 when an entry's
// first load exceeds the given kB (gzip), so CI can hold a budget.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};
const dist = path.resolve(flag('--dist') ?? 'apps/web/dist');
const asJson = args.includes('--json');
const budgets = Object.fromEntries(
  (flag('--budget') ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => {
      const [name, kb] = pair.split('=');
      return [name, Number(kb)];
    }),
);

const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No manifest at ${manifestPath}: build first (npm run build -w @rally/web; build.manifest must be on).`);
  process.exit(2);
}
/** @type {Record<string, {file: string, name?: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const sizeCache = new Map();
function sizes(file) {
  let s = sizeCache.get(file);
  if (!s) {
    const buf = readFileSync(path.join(dist, file));
    s = { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
    sizeCache.set(file, s);
  }
  return s;
}

/** Every file (JS and CSS) a chunk loads statically, itself included. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}

function total(files) {
  let js = 0, css = 0, raw = 0;
  for (const f of files) {
    const s = sizes(f);
    raw += s.raw;
    if (f.endsWith('.css')) css += s.gzip;
    else js += s.gzip;
  }
  return { jsGzip: js, cssGzip: css, gzip: js + css, raw };
}

/** Dynamic chunks reachable from an entry, at any depth, each with what it adds over the entry's first load. */
function lazyChunks(entryKey, base) {
  const out = [];
  const visited = new Set();
  const walk = (key) => {
    for (const dyn of manifest[key]?.dynamicImports ?? []) {
      if (visited.has(dyn)) continue;
      visited.add(dyn);
      const own = [...closure(dyn)].filter((f) => !base.has(f));
      out.push({ chunk: manifest[dyn]?.name ?? dyn, src: manifest[dyn]?.src ?? dyn, adds: total(own) });
      walk(dyn);
    }
    for (const stat of manifest[key]?.imports ?? []) if (!visited.has(stat)) { visited.add(stat); walk(stat); }
  };
  walk(entryKey);
  return out.sort((a, b) => b.adds.gzip - a.adds.gzip);
}

const kb = (n) => (n / 1024).toFixed(1);
const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
const report = entries.map(([key, chunk]) => {
  const files = closure(key);
  const first = total(files);
  return {
    entry: chunk.name ?? key,
    html: key,
    firstLoad: first,
    files: [...files].map((f) => ({ file: f, ...sizes(f) })),
    lazy: lazyChunks(key, files),
  };
});

let failed = false;
if (asJson) {
  console.log(JSON.stringify(report, null, 2));
} else {
  for (const r of report) {
    console.log(`\n${r.html}  (entry "${r.entry}")`);
    console.log(`  first load: ${kb(r.firstLoad.gzip)} kB gzip  (JS ${kb(r.firstLoad.jsGzip)} + CSS ${kb(r.firstLoad.cssGzip)}; ${kb(r.firstLoad.raw)} kB raw)`);
    for (const f of r.files.sort((a, b) => b.gzip - a.gzip)) console.log(`    ${kb(f.gzip).padStart(7)} kB  ${f.file}`);
    if (r.lazy.length > 0) {
      console.log('  lazy chunks (routes), gzip added over the first load:');
      for (const l of r.lazy) console.log(`    ${kb(l.adds.gzip).padStart(7)} kB  ${l.src}`);
    }
  }
}
for (const r of report) {
  const limit = budgets[r.entry];
  if (limit !== undefined && r.firstLoad.gzip / 1024 > limit) {
    console.error(`Budget exceeded: ${r.entry} loads ${kb(r.firstLoad.gzip)} kB gzip > ${limit} kB`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
