import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useLocationProperty } from 'wouter/use-browser-location';
import { installAnalytics, trackPageView } from '../lib/analytics';

const currentHash = () => (typeof window === 'undefined' ? '' : window.location.hash);

/** Reports a page view on every route change and every hash change. */
export function PageViewTracker() {
  const [pathname] = useLocation();
  // Renders nothing, so the server's snapshot may be the browser's own (none on the server).
  const hash = useLocationProperty(currentHash, currentHash);
  useEffect(() => installAnalytics(), []);
  useEffect(() => trackPageView(pathname, hash), [pathname, hash]);
  return null;
}
