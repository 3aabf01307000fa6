import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Pager } from '../pager/pager';
import { makeSampleRows, type SampleRow } from '../test-fixtures/table-rows';
import { DataTable, type DataTableColumn, type DataTableProps, type DataTableSort } from './data-table';

const isoToDisplay = (iso: string) => iso.split('-').reverse().join('/');

const columns: DataTableColumn<SampleRow>[] = [
  { id: 'nombre', header: 'Nombre' },
  { id: 'folio', header: 'Folio' },
  { id: 'visitador', header: 'Visitador' },
  { id: 'estado', header: 'Estado' },
  { id: 'direccion', header: 'Dirección' },
  { id: 'estatus', header: 'Estatus', sortable: true },
  {
    id: 'fecha',
    header: 'Fecha',
    sortable: true,
    cell: ({ row }) => isoToDisplay(row.fecha),
  },
  { id: 'monto', header: 'Monto', type: 'number' },
];

const rows12 = makeSampleRows(12);
const getRowId = (row: SampleRow) => row.id;

const meta = {
  title: 'UI/DataTable',
  component: DataTable<SampleRow>,
  args: {
    data: rows12,
    columns,
    getRowId,
    caption: 'Asignaciones activas',
  },
} satisfies Meta<typeof DataTable<SampleRow>>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Body rows (without spacer rows) of the table in the canvas. */
function bodyRows(canvasElement: HTMLElement): HTMLTableRowElement[] {
  return Array.from(
    canvasElement.querySelectorAll<HTMLTableRowElement>('tbody tr[data-slot="data-table-row"]'),
  );
}

/** Text of the given column (0-based, counting every rendered cell) for each body row. */
function columnTexts(canvasElement: HTMLElement, columnIndex: number): string[] {
  return bodyRows(canvasElement).map((row) => row.cells[columnIndex]?.textContent ?? '');
}

function scroller(canvasElement: HTMLElement): HTMLElement {
  const element = canvasElement.querySelector<HTMLElement>('[data-slot="data-table-scroll"]');
  if (!element) throw new Error('No se encontró el contenedor de la tabla');
  return element;
}

export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    const table = canvas.getByRole('table', { name: 'Asignaciones activas' });
    await expect(table).toBeVisible();
    await expect(bodyRows(canvasElement)).toHaveLength(12);
    await expect(canvas.getByRole('columnheader', { name: 'Fecha' })).toHaveAttribute('aria-sort', 'none');
    // Columns that do not sort have no sort button.
    await expect(canvas.queryByRole('button', { name: 'Nombre' })).not.toBeInTheDocument();
  },
};

export const Playground: Story = {
  args: { sorting: { allColumns: true }, selection: {}, showRowNumbers: true, maxHeight: 300 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Seleccionar todas las filas' })).toBeEnabled();
    await expect(canvas.getByRole('columnheader', { name: 'Número de fila' })).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Asignaciones activas' })).toHaveAttribute(
      'tabindex',
      '0',
    );
  },
};

export const SortByKeyboard: Story = {
  play: async ({ canvas, canvasElement }) => {
    const header = canvas.getByRole('columnheader', { name: 'Fecha' });
    const button = within(header).getByRole('button', { name: 'Fecha' });
    button.focus();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    const ascending = columnTexts(canvasElement, 6);
    const sortedAsc = [...rows12]
      .sort((a, b) => a.fecha.localeCompare(b.fecha))
      .map((row) => isoToDisplay(row.fecha));
    await expect(ascending).toEqual(sortedAsc);
    await userEvent.keyboard('{Enter}');
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(columnTexts(canvasElement, 6)).toEqual([...sortedAsc].reverse());
    await userEvent.keyboard(' ');
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    // Sorting another column starts it ascending and clears the first.
    await userEvent.click(canvas.getByRole('button', { name: 'Estatus' }));
    await expect(canvas.getByRole('columnheader', { name: 'Estatus' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(header).toHaveAttribute('aria-sort', 'none');
  },
};

export const AllColumnsSortable: Story = {
  args: { sorting: { allColumns: true } },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Monto' }));
    const amounts = [...rows12].sort((a, b) => a.monto - b.monto).map((row) => row.monto);
    await expect(bodyRows(canvasElement)[0]?.cells[7]).toHaveTextContent(
      new Intl.NumberFormat('es-MX').format(amounts[0] ?? 0),
    );
    await expect(canvas.getByRole('columnheader', { name: 'Monto' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  },
};

export const Selection: Story = {
  args: { selection: { onChange: fn() } },
  play: async ({ canvas, args }) => {
    const selectAll = canvas.getByRole('checkbox', { name: 'Seleccionar todas las filas' });
    await expect(selectAll).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(selectAll);
    const rowBoxes = canvas.getAllByRole('checkbox', { name: /^Seleccionar fila \d+$/ });
    await expect(rowBoxes).toHaveLength(12);
    for (const box of rowBoxes) await expect(box).toHaveAttribute('aria-checked', 'true');
    await expect(selectAll).toHaveAttribute('aria-checked', 'true');
    const onChange = args.selection?.onChange as ReturnType<typeof fn> | undefined;
    const [selection, selectedRows] = onChange?.mock.lastCall ?? [];
    await expect(Object.keys(selection ?? {})).toHaveLength(12);
    await expect(selectedRows).toHaveLength(12);
    // Unticking one row leaves the header indeterminate.
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Seleccionar fila 3' }));
    await expect(selectAll).toHaveAttribute('aria-checked', 'mixed');
    await userEvent.click(selectAll);
    await expect(selectAll).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(selectAll);
    await expect(selectAll).toHaveAttribute('aria-checked', 'false');
  },
};

function ControlledSelectionTable(props: DataTableProps<SampleRow>) {
  const [selection, setSelection] = useState<Record<string, boolean>>({ 'R-2': true });
  return (
    <div className="grid gap-2">
      <p className="text-sm">Seleccionadas: {Object.keys(selection).join(', ') || 'ninguna'}</p>
      <DataTable {...props} selection={{ value: selection, onChange: setSelection }} />
    </div>
  );
}

export const ControlledSelection: Story = {
  render: (args) => <ControlledSelectionTable {...args} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Seleccionadas: R-2')).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: 'Seleccionar fila 2' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Seleccionar fila 5' }));
    await expect(canvas.getByText('Seleccionadas: R-2, R-5')).toBeVisible();
  },
};

export const Empty: Story = {
  args: { data: [], emptyMessage: 'No se encontraron reportes', selection: {} },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('No se encontraron reportes')).toBeVisible();
    await expect(bodyRows(canvasElement)).toHaveLength(0);
    await expect(canvas.getByRole('checkbox', { name: 'Seleccionar todas las filas' })).toBeDisabled();
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Cargando...');
    await expect(canvas.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    await expect(bodyRows(canvasElement)).toHaveLength(0);
  },
};

/** Rows being replaced (another page on the server): they stay, dimmed, under a thin progress bar. */
export const Refreshing: Story = {
  args: { refreshing: true },
  // The dimmed rows are on their way out (for the moment a page loads), like disabled controls, which
  // WCAG 1.4.3 exempts from the contrast minimum; every other rule still runs.
  parameters: { a11y: { config: { rules: [{ id: 'color-contrast', enabled: false }] } } },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Actualizando la tabla...' })).toBeVisible();
    await expect(canvas.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    await expect(bodyRows(canvasElement).length).toBeGreaterThan(0);
  },
};

export const EmptyCells: Story = {
  args: {
    data: [
      { ...(rows12[0] as SampleRow), visitador: null, direccion: '' },
      { ...(rows12[1] as SampleRow), visitador: undefined as unknown as null },
    ],
  },
  play: async ({ canvasElement }) => {
    const [first, second] = bodyRows(canvasElement);
    await expect(first?.cells[2]).toHaveTextContent(/^-$/);
    await expect(first?.cells[4]).toHaveTextContent(/^-$/);
    await expect(second?.cells[2]).toHaveTextContent(/^-$/);
  },
};

export const HighlightedRows: Story = {
  args: {
    getRowTone: (row) => (row.visitador === null ? 'danger' : undefined),
  },
  play: async ({ canvasElement }) => {
    const unassigned = rows12.filter((row) => row.visitador === null);
    await expect(unassigned.length).toBeGreaterThan(0);
    const red = bodyRows(canvasElement).filter((row) => row.dataset.tone === 'danger');
    await expect(red).toHaveLength(unassigned.length);
    const firstRed = red[0];
    if (!firstRed) throw new Error('sin filas resaltadas');
    await expect(firstRed).toHaveTextContent('Fila resaltada en rojo: requiere atención');
    await expect(getComputedStyle(firstRed).backgroundColor).not.toBe('rgba(0, 0, 0, 0)');
    await expect(firstRed.cells[2]).toHaveTextContent(/^-$/);
  },
};

export const WarningRow: Story = {
  args: {
    getRowTone: (row) => (row.estatus === 'cancelada' ? 'warning' : undefined),
    getRowToneLabel: () => 'Asignación cancelada',
  },
  play: async ({ canvasElement }) => {
    const yellow = bodyRows(canvasElement).filter((row) => row.dataset.tone === 'warning');
    await expect(yellow.length).toBeGreaterThan(0);
    await expect(yellow[0]).toHaveTextContent('Asignación cancelada');
  },
};

const rows40 = makeSampleRows(40);

function heightStory(height: number): Story {
  return {
    args: { data: rows40, maxHeight: height, caption: `Tabla con altura de ${height} px` },
    play: async ({ canvas, canvasElement }) => {
      const region = canvas.getByRole('region', { name: `Tabla con altura de ${height} px` });
      await expect(region).toBe(scroller(canvasElement));
      await expect(region).toHaveAttribute('tabindex', '0');
      await expect(region.getBoundingClientRect().height).toBeLessThanOrEqual(height + 1);
      await expect(region.scrollHeight).toBeGreaterThan(region.clientHeight);
      const headerCell = canvas.getByRole('columnheader', { name: 'Nombre' });
      await expect(getComputedStyle(headerCell).position).toBe('sticky');
      region.scrollTop = region.scrollHeight;
      await waitFor(() =>
        expect(headerCell.getBoundingClientRect().top).toBeCloseTo(region.getBoundingClientRect().top, -1),
      );
    },
  };
}

export const MaxHeight200: Story = heightStory(200);
export const MaxHeight300: Story = heightStory(300);
export const MaxHeight400: Story = heightStory(400);

function ServerSortedTable(props: DataTableProps<SampleRow>) {
  const [sorting, setSorting] = useState<DataTableSort | null>(null);
  // Stands in for the server: the rows arrive already sorted for the requested sort.
  const data = useMemo(() => {
    if (!sorting) return props.data;
    const sorted = [...props.data].sort((a, b) => a.fecha.localeCompare(b.fecha));
    return sorting.desc ? sorted.reverse() : sorted;
  }, [props.data, sorting]);
  return (
    <DataTable
      {...props}
      data={data}
      sorting={{
        manual: true,
        value: sorting,
        onChange: (next) => {
          props.sorting?.onChange?.(next);
          setSorting(next);
        },
      }}
    />
  );
}

export const ServerSorting: Story = {
  args: { sorting: { onChange: fn() } },
  render: (args) => <ServerSortedTable {...args} />,
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Fecha' }));
    await expect(args.sorting?.onChange).toHaveBeenLastCalledWith({ id: 'fecha', desc: false });
    await expect(canvas.getByRole('columnheader', { name: 'Fecha' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Fecha' }));
    await expect(args.sorting?.onChange).toHaveBeenLastCalledWith({ id: 'fecha', desc: true });
    const newest = [...rows12].sort((a, b) => b.fecha.localeCompare(a.fecha))[0];
    await expect(bodyRows(canvasElement)[0]).toHaveTextContent(newest?.nombre ?? '');
  },
};

export const ManualSortingKeepsOrder: Story = {
  args: { sorting: { manual: true, allColumns: true, onChange: fn() } },
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Nombre' }));
    await expect(args.sorting?.onChange).toHaveBeenCalledWith({ id: 'nombre', desc: false });
    // The table does not reorder rows itself in manual mode.
    await expect(columnTexts(canvasElement, 0)).toEqual(rows12.map((row) => row.nombre));
  },
};

export const ClientPagination: Story = {
  args: {
    data: rows40,
    pagination: { defaultPageSize: 10, pageSizeOptions: [10, 20, 50] },
    showRowNumbers: true,
    sorting: { allColumns: true },
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(bodyRows(canvasElement)).toHaveLength(10);
    await expect(canvas.getByText('Mostrando 1 a 10 de 40 resultados')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Siguiente' }));
    await expect(canvas.getByText('Mostrando 11 a 20 de 40 resultados')).toBeVisible();
    await expect(columnTexts(canvasElement, 0)[0]).toBe('11');
    await expect(bodyRows(canvasElement)[0]).toHaveAttribute('aria-rowindex', '12');
    await expect(canvas.getByRole('table')).toHaveAttribute('aria-rowcount', '41');
    // Any sort change returns to page 1.
    await userEvent.click(canvas.getByRole('button', { name: 'Fecha' }));
    await expect(canvas.getByText('Mostrando 1 a 10 de 40 resultados')).toBeVisible();
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Por página' }), '20');
    await expect(bodyRows(canvasElement)).toHaveLength(20);
  },
};

function ServerPaginatedTable(props: DataTableProps<SampleRow>) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(5);
  const all = props.data;
  const data = useMemo(() => all.slice((page - 1) * pageSize, page * pageSize), [all, page, pageSize]);
  return (
    <div className="grid gap-3">
      <DataTable {...props} data={data} pagination={{ manual: true, page, pageSize, total: all.length }} />
      <Pager
        page={page}
        pageSize={pageSize}
        total={all.length}
        onPageChange={setPage}
        onPageSizeChange={setPageSize}
        pageSizeOptions={[5, 10, 20]}
      />
    </div>
  );
}

export const ManualPagination: Story = {
  args: { data: rows40, showRowNumbers: true },
  render: (args) => <ServerPaginatedTable {...args} />,
  play: async ({ canvas, canvasElement }) => {
    await expect(bodyRows(canvasElement)).toHaveLength(5);
    await userEvent.click(canvas.getByRole('button', { name: 'Página 3' }));
    await expect(columnTexts(canvasElement, 0)).toEqual(['11', '12', '13', '14', '15']);
    await expect(columnTexts(canvasElement, 1)[0]).toBe('Fila 11');
    await expect(bodyRows(canvasElement)[0]).toHaveAttribute('aria-rowindex', '12');
  },
};

export const RowNumbers: Story = {
  args: { showRowNumbers: true },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('columnheader', { name: 'Número de fila' })).toBeVisible();
    await expect(columnTexts(canvasElement, 0).slice(0, 3)).toEqual(['1', '2', '3']);
  },
};

export const RowClick: Story = {
  args: { onRowClick: fn(), activeRowId: 'R-2', selection: {} },
  play: async ({ canvas, canvasElement, args }) => {
    const [first, second] = bodyRows(canvasElement);
    await expect(second).toHaveAttribute('aria-current', 'true');
    if (!first) throw new Error('sin filas');
    await userEvent.click(within(first).getByText('Fila 1'));
    await expect(args.onRowClick).toHaveBeenCalledWith(rows12[0], 'R-1');
    // Ticking the checkbox does not count as a row click.
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Seleccionar fila 3' }));
    await expect(args.onRowClick).toHaveBeenCalledTimes(1);
    second?.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRowClick).toHaveBeenLastCalledWith(rows12[1], 'R-2');
  },
};

/**
 * Focusable rows (`onRowClick`): one row is in the tab order (the active one), ArrowUp/ArrowDown
 * move the focus, Home/End jump to the ends; `onRowFocus` hears each move (selection can follow).
 */
export const KeyboardNavigation: Story = {
  args: { onRowClick: fn(), onRowFocus: fn(), activeRowId: 'R-3', selection: {} },
  play: async ({ canvasElement, args }) => {
    const rows = bodyRows(canvasElement);
    const third = rows[2];
    await expect(rows.filter((row) => row.tabIndex === 0)).toEqual([third]);
    await expect(rows.filter((row) => row.tabIndex === -1)).toHaveLength(11);
    third?.focus();
    await expect(args.onRowFocus).toHaveBeenLastCalledWith(rows12[2], 'R-3');
    await userEvent.keyboard('{ArrowDown}');
    await expect(rows[3]).toHaveFocus();
    await expect(args.onRowFocus).toHaveBeenLastCalledWith(rows12[3], 'R-4');
    // The focused row takes the tab stop.
    await expect(rows[3]).toHaveAttribute('tabindex', '0');
    await expect(third).toHaveAttribute('tabindex', '-1');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    await expect(rows[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    await expect(rows[0]).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(rows[11]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(rows[11]).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(rows[0]).toHaveFocus();
    // Moving is not activating: Enter is.
    await expect(args.onRowClick).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRowClick).toHaveBeenCalledWith(rows12[0], 'R-1');
    // Arrow keys on the row's checkbox are the checkbox's own.
    const checkbox = within(rows[0] as HTMLElement).getByRole('checkbox');
    checkbox.focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(checkbox).toHaveFocus();
  },
};

function ManyFocusableRows(props: DataTableProps<SampleRow>) {
  const data = useMemo(() => makeSampleRows(5000), []);
  return <DataTable {...props} data={data} />;
}

/** In a virtualised body the keys reach rows not yet rendered: scrolled into view, then focused. */
export const KeyboardNavigationVirtualised: Story = {
  args: { caption: 'Cinco mil filas', maxHeight: 300, onRowClick: fn(), columns: columns.slice(0, 3) },
  render: (args) => <ManyFocusableRows {...args} />,
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('table', { name: 'Cinco mil filas' });
    const region = scroller(canvasElement);
    const first = bodyRows(canvasElement)[0];
    await expect(first).toHaveAttribute('tabindex', '0');
    first?.focus();
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(document.activeElement).toHaveTextContent('Fila 5000'));
    const inView = () => {
      const box = (document.activeElement as HTMLElement).getBoundingClientRect();
      const frame = region.getBoundingClientRect();
      const head = region.querySelector('thead')?.getBoundingClientRect().height ?? 0;
      expect(box.top).toBeGreaterThanOrEqual(frame.top + head - 1);
      expect(box.bottom).toBeLessThanOrEqual(frame.bottom + 1);
    };
    inView();
    await userEvent.keyboard('{ArrowUp}');
    await expect(document.activeElement).toHaveTextContent('Fila 4999');
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(document.activeElement).toHaveTextContent(/Fila 1(?!\d)/));
    inView();
    await expect(canvasElement.querySelectorAll('tbody tr').length).toBeLessThan(100);
  },
};

const hundredThousandColumns: DataTableColumn<SampleRow>[] = [
  { id: 'nombre', header: 'Nombre' },
  { id: 'folio', header: 'Folio' },
  { id: 'estado', header: 'Estado' },
  { id: 'estatus', header: 'Estatus' },
];

function HundredThousandTable(props: DataTableProps<SampleRow>) {
  const data = useMemo(() => makeSampleRows(100_000), []);
  return <DataTable {...props} data={data} />;
}

export const HundredThousandRows: Story = {
  args: {
    columns: hundredThousandColumns,
    caption: 'Cien mil filas',
    maxHeight: 400,
    showRowNumbers: true,
  },
  render: (args) => <HundredThousandTable {...args} />,
  play: async ({ canvas, canvasElement }) => {
    const table = await canvas.findByRole('table', { name: 'Cien mil filas' });
    await expect(table).toHaveAttribute('aria-rowcount', '100001');
    const domRows = canvasElement.querySelectorAll('tbody tr');
    await expect(domRows.length).toBeGreaterThan(0);
    await expect(domRows.length).toBeLessThan(100);
    await expect(canvas.getByText('Fila 1')).toBeVisible();
    const region = scroller(canvasElement);
    await waitFor(
      () => {
        region.scrollTop = region.scrollHeight;
        const last = within(region).getByText('Fila 100000');
        const box = last.getBoundingClientRect();
        const frame = region.getBoundingClientRect();
        expect(box.top).toBeGreaterThanOrEqual(frame.top);
        expect(box.bottom).toBeLessThanOrEqual(frame.bottom + 1);
      },
      { timeout: 5000 },
    );
    const lastRow = within(region).getByText('Fila 100000').closest('tr');
    await expect(lastRow).toHaveAttribute('aria-rowindex', '100001');
    await expect(canvasElement.querySelectorAll('tbody tr').length).toBeLessThan(100);
  },
};

/** Any other prop goes to the root `<div data-slot="data-table">`, with its class names merged. */
export const RootProps: Story = {
  args: { id: 'asignaciones', className: 'max-w-3xl', 'aria-describedby': 'nota-tabla' },
  render: (args) => (
    <div className="grid gap-2">
      <p id="nota-tabla" className="text-sm">
        Asignaciones del día
      </p>
      <DataTable {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const root = canvasElement.querySelector<HTMLElement>('#asignaciones');
    await expect(root).toHaveAttribute('data-slot', 'data-table');
    await expect(root).toHaveAttribute('aria-describedby', 'nota-tabla');
    await expect(root).toHaveClass('max-w-3xl', 'flex');
  },
};

const daysColumns: DataTableColumn<SampleRow>[] = [
  { id: 'nombre', header: 'Nombre' },
  { id: 'visitador', header: 'Visitador', sortable: true, sortEmptyLast: true },
];

/** `sortEmptyLast`: rows without a value ('-') stay last whichever way the column is sorted. */
export const EmptyValuesSortLast: Story = {
  args: { columns: daysColumns },
  play: async ({ canvas, canvasElement }) => {
    const empties = rows12.filter((row) => row.visitador === null).length;
    await expect(empties).toBeGreaterThan(0);
    const header = canvas.getByRole('columnheader', { name: 'Visitador' });
    const lastTexts = () => columnTexts(canvasElement, 1).slice(-empties);
    await userEvent.click(within(header).getByRole('button'));
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(lastTexts()).toEqual(Array(empties).fill('-'));
    await userEvent.click(within(header).getByRole('button'));
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(lastTexts()).toEqual(Array(empties).fill('-'));
    await expect(columnTexts(canvasElement, 1)[0]).not.toBe('-');
  },
};

/**
 * `pagination.resetOnSort: 'column-change'` (the users table): toggling the direction keeps the
 * page, sorting another column returns to page 1. `pagination.label` names the pager.
 */
export const KeepsThePageWhenTogglingTheSort: Story = {
  args: {
    data: rows40,
    pagination: { pageSize: 10, resetOnSort: 'column-change', label: 'Paginación de asignaciones' },
    sorting: { allColumns: true },
  },
  play: async ({ canvas }) => {
    const pager = canvas.getByRole('navigation', { name: 'Paginación de asignaciones' });
    await userEvent.click(canvas.getByRole('button', { name: 'Fecha' }));
    await userEvent.click(within(pager).getByRole('button', { name: 'Página 2' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Fecha' }));
    await expect(canvas.getByRole('columnheader', { name: 'Fecha' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(pager).toHaveTextContent('Mostrando 11 a 20 de 40 resultados');
    await userEvent.click(canvas.getByRole('button', { name: 'Estatus' }));
    await expect(pager).toHaveTextContent('Mostrando 1 a 10 de 40 resultados');
  },
};
