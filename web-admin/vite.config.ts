import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstLoad } from '../scripts/vite-first-load';
import { paths } from './src/shared/paths';

export default defineConfig({
  // The API server mounts this build at /admin/; src/app/router.tsx uses the same basename.
  base: '/admin/',
  plugins: [
    react(),
    // Tree-shaking and chunk grouping that keep the first load small, the entry's CSS inlined,
    // and each address's screen (src/app/router.tsx) for the server to preload (see the file).
    firstLoad({
      routes: {
        [paths.dashboard]: 'src/features/dashboard/dashboard-screen.tsx',
        [paths.orders]: 'src/features/orders/orders-screen.tsx',
        [paths.users]: 'src/features/users/users-screen.tsx',
        [paths.supportQueries]: 'src/features/support-queries/support-queries-screen.tsx',
        [paths.influencers]: 'src/features/influencers/influencers-screen.tsx',
        [paths.influencerQueries]: 'src/features/influencer-queries/influencer-queries-screen.tsx',
        [paths.influencerPayouts]: 'src/features/influencer-payouts/payouts-screen.tsx',
      },
    }),
  ],
  build: { outDir: 'dist', emptyOutDir: true },
  // Each app gets its own dev port; /api goes to the server started with `npm start`.
  server: { port: 5174, strictPort: true, proxy: { '/api': 'http://localhost:3000' } },
});
