import { Link, useRouteError } from 'react-router';
import { buttonClass } from './button.tsx';

/**
 * Browsers word a failed dynamic import differently; each means the same: the page's code is no
 * longer where this tab expects it, usually because a new version was deployed since it opened.
 */
const CHUNK_FAILURES = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
];

function isFailedChunk(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURES.some((text) => error.message.includes(text));
}

/**
 * What an area shows when one of its pages fails: for a page whose code cannot be loaded, a
 * reload (which fetches the current version); for anything else, a way back home. Never the
 * router's own developer page.
 */
export function RouteErrorPage({ home = '/' }: { home?: string }) {
  const error = useRouteError();
  const isUpdate = isFailedChunk(error);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold text-slate-900">
        {isUpdate ? 'Vestora has been updated' : 'This page could not be shown'}
      </h1>
      <p className="max-w-md text-slate-600">
        {isUpdate
          ? 'This tab still runs the previous version, and part of this page is no longer available. Reload to get the current version; nothing you have saved is lost.'
          : 'Something went wrong on our side while showing this page. Reloading often helps; if it keeps happening, please tell support.'}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" onClick={() => window.location.reload()} className={buttonClass('primary')}>
          Reload the page
        </button>
        <Link to={home} className={buttonClass('secondary')}>
          Go back to the start
        </Link>
      </div>
    </main>
  );
}
