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

const RESTORE_FRAMES = 60;

/**
 * Scrolls to `y`; when the page is not yet tall enough, tries again each frame for up to a second, until it gets
 * there or the reader scrolls by hand. The page may be drawn after this effect: Preact (the phone build) commits the
 * route's page in a later pass than the shell holding this component, and a page may wait for cached data. Returns
 * the function that stops trying.
 */
function restore(y: number): () => void {
  window.scrollTo(0, y);
  if (Math.abs(window.scrollY - y) < 1) return () => {};
  let frames = 0;
  let raf = 0;
  const stop = () => {
    cancelAnimationFrame(raf);
    for (const e of ['wheel', 'touchstart', 'keydown'] as const) window.removeEventListener(e, stop);
  };
  const tick = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 1 || ++frames >= RESTORE_FRAMES) stop();
    else raf = requestAnimationFrame(tick);
  };
  for (const e of ['wheel', 'touchstart', 'keydown'] as const) window.addEventListener(e, stop, { passive: true });
  raf = requestAnimationFrame(tick);
  return stop;
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
    let stopRestoring = () => {};
    if (type === 'POP' && saved !== undefined) stopRestoring = restore(saved);
    else if (!hash) window.scrollTo(0, 0);
    const onScroll = () => {
      stored()[key] = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      stopRestoring();
      window.removeEventListener('scroll', onScroll);
    };
  }, [key, hash, type]);
  return null;
}
