import { Hono } from 'hono';
import type { Catalog } from '../../content/catalog';
import type { AppEnv } from '../../http/env';

export function contentRoutes(catalog: Catalog) {
  // Content changes only with a deploy; let browsers and the service worker reuse it briefly.
  const cache = 'public, max-age=300';
  return new Hono<AppEnv>()
    .get('/summary', (c) => {
      c.header('Cache-Control', cache);
      return c.json(catalog.summary);
    })
    .get('/jobs', (c) => {
      c.header('Cache-Control', cache);
      return c.json({ jobs: catalog.jobNames });
    });
}
