import { type ReportItem, toFechaRecibido } from '@socio/contracts';
import { type DataTableSort, useDataTable } from '@socio/ui';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  addReporte,
  pendingCount,
  replaceReportes,
  reportForFolio,
  resolveCliente,
  rowIdOf,
  sameRows,
  searchReportes,
  tickedReportes,
  visibleTicks,
} from './reportes.model';
import { reportesColumns } from './reportes-columns';

function report(id_reporte: number, extra: Partial<ReportItem> = {}): ReportItem {
  return {
    id: `TEC-${id_reporte}`,
    id_reporte,
    visitador: 'Juan Pérez López',
    cliente: 'Tec de Monterrey',
    fechaRecibido: '01/03/26',
    fecha_recibido: '2026-03-01',
    notas: '',
    estatus: 'Pendiente',
    ...extra,
  };
}

const rows: ReportItem[] = [
  report(1, { id: 'TEC-0010', visitador: 'Sofía Flores', fecha_recibido: '2026-03-09', notas: 'b' }),
  report(2, { id: 'UANL-0002', cliente: 'UANL', visitador: 'Ana Ríos', fecha_recibido: '2025-12-31' }),
  report(3, { id: 'TEC-0009', estatus: 'Enviado', visitador: 'Carlos Soto', fecha_recibido: '2026-01-15' }),
  report(4, { id: 'UDEM-0001', cliente: 'UDEM', visitador: 'Beto PÉREZ', notas: 'a', estatus: 'Enviado' }),
];
const ids = (list: readonly ReportItem[]) => list.map((r) => r.id_reporte);

describe('searchReportes (case-insensitive substring over id, visitador and cliente)', () => {
  it('given a blank query › keeps every row', () => {
    expect(searchReportes(rows, '   ')).toBe(rows);
  });
  it('matches the folio in any case', () => {
    expect(ids(searchReportes(rows, 'tec-00'))).toEqual([1, 3]);
  });
  it('matches the visitador, ignoring case but not accents', () => {
    expect(ids(searchReportes(rows, 'pérez'))).toEqual([4]);
    expect(ids(searchReportes(rows, 'PEREZ'))).toEqual([]);
  });
  it('matches the cliente', () => {
    expect(ids(searchReportes(rows, 'uanl'))).toEqual([2]);
    expect(ids(searchReportes(rows, 'monterrey'))).toEqual([1, 3]);
  });
  it('does not look at the notes', () => {
    expect(ids(searchReportes(rows, 'b'))).toEqual([4]); // 'Beto', not the note 'b' of report 1
  });
});

/**
 * The reports table sorts on the client: its DataTable's headless core with the screen's columns and
 * options. `sorted` returns the ids in the order the table shows them after one sort.
 */
function reportesTable(data: readonly ReportItem[], sort: DataTableSort | null = null) {
  const hook = renderHook(() =>
    useDataTable({ data, columns: reportesColumns, getRowId: rowIdOf, sorting: { allColumns: true } }),
  );
  if (sort) {
    act(() => hook.result.current.toggleSort(sort.id));
    if (sort.desc) act(() => hook.result.current.toggleSort(sort.id));
  }
  return hook.result;
}
const sorted = (data: readonly ReportItem[], sort: DataTableSort | null) =>
  reportesTable(data, sort).current.rows.map((row) => row.original.id_reporte);

describe('reports table sort (DataTable with reportesColumns)', () => {
  it('without a sort › keeps the server order', () => {
    const table = reportesTable(rows);
    expect(table.current.sorting).toBeNull();
    expect(table.current.rows.map((row) => row.original)).toEqual(rows);
  });
  it('every column sorts', () => {
    const table = reportesTable(rows);
    expect(reportesColumns.map((column) => table.current.canSort(column.id))).toEqual(
      reportesColumns.map(() => true),
    );
  });
  it('sorts Fecha recibido by the date, not by the dd/mm/aa text', () => {
    expect(sorted(rows, { id: 'fechaRecibido', desc: false })).toEqual([2, 3, 4, 1]);
    expect(sorted(rows, { id: 'fechaRecibido', desc: true })).toEqual([1, 4, 3, 2]);
  });
  it('sorts ID with numbers in order', () => {
    const folios = [report(1, { id: 'F-10' }), report(2, { id: 'F-9' }), report(3, { id: 'F-100' })];
    expect(sorted(folios, { id: 'id', desc: false })).toEqual([2, 1, 3]);
  });
  it('sorts Estatus, keeping the server order among equals in both directions', () => {
    expect(sorted(rows, { id: 'estatus', desc: false })).toEqual([3, 4, 1, 2]);
    expect(sorted(rows, { id: 'estatus', desc: true })).toEqual([1, 2, 3, 4]);
  });
  it('sorts Cliente, Visitador and Notas as Spanish text', () => {
    expect(sorted(rows, { id: 'cliente', desc: false })).toEqual([1, 3, 2, 4]);
    expect(sorted(rows, { id: 'visitador', desc: false })).toEqual([2, 4, 3, 1]);
    expect(sorted(rows, { id: 'notas', desc: true })).toEqual([1, 4, 2, 3]);
  });
  it('does not change the given array', () => {
    const copy = [...rows];
    sorted(rows, { id: 'id', desc: true });
    expect(rows).toEqual(copy);
  });
});

describe('search, then the table sort', () => {
  it('filters, then sorts', () => {
    expect(sorted(searchReportes(rows, 'tec'), { id: 'id', desc: false })).toEqual([3, 1]);
  });
  it('searches and sorts 10,000 reports', () => {
    // Its speed is printed by the TenThousandReports story (a gate asserts results, not milliseconds).
    const many = Array.from({ length: 10_000 }, (_, i) =>
      report(i + 1, { id: `TEC-${i}`, fecha_recibido: `2026-0${(i % 9) + 1}-1${i % 10}` }),
    );
    const shown = searchReportes(many, 'tec-1');
    const order = sorted(shown, { id: 'fechaRecibido', desc: true });
    expect(order.length).toBe(shown.length);
    expect(order.length).toBeGreaterThan(1000);
    const dates = order.map((id) => many[id - 1]?.fecha_recibido ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe('ticks (select-all ticks the visible rows)', () => {
  it('given ticks of hidden rows › only the visible ones count', () => {
    const visible = searchReportes(rows, 'tec');
    const ticked = { '1': true, '2': true, '3': true };
    expect(visibleTicks(ticked, visible)).toEqual({ '1': true, '3': true });
    expect(ids(tickedReportes(ticked, visible))).toEqual([1, 3]);
  });
  it('given only visible ticks › returns the same object (no re-render)', () => {
    const ticked = { '1': true };
    expect(visibleTicks(ticked, rows)).toBe(ticked);
  });
  it('after select-all on a filtered list › marking sends exactly the visible rows', () => {
    const visible = searchReportes(rows, 'u');
    const all = Object.fromEntries(visible.map((r) => [String(r.id_reporte), true]));
    expect(ids(tickedReportes(all, visible))).toEqual([2, 4]);
  });
});

describe('Fecha recibido (dd/mm/aa)', () => {
  it('the fakes format an ISO date as the server does', () => {
    expect(toFechaRecibido('2026-03-07')).toBe('07/03/26');
    expect(toFechaRecibido('1999-12-31T23:00:00Z')).toBe('31/12/99');
  });
  it('the cell shows the server text as it came', () => {
    const column = reportesColumns.find((c) => c.id === 'fechaRecibido');
    const row = report(1, { fechaRecibido: 'ayer' });
    expect(column?.cell?.({ row, value: row.fecha_recibido, rowIndex: 0, rowId: '1' })).toBe('ayer');
  });
});

describe('cache updates', () => {
  it('replaceReportes swaps the server copies in place, order kept', () => {
    const sent = { ...rows[1], estatus: 'Enviado' } as ReportItem;
    const next = replaceReportes(rows, [sent]);
    expect(ids(next)).toEqual(ids(rows));
    expect(next[1]?.estatus).toBe('Enviado');
    expect(sameRows(rows, next)).toBe(true);
  });
  it('addReporte puts the new report first', () => {
    expect(ids(addReporte(rows, report(9)))).toEqual([9, 1, 2, 3, 4]);
    expect(sameRows(rows, addReporte(rows, report(9)))).toBe(false);
  });
  it('pendingCount counts Pendiente', () => {
    expect(pendingCount(rows)).toBe(2);
  });
});

describe('resolveCliente', () => {
  const clientes = [
    { id_cliente: 1, nombre: 'Tec de Monterrey' },
    { id_cliente: 2, nombre: 'UANL' },
  ];
  it('takes the id or the name from the URL, else the first (the default)', () => {
    expect(resolveCliente(clientes, '2')?.nombre).toBe('UANL');
    expect(resolveCliente(clientes, 'uanl')?.id_cliente).toBe(2);
    expect(resolveCliente(clientes, 'otro')?.id_cliente).toBe(1);
    expect(resolveCliente(clientes, null)?.id_cliente).toBe(1);
    expect(resolveCliente([], '1')).toBeUndefined();
  });
});

describe('reportForFolio', () => {
  const rows = [report(1, { id: 'UANL-2026-00198-B' }), report(2, { id: 'UANL-2026-00198' })];
  it('prefers the exact folio (any case), else the first containing it, else none', () => {
    expect(reportForFolio(rows, ' uanl-2026-00198 ')?.id_reporte).toBe(2);
    expect(reportForFolio(rows, '00198-b')?.id_reporte).toBe(1);
    expect(reportForFolio(rows, 'UANL-2026-00199')).toBeUndefined();
    expect(reportForFolio(rows, '  ')).toBeUndefined();
  });
});
