import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The API is served by apps/server on the same origin in production; in dev the
// proxy keeps it same-origin too, so the session cookie works without CORS.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      // changeOrigin stays false: the server's CSRF guard accepts a write whose Origin
      // matches the Host it sees, which holds only if the browser's Host is forwarded.
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets scripts/bundle-sizes.mjs report what each entry loads.
    manifest: true,
    rolldownOptions: {
      // Two apps, two entries: the participant app (/play) never loads the dashboard's code or Mantine.
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        play: fileURLToPath(new URL('./play/index.html', import.meta.url)),
        // The public campaign page is HTML from the server; this is its one small script (no React, no Mantine).
        'public-page': fileURLToPath(new URL('./src/public-page/main.ts', import.meta.url)),
      },
    },
  },
});
