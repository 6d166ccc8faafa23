import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useLocationProperty } from 'wouter/use-browser-location';
import { installAnalytics, trackPageView } from '../lib/analytics';

/** Reports a page view on every route change and every hash change. */
export function PageViewTracker() {
  const [pathname] = useLocation();
  const hash = useLocationProperty(() => window.location.hash);
  useEffect(() => installAnalytics(), []);
  useEffect(() => trackPageView(pathname, hash), [pathname, hash]);
  return null;
}
