import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { routes } from './app/router.tsx';

/**
 * The pages served as HTML rendered at build time (scripts/prerender.mjs writes them, the server
 * sends each for its path): the first pages of most visits, which then paint from the first
 * response. Each renders as it does before its site settings arrive, which is how the browser's
 * first render finds it (app/start-app.tsx hydrates it).
 */
export const PRERENDERED_PATHS = ['/', '/policy', '/terms', '/signin', '/login'];

/**
 * The HTML of `path`'s page, its lazy parts included: the router loads the page's module and the
 * render waits for every part. React would write a large part at the end, with an inline script to
 * move it in place, which the pages' content security policy forbids: the whole page is written in
 * order instead. The router's hydration data is left out for the same reason (no route has a loader).
 */
export async function renderPage(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answers a redirect, not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = (
    <StrictMode>
      <Providers>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>
  );
  const { prelude } = await prerenderToNodeStream(page, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  let html = '';
  for await (const chunk of prelude) html += chunk;
  if (html.includes('<script')) throw new Error(`${path} renders with an inline script`);
  return html;
}
