import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstLoad } from '../scripts/vite-first-load';

export default defineConfig({
  // The API server mounts this build at /; src/app/router.tsx uses the same basename.
  base: '/',
  // firstLoad: tree-shaking and chunk grouping that keep the first load small (see the file).
  plugins: [react(), firstLoad()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The template previews are images below the fold: files the browser fetches when they
    // near the screen, not text inside the first page's JavaScript.
    assetsInlineLimit: (file) => (file.endsWith('.svg') ? false : undefined),
  },
  // Each app gets its own dev port; /api goes to the server started with `npm start`.
  server: { port: 5173, strictPort: true, proxy: { '/api': 'http://localhost:3000' } },
});
