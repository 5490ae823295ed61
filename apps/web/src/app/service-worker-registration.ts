/**
 * Registers the service worker (/sw.js, built from src/service-worker, scope the whole site) once
 * the page has loaded, so it never competes with the page's own downloads. Only in a production
 * build: under Vite's dev server there is no /sw.js. Kept to a few bytes, as it is in the landing
 * page's first download.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // A failure is only the browser's console to report: the app works without the worker.
  const register = () => void navigator.serviceWorker.register('/sw.js');
  // The entry calls this as it starts, which on a prerendered page (whose HTML needs no script to
  // show) can come after the page has finished loading.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}
