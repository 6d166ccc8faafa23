import { createContext, useContext } from 'react';

/**
 * The element of the bottom dock where pages put their drawer toggles (Topics, Questions,
 * Planned…). Layout provides it; null until the dock has rendered.
 */
export const DockContext = createContext<HTMLElement | null>(null);

export const useDock = () => useContext(DockContext);
