import { StrictMode, startTransition } from 'react';
import { createBrowserRouter, type DataRouter, RouterProvider } from 'react-router';
import { Providers } from './providers.tsx';
import { routes } from './router.tsx';

/** Resolves once the router has loaded the lazy modules of the page it opened on. */
const routerReady = (router: DataRouter) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });

/**
 * Starts the app in `root`. The build prerenders the landing, policy and sign-in pages
 * (scripts/prerender.mjs): their HTML is already on screen, so React adopts it once the page's lazy
 * module is in (a first render without it would show the spinner instead and not match), as a
 * transition, which yields to the browser every few milliseconds so that a tap is answered.
 */
export async function startApp(
  root: HTMLElement,
  dom: Pick<typeof import('react-dom/client'), 'createRoot' | 'hydrateRoot'>,
): Promise<void> {
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  if (root.firstElementChild === null) return dom.createRoot(root).render(app);
  await routerReady(router);
  startTransition(() => {
    dom.hydrateRoot(root, app);
  });
}
