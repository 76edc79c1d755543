import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file builds its own app and database; two at a time suits a 2-core machine.
          maxWorkers: 2,
          // A worker keeps the modules it imported for its next file: importing the server's module graph again took
          // 3 s of every file, half the CPU of the suite. Nothing of one file's app outlives it (each builds its own
          // app, database and caches); a file that fakes timers or spies restores them after itself.
          isolate: false,
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          // The limits only stop a hang (a journey of three users takes a minute and a half on a busy machine).
          testTimeout: 180_000,
          hookTimeout: 300_000,
          // A browser waits for the server and the screen: a poll gets as long as a page takes on a busy machine.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // Each file starts its own server, database and Chromium: two files at a time on a 2-core machine.
          maxWorkers: 2,
          // As on the server project: a worker keeps the server's modules imported for its next file.
          isolate: false,
        },
      },
    ],
  },
});
