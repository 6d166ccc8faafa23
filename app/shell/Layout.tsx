import { Suspense, lazy, type ReactNode } from 'react';
import { Skeleton } from '../ui/Skeleton';
import { Footer } from './Footer';
import { PageViewTracker } from './PageViewTracker';
import { ThemeToggle } from './ThemeToggle';
import { TopBar } from './TopBar';
import { VerifyBanner } from './VerifyBanner';

// The sync engine (IndexedDB, the outbox) is not needed for the first paint: its own chunk.
const SyncStatus = lazy(() => import('./SyncStatus'));

export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-3 py-2 text-slate-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <TopBar />
      <VerifyBanner />
      <Suspense fallback={null}>
        <SyncStatus />
      </Suspense>
      {/* At least a screen tall, so the footer starts below the fold and is not pushed down
          (a layout shift) when the page's content arrives. */}
      <div className="min-h-dvh flex-1">
        <Suspense
          fallback={
            <div className="mx-auto max-w-5xl px-4 py-8">
              <Skeleton />
            </div>
          }
        >
          {children}
        </Suspense>
      </div>
      <Footer />
      <ThemeToggle />
      <PageViewTracker />
    </div>
  );
}
