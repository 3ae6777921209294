import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { type InitialAssets, initialAssets } from './initial-js';

const ENTRY = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';

const router = createBrowserRouter([{ path: '/', element: <h1>Hello</h1> }]);
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
`;

const HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>bare</title></head>
  <body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>
</html>
`;

/**
 * The baseline the customer app's first load is held against: the smallest React 19 app with
 * the same router, built now by the repository's own Vite, React and react-router (a folder in
 * the temp dir whose node_modules points at the repository's), with Vite's defaults.
 */
export async function buildBareReactRouterApp(repoRoot: string): Promise<InitialAssets> {
  const dir = await mkdtemp(join(tmpdir(), 'shortlist-bench-bare-react-'));
  try {
    await mkdir(join(dir, 'src'));
    await symlink(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
    await writeFile(join(dir, 'index.html'), HTML);
    await writeFile(join(dir, 'src', 'main.tsx'), ENTRY);
    await build({
      root: dir,
      configFile: false,
      logLevel: 'warn',
      mode: 'production',
      plugins: [react()],
      build: { outDir: join(dir, 'dist'), emptyOutDir: true },
    });
    return await initialAssets(join(dir, 'dist'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
