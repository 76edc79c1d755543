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
        },
      },
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          // Two files at a time: each starts its own server on its own database and port and its own Chromium,
          // and most of a browser test's time is waiting, so two halve the suite on a 2-core machine. The
          // limits only stop a hang (a journey of three users takes a minute and a half when the machine is busy).
          testTimeout: 180_000,
          hookTimeout: 300_000,
          maxWorkers: 2,
        },
      },
    ],
  },
});
