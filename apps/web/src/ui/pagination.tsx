import { Button } from './button.tsx';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** What the rows are, for the summary: "users", "transactions". */
  noun: string;
}

/** "41–60 of 1,234 users" with previous and next; nothing when everything fits on one page. */
export function Pagination({ page, pageSize, total, onPageChange, noun }: PaginationProps) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 1) return null;
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  const count = new Intl.NumberFormat('en-US');
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-600">
        {count.format(first)}–{count.format(last)} of {count.format(total)} {noun}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          Previous
        </Button>
        <span className="px-1 text-slate-600 tabular-nums">
          Page {page} of {count.format(pageCount)}
        </span>
        <Button variant="secondary" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
