import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Any of these means the visitor is scrolling on their own, and the page must stop steering. */
const VISITOR_INPUTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
const KEEP_IN_VIEW_MS = 3000;
const WAIT_FOR_SECTION_MS = 10_000;

/**
 * Scrolls to the section and moves focus there. Content still arriving above it (a lazy page, the
 * site settings) must not push it away, so it is realigned for a moment, until the visitor scrolls.
 */
function revealSection(target: HTMLElement): () => void {
  const prefersReducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: prefersReducedMotion ? 'auto' : 'smooth' });
  target.focus({ preventScroll: true });

  let height = document.body.scrollHeight;
  const realign = new ResizeObserver(() => {
    if (document.body.scrollHeight === height) return;
    height = document.body.scrollHeight;
    target.scrollIntoView();
  });
  realign.observe(document.body);
  const stop = () => {
    realign.disconnect();
    window.clearTimeout(timer);
    for (const input of VISITOR_INPUTS) window.removeEventListener(input, stop);
  };
  const timer = window.setTimeout(stop, KEEP_IN_VIEW_MS);
  for (const input of VISITOR_INPUTS) window.addEventListener(input, stop, { passive: true });
  return stop;
}

/** Reveals the element once it exists: the landing page below the hero arrives in a second file. */
function revealWhenPresent(id: string): () => void {
  const present = document.getElementById(id);
  if (present) return revealSection(present);
  let stopRevealing = () => {};
  const observer = new MutationObserver(() => {
    const arrived = document.getElementById(id);
    if (!arrived) return;
    stop();
    stopRevealing = revealSection(arrived);
  });
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  const timer = window.setTimeout(stop, WAIT_FOR_SECTION_MS);
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    stop();
    stopRevealing();
  };
}

/**
 * Scrolls to the section named in the address (About, Contact), or to the top on a new page. Keyed
 * on the location key, so clicking About twice scrolls twice.
 */
export function useScrollOnNavigation(): void {
  const { key, hash, pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: key and pathname mark a new navigation.
  useEffect(() => {
    if (hash) return revealWhenPresent(decodeURIComponent(hash.slice(1)));
    window.scrollTo({ top: 0 });
  }, [key, hash, pathname]);
}
