import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React renders a prerendered page's HTML or adopts it (hydration), true once the page
 * answers: controls that only work with the script show, or are enabled, from then on, rather than
 * sit there dead for the second a slow phone takes to start the app.
 */
export function useIsLive(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
