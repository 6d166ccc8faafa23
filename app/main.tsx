import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import './lib/preact-events';
import { registerServiceWorker } from './lib/service-worker';
import { swrConfig } from './lib/swr';
import { createRouter } from './router';
import './styles.css';

const router = createRouter();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <SWRConfig value={swrConfig}>
      <RouterProvider router={router} />
    </SWRConfig>
  </StrictMode>,
);

registerServiceWorker();
