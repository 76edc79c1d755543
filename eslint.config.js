import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';
import globals from 'globals';

// packages/domain holds the spec's rules for browser and server alike: pure
// TypeScript and zod (and code-summary.js, plain JavaScript so that a worker thread
// can load it), so it may import nothing that does I/O or renders.
const DOMAIN_FORBIDDEN = [
  { group: ['@rally/server', '@rally/web', '**/apps/**'], message: 'domain must not depend on the apps' },
  { group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*', 'better-auth', 'better-auth/*'], message: 'domain does no I/O' },
  { group: ['fastify', '@fastify/*', 'react', 'react-dom', '@mantine/*', '@tanstack/*', 'react-router'], message: 'domain is framework-free' },
  { group: ['node:*', 'fs', 'path', 'http', 'crypto'], message: 'domain does no I/O' },
];

const dirsIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

// A web feature may use another feature only through that feature's public file (index.ts), if at all;
// what several features share lives in app/, lib/ or components/.
const WEB_FEATURES = dirsIn('./apps/web/src/features/');
const WEB_FEATURE_ZONES = WEB_FEATURES.map((feature) => ({
  target: `./apps/web/src/features/${feature}`,
  from: './apps/web/src/features',
  except: [`./${feature}`, ...WEB_FEATURES.filter((f) => f !== feature).map((f) => `./${f}/index.ts`)],
  message: 'a feature imports another feature only through its index.ts; move shared code to app/, lib/ or components/',
}));

// A server module uses another module only through its public file (index.ts).
const SERVER_MODULES = dirsIn('./apps/server/src/modules/');
const SERVER_MODULE_ZONES = SERVER_MODULES.map((mod) => ({
  target: `./apps/server/src/modules/${mod}`,
  from: './apps/server/src/modules',
  except: [`./${mod}`, ...SERVER_MODULES.filter((m) => m !== mod).map((m) => `./${m}/index.ts`)],
  message: 'a module imports another module only through its index.ts',
}));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/migrations/**', 'data/**', 'e2e/artifacts/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-self-import': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only'][callee.object.name=/^(it|test|describe)$/]", message: 'no .only in tests' },
      ],
    },
  },
  {
    files: ['packages/domain/**/*.{ts,js}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: DOMAIN_FORBIDDEN }],
      'no-restricted-globals': ['error', { name: 'process', message: 'domain reads no environment' }, { name: 'fetch', message: 'domain does no I/O' }],
    },
  },
  {
    // Only the config module reads the environment.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config/**', 'apps/server/src/main.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'read configuration through config/env.ts' }],
    },
  },
  {
    // Test helpers (factories, the engine kit, SMTP capture) are for tests: production code that imported them would
    // load the factories and their fake data at run time. The package entry (src/index.ts) is exempt: it is what e2e
    // and bench import from @rally/server, never loaded by main.ts.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/testing/**', 'apps/server/src/index.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)testing/', message: 'only tests and testing/ import the test helpers' }] }],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}'],
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          // Server sources import './x.js' for './x.ts' (NodeNext).
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          conditionNames: ['import', 'default'],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...WEB_FEATURE_ZONES, ...SERVER_MODULE_ZONES] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
