import { StrictMode, useEffect, useMemo } from 'react';
import { SWRConfig, mutate, type Middleware } from 'swr';
import { Router } from 'wouter';
import { isRoleDependentContent } from '../core/content/access';
import { useAuth } from './lib/auth';
import { aroundNav } from './lib/navigation';
import { swrConfig } from './lib/swr';
import { Pages } from './router';
import { Layout } from './shell/Layout';

interface Props {
  /** Data the server rendered the page from (app/lib/ssr-data.ts), by SWR key. */
  fallback?: Record<string, unknown>;
  /** On the server: the page's path. */
  ssrPath?: string;
  /** The query the server rendered with: on the server, and in the browser's hydrating render. */
  ssrSearch?: string;
  /** On the server: SWR middleware that records the keys the page asks for. */
  swrUse?: Middleware[];
}

/**
 * The server rendered role-dependent content (premium items, interview sets) as a guest
 * sees it: a signed-in learner gets their own once they are known.
 */
function RefreshRoleContent({ keys }: { keys: readonly string[] }) {
  const { user } = useAuth();
  const signedIn = user !== null;
  useEffect(() => {
    if (signedIn) for (const key of keys) void mutate(key);
  }, [signedIn, keys]);
  return null;
}

const NO_DATA: Record<string, unknown> = {};

/** The whole app, the same tree on the server (app/entry-server.tsx) and in the browser. */
export function App({ fallback = NO_DATA, ssrPath, ssrSearch, swrUse }: Props) {
  const roleKeys = useMemo(() => Object.keys(fallback).filter(isRoleDependentContent), [fallback]);
  return (
    <StrictMode>
      <SWRConfig value={{ ...swrConfig, fallback, ...(swrUse ? { use: swrUse } : {}) }}>
        <Router aroundNav={aroundNav} ssrPath={ssrPath} ssrSearch={ssrSearch}>
          <Layout>
            <Pages />
            {/* Beside the page, inside its Suspense boundary: its effect runs once the page is
                hydrated, when the hooks that hold these keys are mounted to be revalidated. */}
            {roleKeys.length > 0 && <RefreshRoleContent keys={roleKeys} />}
          </Layout>
        </Router>
      </SWRConfig>
    </StrictMode>
  );
}
