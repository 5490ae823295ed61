import { type SQL, sql } from 'drizzle-orm';

/**
 * Deep pages of a list ordered by creation time, without walking every row before them. The
 * hourly_counts table (migration 0012, kept by triggers) says how many rows of each source and
 * status were created in each UTC hour; adding them up from the list's first end finds the hour
 * holding row number `offset`, and how many rows of that hour come before it.
 *
 * Renders the CTE `page_hour (hour, skip)`: one row, or none when the list is shorter than `offset`.
 * The caller then skips `skip` rows among those created within `hour` and the hour after it.
 */
export function pageHourCte({
  sources,
  status,
  offset,
  order,
}: {
  sources: ('user' | 'deposit' | 'withdrawal')[];
  status: string | undefined;
  offset: number;
  order: 'asc' | 'desc';
}): SQL {
  const direction = sql.raw(order);
  const sourceList = sql.join(
    sources.map((source) => sql`${source}`),
    sql`, `,
  );
  return sql`page_hour as (
    select hour, ${offset}::bigint - (through - count) as skip from (
      select hour, count, sum(count) over (order by hour ${direction}) as through from (
        select hour, sum(count) as count from hourly_counts
        where source in (${sourceList}) ${status ? sql`and status = ${status}` : sql``}
        group by hour having sum(count) > 0
      ) hours
    ) running
    where through > ${offset}::bigint order by hour ${direction} limit 1
  )`;
}

/** Rows of `alias` created within the page's hour: the only ones the boundary search reads. */
export const withinPageHour = (alias: string) =>
  sql`${sql.raw(alias)}.created_at >= (select hour from page_hour)
    and ${sql.raw(alias)}.created_at < (select hour from page_hour) + interval '1 hour'`;
