import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstLoad } from '../scripts/vite-first-load';
import { paths } from './src/shared/paths';

const legal = 'src/features/legal/legal-screen.tsx';
const register = 'src/features/register/register-screen.tsx';

export default defineConfig({
  // The API server mounts this build at /; src/app/router.tsx uses the same basename.
  base: '/',
  plugins: [
    react(),
    // Tree-shaking and chunk grouping that keep the first load small, the entry's CSS inlined,
    // and each address's screen (src/app/router.tsx) for the server to preload (see the file).
    // Home is in the entry; the signed-in screens are preloaded for everyone (the server cannot
    // see the session, kept in the browser's storage).
    firstLoad({
      // Drawn after the first paint on every page (the footer) or below Home's first screen.
      belowTheFold: [
        'src/app/site-footer.tsx',
        'src/features/home/templates-carousel.tsx',
        'src/features/home/resume-illustration.tsx',
      ],
      // Drawn from the page alone: the upload dialogs (and their data libraries) load on opening.
      withoutServerState: ['src/features/pricing/pricing-screen.tsx'],
      routes: {
        [paths.about]: 'src/features/about/about-screen.tsx',
        [paths.contact]: 'src/features/contact/contact-screen.tsx',
        [paths.privacy]: legal,
        [paths.terms]: legal,
        [paths.refund]: legal,
        [paths.disclaimer]: legal,
        [paths.influencerKit]: 'src/features/influencer-kit/influencer-kit-screen.tsx',
        [paths.login]: 'src/features/login/login-screen.tsx',
        [paths.register]: register,
        [paths.signup]: register,
        [paths.atsCheck]: 'src/features/ats-check/ats-check-screen.tsx',
        [paths.forgot]: 'src/features/forgot/forgot-screen.tsx',
        [paths.maintenance]: 'src/features/maintenance/maintenance-screen.tsx',
        [paths.createResume]: 'src/features/resume-builder/resume-builder-screen.tsx',
        [paths.pricing]: 'src/features/pricing/pricing-screen.tsx',
        [paths.checkout]: 'src/features/checkout/checkout-screen.tsx',
        [paths.orders]: 'src/features/orders/orders-screen.tsx',
        [paths.profile]: 'src/features/profile/profile-screen.tsx',
      },
    }),
  ],
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
