import { Skeleton } from '../ui/Skeleton';

/**
 * What the page shows until the app's first route has loaded: the bar of app/index.html's
 * static shell (same classes, so nothing moves when this replaces it) and a skeleton.
 */
export function BootShell() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 bg-brand-700 text-white shadow dark:bg-slate-900">
        <div className="mx-auto flex h-14 max-w-5xl items-center gap-1 px-2">
          <span className="h-11 w-11" />
          <span className="ml-1 px-1 text-xl font-bold tracking-tight">Skillway</span>
        </div>
      </header>
      <div className="mx-auto w-full max-w-5xl px-4 py-8">
        <Skeleton />
      </div>
    </div>
  );
}
