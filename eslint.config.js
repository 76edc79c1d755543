import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

// packages/domain holds the spec's rules for browser and server alike: pure
// TypeScript and zod, so it may import nothing that does I/O or renders.
const DOMAIN_FORBIDDEN = [
  { group: ['@rally/server', '@rally/web', '**/apps/**'], message: 'domain must not depend on the apps' },
  { group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*', 'better-auth', 'better-auth/*'], message: 'domain does no I/O' },
  { group: ['fastify', '@fastify/*', 'react', 'react-dom', '@mantine/*', '@tanstack/*', 'react-router'], message: 'domain is framework-free' },
  { group: ['node:*', 'fs', 'path', 'http', 'crypto'], message: 'domain does no I/O' },
];

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
    files: ['packages/domain/**/*.ts'],
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
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
