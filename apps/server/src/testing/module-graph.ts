import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// import-x/no-cycle sees cycles between files; two modules can still depend on each other through
// different files (launch/add-budget → scheduler, scheduler/campaign-transitions → launch) with no
// file cycle at all. This builds the graph one level up — a unit is a folder directly under a root
// (apps/server/src/modules/<a>, apps/web/src/features/<a>) — so a test can require it to be acyclic.

/** unit → the units it imports, each with one importing file as evidence. */
export type UnitGraph = Map<string, Map<string, string>>;

const SOURCE = /\.(ts|tsx|mts)$/;
const TEST = /\.test\.(ts|tsx|mts)$|\.d\.ts$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [full] : [];
  });
}

/** Every module specifier a file names: static and type-only imports, re-exports, dynamic import(). */
export function importSpecifiers(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

/**
 * The graph of units under `root` from the import statements of their non-test files. Only
 * relative specifiers can reach another unit (packages such as @rally/domain are below every unit).
 */
export function unitGraph(root: string): UnitGraph {
  const graph: UnitGraph = new Map();
  const units = readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  for (const unit of units) {
    const edges = new Map<string, string>();
    graph.set(unit, edges);
    for (const file of sourceFiles(path.join(root, unit))) {
      for (const spec of importSpecifiers(readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const [target] = path.relative(root, path.resolve(path.dirname(file), spec)).split(path.sep);
        if (!target || target === '..' || target === unit || !units.includes(target)) continue;
        if (!edges.has(target)) edges.set(target, path.relative(root, file));
      }
    }
  }
  return graph;
}

/** A cycle as the units on it, first repeated last (['a', 'b', 'a']), or null when the graph is acyclic. */
export function findCycle(graph: ReadonlyMap<string, ReadonlyMap<string, unknown> | ReadonlySet<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (unit: string): string[] | null => {
    if (state.get(unit) === 'done') return null;
    if (state.get(unit) === 'open') return [...stack.slice(stack.indexOf(unit)), unit];
    state.set(unit, 'open');
    stack.push(unit);
    for (const next of graph.get(unit)?.keys() ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(unit, 'done');
    return null;
  };
  for (const unit of [...graph.keys()].sort()) {
    const cycle = visit(unit);
    if (cycle) return cycle;
  }
  return null;
}

/** The cycle spelled out for a failing test: each arrow with a file that makes it. */
export function describeCycle(graph: UnitGraph, cycle: string[]): string {
  return cycle
    .slice(0, -1)
    .map((unit, i) => `${unit} → ${cycle[i + 1]} (${graph.get(unit)?.get(cycle[i + 1]!) ?? '?'})`)
    .join('\n');
}

/**
 * The module order docs/ARCHITECTURE.md documents ("### Module order"): the server's numbered list (names before a
 * " — " note; one rank per line) and the web's "Web features, lowest first:" sentence (one rank per name).
 */
export function documentedOrder(markdown: string): { server: Map<string, number>; web: Map<string, number> } {
  const section = markdown.split('### Module order')[1]?.split(/\n## /)[0] ?? '';
  const names = (text: string) => [...text.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!);
  const server = new Map<string, number>();
  for (const [, rank, text] of section.matchAll(/^(\d+)\. (.*)$/gm)) {
    for (const name of names(text!.split(' — ')[0]!)) server.set(name, Number(rank));
  }
  const webList = /Web features, lowest first:([\s\S]*?)\(/.exec(section)?.[1] ?? '';
  const web = new Map(names(webList).map((name, i) => [name, i + 1]));
  return { server, web };
}

/** Arrows that do not point to an earlier rank (or touch a unit the order does not list), spelled out. */
export function arrowsAgainstOrder(graph: UnitGraph, order: ReadonlyMap<string, number>): string[] {
  const wrong: string[] = [];
  for (const [unit, edges] of graph) {
    if (!order.has(unit)) wrong.push(`${unit} is not in the documented order`);
    for (const [target, file] of edges) {
      const [from, to] = [order.get(unit), order.get(target)];
      if (from !== undefined && to !== undefined && to >= from) wrong.push(`${unit} → ${target} (${file}) points up or sideways`);
    }
  }
  return wrong;
}
