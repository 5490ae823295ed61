import type { ReactNode, ThHTMLAttributes } from 'react';
import { Notice } from './notice.tsx';

/**
 * A data table in a card. From the small breakpoint up it is a plain table; on phones each row
 * becomes a small card whose cells carry their column name, so nothing hides off-screen.
 */
export function TableCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white shadow-sm sm:overflow-x-auto">
      <table
        aria-label={label}
        className="min-w-full text-sm max-sm:block sm:divide-y sm:divide-slate-200 [&>tbody]:max-sm:block [&>thead]:max-sm:sr-only"
      >
        {children}
      </table>
    </div>
  );
}

export function HeaderCell({ children, className = '', ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={`bg-slate-50 px-4 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase first:rounded-tl-2xl last:rounded-tr-2xl ${className}`}
      {...props}
    >
      {children}
    </th>
  );
}

export function Row({ children }: { children: ReactNode }) {
  return (
    <tr className="hover:bg-slate-50 max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-3 max-sm:p-4">
      {children}
    </tr>
  );
}

/** `label` names the column on phones; `isWide` lets a cell take the whole card width there. */
export function Cell({
  label,
  children,
  className = '',
  isWide = false,
}: {
  label: string;
  children: ReactNode;
  className?: string;
  isWide?: boolean;
}) {
  return (
    <td
      data-label={label}
      className={`px-4 py-3 align-middle max-sm:block max-sm:p-0 max-sm:before:mb-0.5 max-sm:before:block max-sm:before:text-[11px] max-sm:before:font-semibold max-sm:before:tracking-wide max-sm:before:text-slate-500 max-sm:before:uppercase max-sm:before:content-[attr(data-label)] ${isWide ? 'max-sm:col-span-2' : ''} ${className}`}
    >
      {children}
    </td>
  );
}

/** One full-width row saying why the table is empty. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr className="max-sm:block">
      <td colSpan={columns} className="px-4 py-12 text-center text-sm text-slate-500 max-sm:block">
        {children}
      </td>
    </tr>
  );
}

/** Why a list could not be read. */
export function ErrorNote({ message }: { message: string }) {
  return (
    <Notice tone="error" role="alert">
      {message}
    </Notice>
  );
}
