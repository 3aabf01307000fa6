import type { ReportItem } from '@socio/contracts';
import {
  Button,
  Card,
  cn,
  DataTable,
  type DataTableSort,
  ErrorState,
  NativeSelect,
  SearchInput,
  sortDataTableRows,
  toast,
} from '@socio/ui';
import { ArrowUp, CheckCheck, Download, FileUp, Send } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useClientes } from '../catalogos/use-catalogos';
import { errorDetail } from '../errors';
import { EntregasPanel } from './entregas-panel';
import { reportesMessages as m } from './messages.es';
import { ReporteViewer } from './reporte-viewer';
import {
  PDF_DEBOUNCE_MS,
  pendingCount,
  reportForFolio,
  resolveCliente,
  rowIdOf,
  sameRows,
  searchReportes,
  type TickedRows,
  tickedReportes,
  visibleTicks,
} from './reportes.model';
import { reportesColumns } from './reportes-columns';
import { isNoRecipients, isNothingPending } from './reportes-errors';
import { useReportesPanes } from './reportes-panes';
import { UploadReporteModal } from './upload-reporte-modal';
import {
  useDownloadPending,
  useFolioLookup,
  useMarkSent,
  useReportePdf,
  useReportesList,
  useSendReporte,
} from './use-reportes';
import type { ViewerLayout } from './viewer-layout';

export interface ReportesScreenProps {
  /** The client chosen in the URL (its id or name); the first of the catalogue when absent or unknown. */
  cliente: string | null;
  /** Called with the id of the client picked in the selector (the app writes it to the URL). */
  onClienteChange: (cliente: string) => void;
  /** Folio sent by the top bar's 'Buscar info de folio' (navigation state `searchFolio`). */
  searchFolio?: string;
  /** Identity of that navigation: a new top-bar search replaces the text of the search box. */
  searchKey?: string;
  /** Saves a downloaded file (the zip of pending reports) under the given name; the app injects it. */
  saveFile: (blob: Blob, fileName: string) => void;
  /** Pause before the selected report's PDF is fetched. */
  pdfDebounceMs?: number;
  /** How often the deliveries of the selected report are read again while one is en cola (ms). */
  entregasPollMs?: number;
  /** Opens Clientes; give it only to users who may set recipients (the Administrador). */
  onOpenClientes?: () => void;
  /** How list and viewer share the width on a wide screen (the app reads the one kept last time). */
  defaultViewerLayout?: ViewerLayout;
  /** Called when the splitter or 'Ocultar visor' / 'Mostrar visor' changes that layout. */
  onViewerLayoutChange?: (layout: ViewerLayout) => void;
}

const EMPTY: readonly ReportItem[] = [];

/** Where list and viewer sit side by side (Tailwind's xl, the grid below). */
const SIDE_BY_SIDE = '(min-width: 80rem)';

/**
 * /socioeconomico/reportes: the client's reports (searched and sorted here, so that the first one
 * shown can be selected; sort headers, ticks and keyboard in the DataTable), the selected report in
 * the PDF viewer, and the server actions: mark ticked as sent, send the selected one, download the
 * pending ones as a zip, upload a new report.
 */
export function ReportesScreen({
  cliente,
  onClienteChange,
  searchFolio,
  searchKey,
  saveFile,
  pdfDebounceMs = PDF_DEBOUNCE_MS,
  entregasPollMs,
  onOpenClientes,
  defaultViewerLayout,
  onViewerLayoutChange,
}: ReportesScreenProps) {
  const panes = useReportesPanes(defaultViewerLayout, onViewerLayoutChange);
  const clientes = useClientes();
  const current = resolveCliente(clientes.data ?? [], cliente);
  const clienteId = current ? String(current.id_cliente) : undefined;
  const list = useReportesList(clienteId);
  const rows = list.data ?? EMPTY;

  const [query, setQuery] = useState(searchFolio ?? '');
  /** A folio from the top bar still being looked up in every client. */
  const [folioSearch, setFolioSearch] = useState(searchFolio?.trim() || null);
  /** A folio from the top bar that no client has a report for. */
  const [missingFolio, setMissingFolio] = useState<string | null>(null);
  // A new search from the top bar while already here replaces the box's text.
  const [appliedSearch, setAppliedSearch] = useState(searchKey);
  if (searchFolio !== undefined && searchKey !== appliedSearch) {
    setAppliedSearch(searchKey);
    setQuery(searchFolio);
    setFolioSearch(searchFolio.trim() || null);
    setMissingFolio(null);
  }
  const [ticked, setTicked] = useState<TickedRows>({});
  /** The sort chosen in the table's headers (`null`: the server's order). */
  const [sort, setSort] = useState<DataTableSort | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  /** A report to select as soon as a list shows it (the one just uploaded). */
  const [requestedId, setRequestedId] = useState<number | null>(null);
  const [uploadOpen, setUploadOpen] = useState(false);

  const visible = useMemo(() => searchReportes(rows, query), [rows, query]);
  /** The rows in the order the table shows them: searched and sorted here, shown as given by the table. */
  const ordered = useMemo(() => sortDataTableRows(visible, reportesColumns, sort), [visible, sort]);
  const tickedRows = useMemo(() => tickedReportes(ticked, visible), [ticked, visible]);

  // Ticks of rows the search or the client hides are dropped (the same object when none is).
  useEffect(() => setTicked((old) => visibleTicks(old, visible)), [visible]);

  // When the list changes (client, search, sort, a new report), the first report shown is selected;
  // a status change keeps the selection. A report just uploaded wins once it is listed.
  const previous = useRef<readonly ReportItem[]>(EMPTY);
  useEffect(() => {
    const changed = !sameRows(previous.current, ordered);
    previous.current = ordered;
    if (requestedId !== null && ordered.some((row) => row.id_reporte === requestedId)) {
      setSelectedId(requestedId);
      setRequestedId(null);
    } else if (changed) {
      setSelectedId(ordered[0]?.id_reporte ?? null);
    }
  }, [ordered, requestedId]);
  const selectRow = (row: ReportItem) => setSelectedId(row.id_reporte);
  // Below xl the viewer sits under the list (on a phone ~1,000 px down): a click on a report scrolls to
  // it, and 'Volver a la lista' goes back to the row.
  const viewerHeading = useRef<HTMLHeadingElement>(null);
  const listCard = useRef<HTMLDivElement>(null);
  const openRow = (row: ReportItem) => {
    selectRow(row);
    if (window.matchMedia(SIDE_BY_SIDE).matches) return;
    viewerHeading.current?.scrollIntoView({ block: 'start' });
    viewerHeading.current?.focus({ preventScroll: true });
  };
  const backToList = () => {
    const row = listCard.current?.querySelector<HTMLElement>('tr[aria-current="true"]');
    const target = row ?? listCard.current;
    target?.scrollIntoView({ block: 'center' });
    row?.focus({ preventScroll: true });
  };

  // The top bar's folio is looked up in every client: the selector moves to the client of its report
  // and that report is selected; with none anywhere, the table says so.
  const lookup = useFolioLookup(folioSearch ?? undefined);
  useEffect(() => {
    if (folioSearch === null || !clientes.isSuccess) return;
    if (lookup.isError) {
      setFolioSearch(null);
      toast.error(m.folioLookupError);
      return;
    }
    if (!lookup.isSuccess) return;
    setFolioSearch(null);
    const found = reportForFolio(lookup.data, folioSearch);
    if (!found) {
      setMissingFolio(folioSearch);
      return;
    }
    setRequestedId(found.id_reporte);
    const owner = clientes.data.find((c) => c.nombre === found.cliente);
    if (owner && String(owner.id_cliente) !== clienteId) {
      setTicked({});
      onClienteChange(String(owner.id_cliente));
    }
  }, [
    folioSearch,
    lookup.isError,
    lookup.isSuccess,
    lookup.data,
    clientes.isSuccess,
    clientes.data,
    clienteId,
    onClienteChange,
  ]);

  const selected = useMemo(
    () => (selectedId === null ? null : (rows.find((row) => row.id_reporte === selectedId) ?? null)),
    [rows, selectedId],
  );
  const pdf = useReportePdf(selected?.id_reporte ?? null, pdfDebounceMs);

  const mark = useMarkSent();
  const send = useSendReporte();
  /** The report whose 'Enviar reportes' was refused because its client has no recipients. */
  const [sinDestinatarios, setSinDestinatarios] = useState<number | null>(null);
  const download = useDownloadPending();
  /** The pending zip is arriving (the server answered); until then the button says it is being prepared. */
  const [downloadStarted, setDownloadStarted] = useState(false);

  const markTicked = () => {
    if (tickedRows.length === 0) {
      toast.info(m.markNoneTicked);
      return;
    }
    mark.mutate(
      tickedRows.map((row) => row.id_reporte),
      {
        onSuccess: (result) => {
          toast.success(m.marked(result.actualizados));
          setTicked({});
        },
        onError: (error) => toast.error(m.markError(errorDetail(error))),
      },
    );
  };

  const sendSelected = () => {
    if (!selected) {
      toast.info(m.sendNoneSelected);
      return;
    }
    const { id_reporte, cliente: nombre } = selected;
    setSinDestinatarios(null);
    send.mutate(id_reporte, {
      onSuccess: () => toast.success(m.sent),
      onError: (error) => {
        const noRecipients = isNoRecipients(error);
        if (noRecipients) setSinDestinatarios(id_reporte);
        toast.error(m.sendError(noRecipients ? m.sinDestinatariosCliente(nombre) : errorDetail(error)));
      },
    });
  };

  const downloadPending = () => {
    if (!clienteId) return;
    const count = pendingCount(rows);
    if (count === 0) {
      toast.info(m.noPending);
      return;
    }
    setDownloadStarted(false);
    const onStarted = () => {
      setDownloadStarted(true);
      toast.info(m.downloading(count));
    };
    download.mutate(
      { cliente: clienteId, onStarted },
      {
        onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
        onError: (error) =>
          isNothingPending(error)
            ? toast.info(m.noPending)
            : toast.error(m.downloadError(errorDetail(error))),
      },
    );
  };

  const changeCliente = (value: string) => {
    setTicked({});
    onClienteChange(value);
  };

  const loadFailed = clientes.isError || list.isError;
  const loading = clientes.isPending || (clienteId !== undefined && list.isPending) || folioSearch !== null;
  const listReady = list.isSuccess && !loadFailed;
  const trimmed = query.trim();
  const emptyMessage = () => {
    if (missingFolio !== null && trimmed.toLowerCase() === missingFolio.toLowerCase()) {
      return m.noReportForFolio(missingFolio);
    }
    return trimmed && rows.length > 0 ? m.emptyForQuery(trimmed) : m.empty;
  };

  return (
    <div data-slot="reportes-screen" {...panes.grid}>
      <Card ref={listCard} id={panes.listId} className="min-w-0 gap-4">
        <header className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="font-semibold text-2xl text-ink">{m.panelTitle}</h1>
          <Button
            variant="outline"
            onClick={() => setUploadOpen(true)}
            disabled={!clientes.isSuccess || clientes.data.length === 0}
          >
            <FileUp aria-hidden="true" />
            {m.upload}
          </Button>
        </header>

        <NativeSelect
          label={m.clienteLabel}
          options={(clientes.data ?? []).map((c) => ({ value: String(c.id_cliente), label: c.nombre }))}
          placeholder={false}
          value={clienteId ?? ''}
          onChange={(event) => changeCliente(event.target.value)}
          disabled={!clientes.isSuccess}
          className="max-w-xs"
        />

        <div data-slot="reportes-actions" className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={downloadPending}
            loading={download.isPending}
            disabled={!listReady}
          >
            {download.isPending ? null : <Download aria-hidden="true" />}
            {download.isPending && !downloadStarted ? m.preparingDownload : m.downloadPending}
          </Button>
          {tickedRows.length > 0 ? (
            <Button variant="secondary" onClick={markTicked} loading={mark.isPending}>
              {mark.isPending ? null : <CheckCheck aria-hidden="true" />}
              {m.markSent(tickedRows.length)}
            </Button>
          ) : null}
          <Button onClick={sendSelected} loading={send.isPending} disabled={!listReady}>
            {send.isPending ? null : <Send aria-hidden="true" />}
            {m.send}
          </Button>
        </div>

        {loadFailed ? (
          <ErrorState
            message={m.loadError}
            retryLabel={m.retry}
            retrying={clientes.isFetching || list.isFetching}
            onRetry={() => void (clientes.isError ? clientes.refetch() : list.refetch())}
          />
        ) : (
          <>
            <SearchInput
              label={m.searchLabel}
              placeholder={m.searchPlaceholder}
              value={query}
              onValueChange={setQuery}
              className="max-w-md"
            />
            <DataTable
              caption={m.tableLabel}
              captionHidden
              cardsBelow="sm"
              data={ordered}
              columns={reportesColumns}
              getRowId={rowIdOf}
              sorting={{ allColumns: true, manual: true, value: sort, onChange: setSort }}
              selection={{ value: ticked, onChange: (next) => setTicked(next) }}
              // Selection follows the focus: arrowing through the rows shows each report (the PDF
              // waits for the debounce, so only where the arrowing stops is downloaded).
              onRowClick={openRow}
              onRowFocus={selectRow}
              activeRowId={selected ? rowIdOf(selected) : null}
              loading={loading}
              loadingLabel={m.loading}
              emptyMessage={emptyMessage()}
              maxHeight="min(60vh, 560px)"
              virtualization={{ enabled: 'auto', estimateRowHeight: 41 }}
            />
            {listReady && rows.length > 0 ? (
              <p className="text-ink-muted text-sm" data-slot="reportes-count">
                {m.countSummary(visible.length, rows.length)}
              </p>
            ) : null}
          </>
        )}
      </Card>

      {panes.controls}
      <Card id={panes.viewer.id} className={cn('min-w-0 gap-3 xl:sticky xl:top-4', panes.viewer.className)}>
        <div className="flex items-center justify-between gap-2">
          <h2
            ref={viewerHeading}
            tabIndex={-1}
            className="truncate font-semibold text-ink text-lg outline-none"
          >
            {selected ? m.viewerTitle(selected.id) : m.viewerLabel}
          </h2>
          <Button variant="ghost" size="sm" className="shrink-0 xl:hidden" onClick={backToList}>
            <ArrowUp aria-hidden="true" />
            {m.backToList}
          </Button>
        </div>
        <ReporteViewer report={selected} pdf={pdf} className="h-[min(75vh,880px)] min-h-96" />
        <EntregasPanel
          report={selected}
          pollMs={entregasPollMs}
          sinDestinatarios={selected !== null && sinDestinatarios === selected.id_reporte}
          onOpenClientes={onOpenClientes}
        />
      </Card>

      {clientes.data && clientes.data.length > 0 ? (
        <UploadReporteModal
          open={uploadOpen}
          onOpenChange={setUploadOpen}
          clientes={clientes.data}
          defaultCliente={clienteId}
          onUploaded={(reporte, uploadedCliente) => {
            setRequestedId(reporte.id_reporte);
            setQuery('');
            if (uploadedCliente !== clienteId) changeCliente(uploadedCliente);
          }}
        />
      ) : null}
    </div>
  );
}
