import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { restoreScrollOnHistory } from './lib/navigation';
import { registerServiceWorker } from './lib/service-worker';
import { readSsrPayload } from './lib/ssr-data';
import { preloadPage } from './router';
import './styles.css';

const root = document.getElementById('root') as HTMLElement;
const payload = readSsrPayload();
if (payload) {
  // Server-rendered: load the page's module first, so the hydrating render draws the page
  // the server drew (not a loading state), from the data the server used.
  // Inside a transition, hydration yields to the browser every few milliseconds instead of
  // blocking the main thread for the whole page (Lighthouse's total blocking time on a phone).
  // The server renders a public page from its path alone, one document for every query
  // (server/render/pages.ts): the hydrating render reads no query either (`ssrSearch` is what
  // the router's search reads while hydrating), and what `?word=` and the like ask for is
  // drawn right after, as an update, instead of React discarding the server's HTML (#418).
  const hydrate = () =>
    startTransition(() => {
      hydrateRoot(root, <App fallback={payload.data} ssrSearch="" />);
    });
  void preloadPage(window.location.pathname).then(hydrate, hydrate);
} else {
  createRoot(root).render(<App />);
}

restoreScrollOnHistory();
registerServiceWorker();
