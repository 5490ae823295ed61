import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../client/api.ts';
import { PageSpinner } from './spinner.tsx';
import { ErrorNote } from './table.tsx';

interface QueryViewProps<Data> {
  query: UseQueryResult<Data>;
  /**
   * What the spinner says while the first answer loads; `null` for a view that stays out of sight
   * until it has something to show (a panel that appears only when there is work waiting).
   */
  loadingLabel: string | null;
  /**
   * What shows instead of the content when the answer holds nothing to show; without `content`,
   * nothing at all shows then.
   */
  empty?: { when: (data: Data) => boolean; content?: ReactNode };
  /** The answer drawn as cards, a summary, a form: anything that is not a table. */
  children: (data: Data) => ReactNode;
}

/**
 * What a query answers, when it is not a table (`QueryTable` draws those): a spinner until the first
 * answer, the error if it fails, the empty line when there is nothing, and the content dimmed and
 * `aria-busy` while a newer answer loads.
 */
export function QueryView<Data>({ query, loadingLabel, empty, children }: QueryViewProps<Data>) {
  if (query.isPending) return loadingLabel === null ? null : <PageSpinner label={loadingLabel} />;
  if (query.isError) return <ErrorNote message={errorMessage(query.error)} />;
  const data = query.data;
  const isEmpty = empty?.when(data) ?? false;
  if (isEmpty && empty?.content === undefined) return null;
  return (
    <div aria-busy={query.isFetching} className={query.isFetching ? 'opacity-60' : undefined}>
      {isEmpty ? (
        <p className="px-4 py-12 text-center text-sm text-slate-500">{empty?.content}</p>
      ) : (
        children(data)
      )}
    </div>
  );
}
