import { useSearchParams } from 'react-router';

/** A filter's known values, or a check for a free-form one (an id). */
type FilterSpec = readonly string[] | ((value: string) => boolean);
type FilterValue<Spec> = Spec extends readonly (infer Value)[] ? Value : string;

const isAllowed = (spec: FilterSpec | undefined, value: string) =>
  typeof spec === 'function' ? spec(value) : (spec?.includes(value) ?? false);

/**
 * A list's page and filters live in the address, so a reload, a shared link and Back keep them.
 * Page 1 and "no filter" are left out of the address; changing a filter goes back to page 1.
 */
export function useListParams<Filters extends Record<string, FilterSpec>>(filters: Filters) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedPage = Number(searchParams.get('page'));
  const page = Number.isInteger(requestedPage) && requestedPage > 1 ? requestedPage : 1;

  const filterOf = <Name extends keyof Filters & string>(name: Name): FilterValue<Filters[Name]> | null => {
    const value = searchParams.get(name);
    return value !== null && isAllowed(filters[name], value) ? (value as FilterValue<Filters[Name]>) : null;
  };

  const setPage = (next: number) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next > 1) params.set('page', String(next));
      else params.delete('page');
      return params;
    });

  const setFilter = <Name extends keyof Filters & string>(
    name: Name,
    value: FilterValue<Filters[Name]> | null,
  ) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (value) params.set(name, value);
      else params.delete(name);
      params.delete('page');
      return params;
    });

  /** Every filter off, back to page 1. */
  const clearFilters = () =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      for (const name of [...Object.keys(filters), 'page']) params.delete(name);
      return params;
    });

  return { page, setPage, filterOf, setFilter, clearFilters };
}
