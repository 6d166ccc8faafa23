import { Hono } from 'hono';
import type { Catalog } from '../../content/catalog';
import type { AppEnv } from '../../http/env';

export function contentRoutes(catalog: Catalog) {
  return new Hono<AppEnv>().get('/summary', (c) => {
    // Content changes only with a deploy; let browsers and the service worker reuse it briefly.
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(catalog.summary);
  });
}
