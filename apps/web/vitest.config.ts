import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // A wizard test drives dozens of renders in jsdom; on a busy 2-core machine that outgrows the 5 s default.
    // The limit only stops a hung test — speed is measured in bench/, not here.
    testTimeout: 20_000,
  },
});
