import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { DockContext, createDockStore } from '../ui/dock';
import { Skeleton } from '../ui/Skeleton';
import { Footer } from './Footer';
import { PageViewTracker } from './PageViewTracker';
import { Places } from './Places';
import { ThemeToggle } from './ThemeToggle';
import { TopBar } from './TopBar';

type Module = () => Promise<{ default: ComponentType }>;

// Parts of the shell not needed for the first paint, each its own chunk loaded after the
// first render (the server renders neither): the sync status (IndexedDB, the outbox: nothing
// is kept on a device there) and the banner asking to confirm an address (there is no user
// on the server). Rendered only once loaded, so nothing suspends while the page hydrates (a
// suspended update then would hold the page's own hydration until the chunk arrived).
const loadSyncStatus: Module = () => import('./SyncStatus');
const loadVerifyBanner: Module = () => import('./VerifyBanner');

function Deferred({ load }: { load: Module }) {
  const [Part, setPart] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    load()
      .then((m) => live && setPart(() => m.default))
      .catch(() => undefined); // offline before the chunk was cached: nothing to show
    return () => {
      live = false;
    };
  }, [load]);
  return Part ? <Part /> : null;
}

/**
 * Marks the document once the page has rendered or hydrated (`<html data-ready="true">`).
 * It sits beside the page inside its Suspense boundary: React hydrates that boundary after
 * the shell, and a server-rendered page is on screen before its handlers are attached, so
 * browser journeys wait for this mark before they act. Renders nothing.
 */
function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}

export function Layout({ children }: { children: ReactNode }) {
  const [dock] = useState(createDockStore);
  return (
    // Room at the bottom for what is fixed there (--bottom-bar-height, app/styles.css), so the
    // end of every page can scroll clear of it.
    <div className="flex min-h-dvh flex-col pb-[calc(var(--bottom-bar-height)+env(safe-area-inset-bottom))]">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-3 py-2 text-slate-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <TopBar />
      <Deferred load={loadVerifyBanner} />
      <Deferred load={loadSyncStatus} />
      {/* At least a screen tall, so the footer starts below the fold and is not pushed down
          (a layout shift) when the page's content arrives. */}
      <div className="min-h-dvh flex-1">
        <DockContext value={dock}>
          <Suspense
            fallback={
              <div className="mx-auto max-w-5xl px-4 py-8">
                <Skeleton />
              </div>
            }
          >
            {children}
            <PageReady />
          </Suspense>
        </DockContext>
      </div>
      <Footer />
      {/* Fixed at the bottom. Phones: the page's drawer toggles on a row of their own (only
          when it has some), above the tab bar with the theme toggle at its left end. From md
          up: the places are in the top bar, the theme toggle floats bottom-left and drawer
          toggles bottom-right. Its height is --bottom-bar-height (app/styles.css). A practice
          player hides the row and the tab bar on phones (html[data-player]). The row is fixed
          on its own, so its arrival after hydration moves nothing (no layout shift). */}
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-30">
        <div
          ref={(el) => dock.set(el)}
          data-dock
          data-testid="dock"
          className="pointer-events-auto flex items-center justify-end gap-2 empty:hidden max-md:fixed max-md:inset-x-0 max-md:bottom-[calc(var(--tab-bar-height)+env(safe-area-inset-bottom))] max-md:h-(--dock-row-height) max-md:border-t max-md:border-slate-200 max-md:bg-white max-md:px-3 md:fixed md:right-4 md:bottom-3 max-md:dark:border-slate-800 max-md:dark:bg-slate-950"
        />
        <div
          data-tab-row
          className="pointer-events-auto flex h-[calc(var(--tab-bar-height)+env(safe-area-inset-bottom))] items-center gap-1 border-t border-slate-200 bg-white pr-1 pb-[env(safe-area-inset-bottom)] pl-2 md:contents dark:border-slate-800 dark:bg-slate-950"
        >
          <ThemeToggle />
          <Places variant="bar" className="h-full flex-1 md:hidden" />
        </div>
      </div>
      <PageViewTracker />
    </div>
  );
}
