/** TanStack Query hooks of the reportes feature; all data comes from the injected `reportes` port. */
import { type EntregasResponse, entregaResumen, type ReportItem } from '@socio/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { usePort } from '../ports';
import { useDebouncedValue } from '../use-debounced-value';
import { addReporte, PDF_DEBOUNCE_MS, replaceReportes } from './reportes.model';
import type { NewReporte } from './reportes.port';

export const reportesKeys = {
  all: ['reportes'] as const,
  lists: ['reportes', 'list'] as const,
  list: (cliente: string) => ['reportes', 'list', cliente] as const,
  folio: (folio: string) => ['reportes', 'folio', folio] as const,
  pdf: (idReporte: number) => ['reportes', 'pdf', idReporte] as const,
  entregas: (idReporte: number) => ['reportes', 'entregas', idReporte] as const,
};

/** How often the history of a delivery still en cola is read again. */
export const ENTREGAS_POLL_MS = 5_000;

/** Every report of one client (`cliente`: its id); idle while no client is known yet. */
export function useReportesList(cliente: string | undefined) {
  const port = usePort('reportes');
  return useQuery({
    queryKey: reportesKeys.list(cliente ?? ''),
    queryFn: ({ signal }) => port.list(cliente ?? '', { signal }),
    enabled: cliente !== undefined,
  });
}

/** The reports of every client whose folio contains `folio`; idle without a folio. Read fresh each search. */
export function useFolioLookup(folio: string | undefined) {
  const port = usePort('reportes');
  return useQuery({
    queryKey: reportesKeys.folio(folio ?? ''),
    queryFn: ({ signal }) => port.findFolio(folio ?? '', { signal }),
    enabled: folio !== undefined,
    gcTime: 0,
  });
}

export type ReportePdfState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; blob: Blob };

/**
 * The PDF of the selected report, fetched 200 ms after the selection settles (arrowing through the
 * list downloads only where it stops). The query is keyed by the report id and gets an abort signal:
 * a slower earlier answer is cancelled or lands in its own cache entry, never in the viewer.
 */
export function useReportePdf(idReporte: number | null, delay = PDF_DEBOUNCE_MS): ReportePdfState {
  const port = usePort('reportes');
  const debounced = useDebouncedValue(idReporte, delay);
  const settled = debounced === idReporte;
  const query = useQuery({
    queryKey: reportesKeys.pdf(debounced ?? 0),
    queryFn: ({ signal }) => port.pdf(debounced ?? 0, { signal }),
    enabled: debounced !== null && settled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
  });
  if (idReporte === null) return { status: 'none' };
  if (!settled || query.isPending) return { status: 'loading' };
  if (query.isError) return { status: 'error', retry: () => void query.refetch() };
  return { status: 'ready', blob: query.data };
}

/** Writes the server's copies of some reports into every cached list (statuses change in place). */
function useUpdateCachedReportes() {
  const client = useQueryClient();
  return (updated: readonly ReportItem[]) => {
    client.setQueriesData<ReportItem[]>({ queryKey: reportesKeys.lists }, (rows) =>
      rows ? replaceReportes(rows, updated) : rows,
    );
  };
}

export function useMarkSent() {
  const port = usePort('reportes');
  const update = useUpdateCachedReportes();
  return useMutation({
    mutationFn: (ids: number[]) => port.markSent(ids),
    onSuccess: (result) => update(result.reportes),
  });
}

export function useSendReporte() {
  const port = usePort('reportes');
  const update = useUpdateCachedReportes();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (idReporte: number) => port.send(idReporte),
    onSuccess: (reporte) => {
      update([reporte]);
      void client.invalidateQueries({ queryKey: reportesKeys.entregas(reporte.id_reporte) });
    },
  });
}

/**
 * The e-mail deliveries of a report, read again every few seconds while the latest is en cola; the
 * list row's delivery state follows what it reads.
 */
export function useEntregas(idReporte: number | null, pollMs = ENTREGAS_POLL_MS) {
  const port = usePort('reportes');
  const client = useQueryClient();
  const query = useQuery({
    queryKey: reportesKeys.entregas(idReporte ?? 0),
    queryFn: ({ signal }) => port.entregas(idReporte ?? 0, { signal }),
    enabled: idReporte !== null,
    refetchInterval: (q) => (q.state.data?.entregas[0]?.estado === 'en_cola' ? pollMs : false),
  });
  const latest = query.data?.entregas[0];
  useEffect(() => {
    if (!latest) return;
    client.setQueriesData<ReportItem[]>({ queryKey: reportesKeys.lists }, (rows) =>
      rows?.map((row) => {
        if (row.id_reporte !== latest.id_reporte) return row;
        const entrega = entregaResumen(latest);
        return JSON.stringify(row.entrega) === JSON.stringify(entrega) ? row : { ...row, entrega };
      }),
    );
  }, [client, latest]);
  return query;
}

/** 'Reintentar': a failed or partial delivery of a report goes back to the queue (to whom it missed). */
export function useRetryEntrega() {
  const port = usePort('reportes');
  const client = useQueryClient();
  return useMutation({
    mutationFn: (idReporte: number) => port.retryEntrega(idReporte),
    onSuccess: (entrega) => {
      client.setQueryData<EntregasResponse>(reportesKeys.entregas(entrega.id_reporte), (old) =>
        old ? { ...old, entregas: [entrega, ...old.entregas] } : old,
      );
      void client.invalidateQueries({ queryKey: reportesKeys.entregas(entrega.id_reporte) });
    },
  });
}

/** Downloads a client's pending zip; `onStarted` runs once the server answered and the zip is arriving. */
export function useDownloadPending() {
  const port = usePort('reportes');
  return useMutation({
    mutationFn: ({ cliente, onStarted }: { cliente: string; onStarted?: () => void }) =>
      port.downloadPending(cliente, { onStarted }),
  });
}

/** Uploads a report; `onProgress` gets 0–1. The new report is added to its client's cached list. */
export function useCreateReporte(onProgress: (fraction: number) => void) {
  const port = usePort('reportes');
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, clienteId }: { input: NewReporte; clienteId: string }) =>
      port.create(input, { onProgress }).then((reporte) => ({ reporte, clienteId })),
    onSuccess: ({ reporte, clienteId }) => {
      client.setQueryData<ReportItem[]>(reportesKeys.list(clienteId), (rows) =>
        rows ? addReporte(rows, reporte) : rows,
      );
    },
  });
}
