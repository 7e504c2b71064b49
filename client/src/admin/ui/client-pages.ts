import { useEffect } from 'react';
import { loadStateOf, type Pagination, type usePaging } from './DataTable.js';

/**
 * For APIs that answer a whole list (no `paginate`): the current page of `rows` and the DataTable's pagination,
 * computed here. When the list shrinks below the current page (e.g. after a delete), it moves to the last page.
 */
export function useClientPages<Row>(
  rows: Row[] | undefined,
  paging: ReturnType<typeof usePaging>,
): { rows: Row[] | undefined; pagination: Pagination | undefined } {
  const { page, perPage } = paging.paging;
  const total = rows?.length ?? 0;
  const pageCount = Math.ceil(total / perPage);
  const lastPage = Math.max(pageCount, 1);
  const { setPage } = paging;
  useEffect(() => {
    if (rows && page > lastPage) setPage(lastPage);
  }, [rows, page, lastPage, setPage]);
  if (!rows) return { rows: undefined, pagination: undefined };
  const shown = Math.min(page, lastPage);
  return {
    rows: rows.slice((shown - 1) * perPage, shown * perPage),
    pagination: { page: shown, perPage, pageCount, total },
  };
}

/** A whole-list query as a DataTable's rows of the current page, pagination, loading and error. */
export function useClientRows<Row>(
  query: { data?: Row[]; isFetching: boolean; error: unknown },
  paging: ReturnType<typeof usePaging>,
) {
  return { ...useClientPages(query.data, paging), ...loadStateOf(query) };
}
