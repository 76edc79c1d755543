import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { arrowsAgainstOrder, describeCycle, documentedOrder, findCycle, importSpecifiers, unitGraph } from '../testing/module-graph.js';

// The allowed direction between modules is listed in docs/ARCHITECTURE.md ("Module order").
const here = path.dirname(fileURLToPath(import.meta.url));
const order = documentedOrder(readFileSync(path.resolve(here, '../../../../docs/ARCHITECTURE.md'), 'utf8'));
const roots = [
  { name: 'server modules', root: here, order: order.server },
  { name: 'web features', root: path.resolve(here, '../../../web/src/features'), order: order.web },
];

describe('the module graph', () => {
  for (const { name, root, order } of roots) {
    it(`has no cycle between ${name}`, () => {
      const graph = unitGraph(root);
      expect(graph.size).toBeGreaterThan(5);
      const cycle = findCycle(graph);
      expect(cycle && `a cycle between ${name}:\n${describeCycle(graph, cycle)}`).toBeNull();
    });

    it(`keeps the ${name} in the order docs/ARCHITECTURE.md lists`, () => {
      expect(arrowsAgainstOrder(unitGraph(root), order)).toEqual([]);
    });
  }
});

describe('the cycle checker', () => {
  const g = (edges: Record<string, string[]>) => new Map(Object.entries(edges).map(([k, v]) => [k, new Set(v)]));

  it('finds a cycle through three modules and names them in order', () => {
    expect(findCycle(g({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual(['a', 'b', 'c', 'a']);
  });

  it('finds two modules importing each other', () => {
    expect(findCycle(g({ launch: ['scheduler', 'billing'], scheduler: ['launch'], billing: [] }))).toEqual(['launch', 'scheduler', 'launch']);
  });

  it('passes a graph whose arrows all point one way, shared lower modules included', () => {
    expect(findCycle(g({ play: ['engine', 'smart-review'], 'smart-review': ['engine'], engine: ['campaign'], campaign: [] }))).toBeNull();
  });

  it('reads the documented order and names an arrow against it', () => {
    const markdown = [
      '### Module order',
      '',
      '1. `auth`',
      '2. `campaign`, `store`',
      '3. `partner` — takes `PartnerFill` from `app.ts`',
      '',
      'Web features, lowest first: `exports`,',
      '`stores` (shared things live in `lib`).',
      '',
      '## Next section',
      '4. `later`',
    ].join('\n');
    const { server, web } = documentedOrder(markdown);
    expect([...server]).toEqual([['auth', 1], ['campaign', 2], ['store', 2], ['partner', 3]]);
    expect([...web]).toEqual([['exports', 1], ['stores', 2]]);
    const graph = new Map([
      ['auth', new Map()],
      ['campaign', new Map([['auth', 'campaign/a.ts'], ['store', 'campaign/b.ts']])],
      ['store', new Map([['partner', 'store/c.ts']])],
      ['partner', new Map([['campaign', 'partner/d.ts']])],
      ['pos', new Map([['store', 'pos/e.ts']])],
    ]);
    expect(arrowsAgainstOrder(graph, server)).toEqual([
      'campaign → store (campaign/b.ts) points up or sideways',
      'store → partner (store/c.ts) points up or sideways',
      'pos is not in the documented order',
    ]);
  });

  describe('on files', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'module-graph-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };

    it('reads static, type-only, re-exported and dynamic imports', () => {
      const text = `import a from './a.js';\nimport type { B } from '../b/index.js';\nexport { c } from '../c/index.js';\nconst d = await import('../d/x.js');\nimport 'e';`;
      expect(importSpecifiers(text)).toEqual(['./a.js', '../b/index.js', '../c/index.js', '../d/x.js', 'e']);
    });

    it('builds module arrows from non-test files only and reports the cycle with its files', () => {
      write('launch/add-budget.ts', `import { startIfDue } from '../scheduler/index.js';\nimport { z } from 'zod';`);
      write('scheduler/index.ts', `export * from './jobs/run.js';`);
      write('scheduler/jobs/run.ts', `import type { Pay } from '../../launch/index.js';`);
      write('launch/index.ts', `export {};`);
      write('billing/wallet.ts', `export {};`);
      write('billing/wallet.test.ts', `import '../launch/index.js';`);
      const graph = unitGraph(root);
      expect([...graph.get('billing')!.keys()]).toEqual([]);
      const cycle = findCycle(graph);
      expect(cycle).toEqual(['launch', 'scheduler', 'launch']);
      expect(describeCycle(graph, cycle!)).toBe(
        [`launch → scheduler (${path.join('launch', 'add-budget.ts')})`, `scheduler → launch (${path.join('scheduler', 'jobs', 'run.ts')})`].join('\n'),
      );
    });
  });
});
