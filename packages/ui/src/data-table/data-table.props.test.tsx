import { describe, expect, it } from 'vitest';
import { DataTable, type DataTableColumn } from './data-table';

interface Visit {
  id: string;
  name: string;
}

const data: Visit[] = [{ id: 'a', name: 'Sofía' }];
const columns: DataTableColumn<Visit>[] = [{ id: 'name', header: 'Nombre' }];
const noop = () => undefined;

describe('DataTable props: grouped as sorting, selection, pagination and virtualization', () => {
  it('takes each feature as one object and refuses the old flat props at compile time', () => {
    // Only compiled, never rendered: each @ts-expect-error line must stay a type error (tsc fails on an
    // unused one), and the grouped props above them must compile.
    const tables = () => [
      <DataTable
        key="grouped"
        data={data}
        columns={columns}
        sorting={{ allColumns: true, defaultValue: { id: 'name', desc: false }, onChange: noop }}
        selection={{ defaultValue: { a: true }, onChange: noop, isRowSelectable: () => true }}
        pagination={{ defaultPage: 1, defaultPageSize: 10, pageSizeOptions: [10, 20], resetOnSort: 'always' }}
        virtualization={{ enabled: 'auto', estimateRowHeight: 41 }}
      />,
      <DataTable
        key="server"
        data={data}
        columns={columns}
        sorting={{ manual: true, value: null, onChange: noop }}
        pagination={{ manual: true, page: 2, pageSize: 10, total: 40 }}
      />,
      // @ts-expect-error manual pagination needs the page, its size and the total
      <DataTable key="partial" data={data} columns={columns} pagination={{ manual: true, page: 2 }} />,
      // @ts-expect-error `sortable` is `sorting.allColumns`
      <DataTable key="sortable" data={data} columns={columns} sortable />,
      // @ts-expect-error the sort is `sorting.value`, not `sorting` itself
      <DataTable key="sort" data={data} columns={columns} sorting={{ id: 'name', desc: false }} />,
      // @ts-expect-error `defaultSorting` is `sorting.defaultValue`
      <DataTable key="default-sort" data={data} columns={columns} defaultSorting={null} />,
      // @ts-expect-error `onSortingChange` is `sorting.onChange`
      <DataTable key="on-sort" data={data} columns={columns} onSortingChange={noop} />,
      // @ts-expect-error `manualSorting` is `sorting.manual`
      <DataTable key="manual-sort" data={data} columns={columns} manualSorting />,
      // @ts-expect-error `onRowsChange` is gone: sort with `sortDataTableRows` and `sorting.manual`
      <DataTable key="rows" data={data} columns={columns} onRowsChange={noop} />,
      // @ts-expect-error `selectable` is the presence of `selection`
      <DataTable key="selectable" data={data} columns={columns} selectable />,
      // @ts-expect-error `rowSelection` is `selection.value`
      <DataTable key="row-selection" data={data} columns={columns} rowSelection={{}} />,
      // @ts-expect-error `onRowSelectionChange` is `selection.onChange`
      <DataTable key="on-selection" data={data} columns={columns} onRowSelectionChange={noop} />,
      // @ts-expect-error `isRowSelectable` is `selection.isRowSelectable`
      <DataTable key="is-selectable" data={data} columns={columns} isRowSelectable={() => true} />,
      // @ts-expect-error `pageSize` is `pagination.pageSize` (or `defaultPageSize`)
      <DataTable key="page-size" data={data} columns={columns} pageSize={10} />,
      // @ts-expect-error `page` is `pagination.page`
      <DataTable key="page" data={data} columns={columns} page={1} />,
      // @ts-expect-error `onPageChange` is `pagination.onPageChange`
      <DataTable key="on-page" data={data} columns={columns} onPageChange={noop} />,
      // @ts-expect-error `onPageSizeChange` is `pagination.onPageSizeChange`
      <DataTable key="on-page-size" data={data} columns={columns} onPageSizeChange={noop} />,
      // @ts-expect-error `pageResetOnSort` is `pagination.resetOnSort`
      <DataTable key="reset" data={data} columns={columns} pageResetOnSort="always" />,
      // @ts-expect-error `pageSizeOptions` is `pagination.pageSizeOptions`
      <DataTable key="options" data={data} columns={columns} pageSizeOptions={[10]} />,
      // @ts-expect-error `pagerLabel` is `pagination.label`
      <DataTable key="pager-label" data={data} columns={columns} pagerLabel="Páginas" />,
      // @ts-expect-error `rowIndexOffset` comes from `pagination={{ manual: true, page, pageSize, total }}`
      <DataTable key="offset" data={data} columns={columns} rowIndexOffset={10} />,
      // @ts-expect-error `totalRowCount` is `pagination.total` (manual)
      <DataTable key="total" data={data} columns={columns} totalRowCount={40} />,
      // @ts-expect-error `virtualize` is `virtualization.enabled`
      <DataTable key="virtualize" data={data} columns={columns} virtualize />,
      // @ts-expect-error `estimateRowHeight` is `virtualization.estimateRowHeight`
      <DataTable key="row-height" data={data} columns={columns} estimateRowHeight={41} />,
    ];
    expect(typeof tables).toBe('function');
  });
});
