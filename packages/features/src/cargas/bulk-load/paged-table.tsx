import { DataTable, type DataTableProps, Pager } from '@socio/ui';
import { useMemo, useState } from 'react';

/** Rows handed to the table at once: it stays virtualised inside the page and never models 100,000 rows. */
export const TABLE_PAGE_SIZE = 1_000;

export interface PagedTableProps<TData extends object>
  extends Omit<DataTableProps<TData>, 'data' | 'pagination'> {
  rows: readonly TData[];
  /** Accessible name of the pager (shown only past one page). */
  pagerLabel: string;
  pageSize?: number;
}

/**
 * A DataTable over a big list, one page of `pageSize` rows at a time (virtualised and scrollable within its
 * height cap), with a Pager below when there is more than one page. Building the table model of a single
 * page keeps every render of a 100,000-row file well under 100 ms. Always virtualised (not only above the
 * DataTable's 'auto' threshold): inside a 200–400 px cap a page of 150 rows would otherwise put 150 `<tr>`
 * in the DOM, and the wizard promises fewer than 100 at any time.
 */
export function PagedTable<TData extends object>({
  rows,
  pagerLabel,
  pageSize = TABLE_PAGE_SIZE,
  ...props
}: PagedTableProps<TData>) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, pages);
  const data = useMemo(
    () => rows.slice((current - 1) * pageSize, current * pageSize),
    [rows, current, pageSize],
  );
  return (
    <div className="flex flex-col gap-2">
      <DataTable
        virtualization={{ enabled: true }}
        {...props}
        data={data}
        pagination={{ manual: true, page: current, pageSize, total: rows.length }}
      />
      {pages > 1 ? (
        <Pager
          aria-label={pagerLabel}
          page={current}
          pageSize={pageSize}
          total={rows.length}
          onPageChange={setPage}
        />
      ) : null}
    </div>
  );
}
