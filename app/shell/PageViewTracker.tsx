import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { installAnalytics, trackPageView } from '../lib/analytics';

/** Reports a page view on every route change and every hash change. */
export function PageViewTracker() {
  const { pathname, hash } = useLocation();
  useEffect(() => installAnalytics(), []);
  useEffect(() => trackPageView(pathname, hash), [pathname, hash]);
  return null;
}
