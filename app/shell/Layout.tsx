import { Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { Skeleton } from '../ui/Skeleton';
import { Footer } from './Footer';
import { PageViewTracker } from './PageViewTracker';
import { SyncStatus } from './SyncStatus';
import { ThemeToggle } from './ThemeToggle';
import { TopBar } from './TopBar';
import { VerifyBanner } from './VerifyBanner';

export function Layout() {
  const navigation = useNavigation();
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
      <SyncStatus />
      {navigation.state === 'loading' && (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="h-0.5 w-full animate-pulse bg-sky-400"
        />
      )}
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
          <Outlet />
        </Suspense>
      </div>
      <Footer />
      <ThemeToggle />
      <PageViewTracker />
    </div>
  );
}
