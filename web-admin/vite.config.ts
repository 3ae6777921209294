import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstLoad } from '../scripts/vite-first-load';

export default defineConfig({
  // The API server mounts this build at /admin/; src/app/router.tsx uses the same basename.
  base: '/admin/',
  // firstLoad: tree-shaking and chunk grouping that keep the first load small (see the file).
  plugins: [react(), firstLoad()],
  build: { outDir: 'dist', emptyOutDir: true },
  // Each app gets its own dev port; /api goes to the server started with `npm start`.
  server: { port: 5174, strictPort: true, proxy: { '/api': 'http://localhost:3000' } },
});
