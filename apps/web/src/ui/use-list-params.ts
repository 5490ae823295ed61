import { useSearchParams } from 'react-router';

/**
 * A list's page and filters live in the address, so a reload, a shared link and Back keep them.
 * Page 1 and "no filter" are left out of the address; changing a filter goes back to page 1.
 */
export function useListParams<Filters extends Record<string, readonly string[]>>(filters: Filters) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedPage = Number(searchParams.get('page'));
  const page = Number.isInteger(requestedPage) && requestedPage > 1 ? requestedPage : 1;

  const filterOf = <Name extends keyof Filters & string>(name: Name): Filters[Name][number] | null => {
    const value = searchParams.get(name);
    return value !== null && filters[name]?.includes(value) ? value : null;
  };

  const setPage = (next: number) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next > 1) params.set('page', String(next));
      else params.delete('page');
      return params;
    });

  const setFilter = <Name extends keyof Filters & string>(name: Name, value: Filters[Name][number] | null) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (value) params.set(name, value);
      else params.delete(name);
      params.delete('page');
      return params;
    });

  return { page, setPage, filterOf, setFilter };
}
