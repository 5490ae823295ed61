import type { ComponentType } from 'react';

/**
 * A route's `lazy`: loads the page's module when the route is first opened and takes the page it
 * exports under `name` as the route's component. The route tables are in the first download
 * (decision 010), so each lazy route there costs its import and its name, nothing more.
 */
export const lazyPage =
  <Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) =>
  async () => ({ Component: (await load())[name] });
