import {
  type Entrega,
  type EntregaResumen,
  entregaResumen,
  isRetryable,
  type ReportItem,
} from '@socio/contracts';
import { Badge, type BadgeTone, Banner, Button, ErrorState, Spinner, toast } from '@socio/ui';
import { RotateCcw } from 'lucide-react';
import { errorDetail } from '../errors';
import { reportesMessages as m } from './messages.es';
import { useEntregas, useRetryEntrega } from './use-reportes';

const TONES: Record<EntregaResumen['estado'], BadgeTone> = {
  en_cola: 'info',
  entregado: 'success',
  fallido: 'danger',
};

const dateTime = new Intl.DateTimeFormat('es-MX', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** 'dd/mm/aaaa, hh:mm' of an ISO timestamp. */
export function formatFechaHora(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date);
}

export interface EntregaBadgeProps {
  entrega: EntregaResumen | null | undefined;
}

/** 'a: 550 …; b: 550 …' — the refused recipients of a delivery with the server's answers. */
function rechazadosText(entrega: EntregaResumen): string {
  return entrega.rechazados.map((r) => m.rechazado(r.destinatario, r.respuesta)).join('; ');
}

/**
 * The delivery state shown beside Estatus: en cola / entregado / entregado a n de m / fallido. A
 * failure's reason, or who did not receive it, is its tooltip (`title`) and is read by screen readers.
 */
export function EntregaBadge({ entrega }: EntregaBadgeProps) {
  if (!entrega) return null;
  const partial = entrega.estado === 'entregado' && entrega.rechazados.length > 0;
  const label = partial
    ? m.entregadoParcial(entrega.total - entrega.rechazados.length, entrega.total)
    : m.entregaEstados[entrega.estado];
  const motivo = entrega.estado === 'fallido' ? entrega.motivo : null;
  const note = motivo ? m.entregaMotivo(motivo) : partial ? m.noRecibido(rechazadosText(entrega)) : null;
  return (
    <Badge
      data-slot="entrega-badge"
      data-estado={entrega.estado}
      variant={partial ? 'warning' : TONES[entrega.estado]}
      title={note ?? undefined}
      aria-label={note ? `${m.entregaLabel(label)}. ${note}` : m.entregaLabel(label)}
    >
      {label}
    </Badge>
  );
}

function EntregaItem({ entrega }: { entrega: Entrega }) {
  const resumen = entregaResumen(entrega);
  return (
    <li data-slot="entrega" data-estado={entrega.estado} className="flex flex-col gap-1.5 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <EntregaBadge entrega={resumen} />
        <span className="text-ink-muted text-sm">{m.entregaCreada(formatFechaHora(entrega.creado))}</span>
      </div>
      <p className="break-all text-ink text-sm">
        {m.entregaPara(entrega.destinatarios.join(', ') || m.sinDestinatarios)}
      </p>
      {entrega.motivo ? <p className="text-danger-700 text-sm">{m.entregaMotivo(entrega.motivo)}</p> : null}
      {entrega.estado === 'entregado' && entrega.rechazados.length > 0 ? (
        <ul aria-label={m.rechazadosLabel} className="flex flex-col gap-0.5 text-sm text-warning-700">
          {entrega.rechazados.map((r) => (
            <li key={r.destinatario} className="break-all">
              {m.rechazado(r.destinatario, r.respuesta)}
            </li>
          ))}
        </ul>
      ) : null}
      {entrega.estado === 'en_cola' && entrega.siguiente_intento && entrega.intentos > 0 ? (
        <p className="text-ink-muted text-sm">
          {m.entregaSiguiente(formatFechaHora(entrega.siguiente_intento))}
        </p>
      ) : null}
      {entrega.historial.length > 0 ? (
        <ol aria-label={m.historialLabel} className="flex flex-col gap-1 border-line border-l-2 pl-3">
          {entrega.historial.map((h) => (
            <li key={h.intento} className="text-sm">
              <span className="font-medium text-ink">
                {m.intentoTitulo(h.intento, formatFechaHora(h.fecha))}
              </span>{' '}
              <span className={h.resultado === 'entregado' ? 'text-success-700' : 'text-danger-700'}>
                {m.intentoResultado[h.resultado]}
              </span>
              <span className="block break-all text-ink-muted">{h.detalle}</span>
              {h.etapa && h.resultado === 'error' ? (
                <span className="block text-ink-muted">{m.intentoEtapa[h.etapa]}</span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </li>
  );
}

export interface EntregasPanelProps {
  /** The selected report; nothing is shown without one. */
  report: ReportItem | null;
  /** How often a delivery still en cola is read again (ms). */
  pollMs?: number;
  /** 'Enviar reportes' was just refused for this report: its client has no recipients. */
  sinDestinatarios?: boolean;
  /** Opens Clientes (given only to users who may set recipients there). */
  onOpenClientes?: () => void;
}

/**
 * The e-mail deliveries of the selected report: when, to whom, how far each attempt got, the result;
 * 'Reintentar' for a failed or partial one. After a refused 'Enviar reportes' (a client without
 * recipients) it says which client, with a link to Clientes for those who may open it.
 */
export function EntregasPanel({ report, pollMs, sinDestinatarios, onOpenClientes }: EntregasPanelProps) {
  const entregas = useEntregas(report?.id_reporte ?? null, pollMs);
  const retry = useRetryEntrega();
  if (!report) return null;
  const latest = entregas.data?.entregas[0];

  const retryLatest = () =>
    retry.mutate(report.id_reporte, {
      onSuccess: (entrega) =>
        entrega.estado === 'fallido'
          ? toast.error(m.retryError(entrega.motivo ?? ''))
          : toast.success(m.retried),
      onError: (error) => toast.error(m.retryError(errorDetail(error))),
    });

  return (
    <section data-slot="entregas-panel" aria-labelledby="entregas-title" className="flex flex-col gap-2">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="entregas-title" className="font-semibold text-base text-ink">
          {m.entregasTitle}
        </h3>
        {latest && isRetryable(latest) ? (
          <Button size="sm" variant="secondary" onClick={retryLatest} loading={retry.isPending}>
            {retry.isPending ? null : <RotateCcw aria-hidden="true" />}
            {m.retryEntrega}
          </Button>
        ) : null}
      </header>
      {sinDestinatarios ? (
        <Banner
          tone="warning"
          message={m.sinDestinatariosAviso(report.cliente)}
          actions={
            onOpenClientes ? (
              <Button size="sm" variant="secondary" onClick={onOpenClientes}>
                {m.configurarDestinatarios}
              </Button>
            ) : null
          }
        />
      ) : null}
      {entregas.data?.transporte === 'archivo' ? <Banner tone="info">{m.transporteArchivo}</Banner> : null}
      {entregas.isPending ? (
        <Spinner size="sm" label={m.entregasLoading} />
      ) : entregas.isError ? (
        <ErrorState
          message={m.entregasError}
          retryLabel={m.retry}
          retrying={entregas.isFetching}
          onRetry={() => void entregas.refetch()}
        />
      ) : entregas.data.entregas.length === 0 ? (
        <p className="text-ink-muted text-sm">{m.entregasEmpty}</p>
      ) : (
        <ul className="divide-y divide-line">
          {entregas.data.entregas.map((e) => (
            <EntregaItem key={e.id_entrega} entrega={e} />
          ))}
        </ul>
      )}
    </section>
  );
}
