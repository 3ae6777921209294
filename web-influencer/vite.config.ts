import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstLoad } from '../scripts/vite-first-load';
import { paths } from './src/shared/paths';

export default defineConfig({
  // The API server mounts this build at /influencer/; src/app/router.tsx uses the same basename.
  base: '/influencer/',
  plugins: [
    react(),
    // Tree-shaking and chunk grouping that keep the first load small, the entry's CSS inlined,
    // and each address's screen (src/app/router.tsx) for the server to preload (see the file).
    firstLoad({
      routes: {
        [paths.dashboard]: 'src/features/dashboard/dashboard-screen.tsx',
        [paths.login]: 'src/features/login/login-screen.tsx',
        [paths.statement]: 'src/features/statement/statement-screen.tsx',
        [paths.orders]: 'src/features/orders/orders-screen.tsx',
        [paths.queries]: 'src/features/queries/queries-screen.tsx',
        [paths.payouts]: 'src/features/payouts/payouts-screen.tsx',
      },
    }),
  ],
  build: { outDir: 'dist', emptyOutDir: true },
  // Each app gets its own dev port; /api goes to the server started with `npm start`.
  server: { port: 5175, strictPort: true, proxy: { '/api': 'http://localhost:3000' } },
});
