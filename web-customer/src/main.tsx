// First: zod must know it may not use eval before any schema is built (see the module).
import '@shortlist/web-kit/schema-parsing';
import '@shortlist/web-kit/tokens.css';
import '@shortlist/web-kit/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/app-providers';
import { createAppRouter } from './app/router';

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html has no #root element');
}

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
