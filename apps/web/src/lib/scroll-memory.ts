import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORE = 'sh-scroll-positions';
let positions: Record<string, number> | null = null;

function stored(): Record<string, number> {
  if (!positions) {
    try {
      positions = JSON.parse(sessionStorage.getItem(STORE) ?? '{}') as Record<string, number>;
    } catch {
      positions = {};
    }
  }
  return positions;
}

function persist() {
  try {
    sessionStorage.setItem(STORE, JSON.stringify(stored()));
  } catch {
    /* private mode or full: positions last for this page's life only */
  }
}

/**
 * What react-router's ScrollRestoration did under the data router, for the declarative one: each history entry's
 * scroll position is remembered (also across a reload, in sessionStorage); back and forward return to it, a new
 * address starts at the top (unless it names an anchor).
 */
export function ScrollMemory(): null {
  const { key, hash } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    const before = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    window.addEventListener('pagehide', persist);
    return () => {
      window.history.scrollRestoration = before;
      window.removeEventListener('pagehide', persist);
    };
  }, []);
  useLayoutEffect(() => {
    const saved = stored()[key];
    if (type === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (!hash) window.scrollTo(0, 0);
    const onScroll = () => { stored()[key] = window.scrollY; };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [key, hash, type]);
  return null;
}
