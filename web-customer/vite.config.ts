import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  // The API server mounts this build at /; src/app/router.tsx uses the same basename.
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // What keeps the first page's JavaScript to what it runs (`npm run bench:web` prints it):
      treeshake: {
        // Building a zod schema has no side effect, so a schema nothing reads is dropped rather
        // than kept for the call (the domain declares schemas beside plain helpers and data).
        manualPureFunctions: ['z'],
        // web-kit's modules only declare things (its CSS and its zod setting are the exceptions),
        // so importing one name from its index does not bring every component along.
        moduleSideEffects: [
          { test: /web-kit[\\/]src[\\/](?!schema-parsing).*\.tsx?$/, sideEffects: false },
        ],
      },
    },
  },
  // Each app gets its own dev port; /api goes to the server started with `npm start`.
  server: { port: 5173, strictPort: true, proxy: { '/api': 'http://localhost:3000' } },
});
