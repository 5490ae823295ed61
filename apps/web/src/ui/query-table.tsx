import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { errorMessage } from '../client/api.ts';
import { Pagination } from './pagination.tsx';
import { PageSpinner } from './spinner.tsx';
import { EmptyRow, ErrorNote, HeaderCell, TableCard } from './table.tsx';

/** A page of a list as the API answers it; `total` counts every row when the list is paged. */
interface ListAnswer {
  data: unknown[];
  total?: number;
}

interface QueryTableProps<Answer extends ListAnswer> {
  query: UseQueryResult<Answer>;
  /** The table's accessible name. */
  label: string;
  /** What the spinner says while the first answer loads. */
  loadingLabel: string;
  columns: readonly string[];
  /** The header cell of a column when it is more than its name (a sort button); a plain `HeaderCell` where it gives nothing. */
  renderHeader?: (column: string) => ReactNode;
  /** What the table says when the answer holds no row. */
  empty: ReactNode;
  /** One `<Row>` of cells; the whole answer is there for figures beside the rows. */
  renderRow: (item: Answer['data'][number], answer: Answer) => ReactNode;
  /** Pages under the table, counted from the answer's `total`. */
  pagination?: { page: number; pageSize: number; noun: string; onPageChange: (page: number) => void };
}

/**
 * A table of what a query answers: a spinner until the first answer, the error if it fails, a line
 * when it is empty, and the rows dimmed and `aria-busy` while a newer answer (another page, another
 * filter) loads.
 */
export function QueryTable<Answer extends ListAnswer>({
  query,
  label,
  loadingLabel,
  columns,
  renderHeader,
  empty,
  renderRow,
  pagination,
}: QueryTableProps<Answer>) {
  if (query.isPending) return <PageSpinner label={loadingLabel} />;
  if (query.isError) return <ErrorNote message={errorMessage(query.error)} />;
  const answer = query.data;
  return (
    <>
      <TableCard label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <Fragment key={column}>{renderHeader?.(column) || <HeaderCell>{column}</HeaderCell>}</Fragment>
            ))}
          </tr>
        </thead>
        <tbody
          className={`divide-y divide-slate-100 ${query.isFetching ? 'opacity-60' : ''}`}
          aria-busy={query.isFetching}
        >
          {answer.data.length === 0 ? (
            <EmptyRow columns={columns.length}>{empty}</EmptyRow>
          ) : (
            answer.data.map((item) => renderRow(item, answer))
          )}
        </tbody>
      </TableCard>
      {pagination && <Pagination {...pagination} total={answer.total ?? answer.data.length} />}
    </>
  );
}
