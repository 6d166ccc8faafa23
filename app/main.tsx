import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SWRConfig } from 'swr';
import { Router } from 'wouter';
import { aroundNav, restoreScrollOnHistory } from './lib/navigation';
import { registerServiceWorker } from './lib/service-worker';
import { swrConfig } from './lib/swr';
import { Pages } from './router';
import { Layout } from './shell/Layout';
import './styles.css';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <SWRConfig value={swrConfig}>
      <Router aroundNav={aroundNav}>
        <Layout>
          <Pages />
        </Layout>
      </Router>
    </SWRConfig>
  </StrictMode>,
);

restoreScrollOnHistory();
registerServiceWorker();
