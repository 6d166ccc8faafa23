import { useEffect } from 'react';

/**
 * Sets the document title while the calling page is shown. An effect rather than a
 * rendered <title>: hoisting <title> into <head> is a React DOM 19 feature, and the browser
 * build runs on preact/compat (ARCHITECTURE.md, "Front-end runtime").
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
