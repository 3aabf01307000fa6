import type { FolioEvento, FolioFicha } from '@socio/contracts';
import { Button, Card, EmptyState, ErrorState, formatDate, Spinner, StatusBadge } from '@socio/ui';
import { FileSearch } from 'lucide-react';
import type { ReactNode } from 'react';
import { isApiError } from '../errors';
import { DocumentTitle } from '../shell/document-title';
import { foliosMessages as m } from './messages.es';
import { useFolioFicha } from './use-folios';

export interface FolioFichaScreenProps {
  /** The folio of the address (`/socioeconomico/folios/:folio`). */
  folio: string;
  /** Opens Reportes on this folio (the app navigates); no button when absent. */
  onOpenReport?: (folio: string) => void;
}

const dateTime = new Intl.DateTimeFormat('es-MX', { dateStyle: 'short', timeStyle: 'short' });
const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : m.empty);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="gap-3">
      <h2 className="font-semibold text-base text-ink">{title}</h2>
      {children}
    </Card>
  );
}

function Datos({ ficha }: { ficha: FolioFicha }) {
  const d = ficha.datos;
  const rows: Array<[string, string | null]> = [
    [m.fields.cliente, d.cliente],
    [m.fields.nombre_alumno, d.nombre_alumno],
    [m.fields.campus_ingreso, d.campus_ingreso],
    [m.fields.correo_alumno, d.correo_alumno],
    [m.fields.tel1, [d.tel1, d.tel2, d.tel3, d.tel4].filter(Boolean).join(', ') || null],
    [m.fields.nombre_padre, d.nombre_padre],
    [m.fields.nombre_madre, d.nombre_madre],
    [m.fields.direccion, d.direccion],
    [m.fields.estado, d.estado],
    [m.fields.creado, formatDate(d.creado)],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-ink-muted">{label}</dt>
          <dd className="text-ink">{value || m.empty}</dd>
        </div>
      ))}
    </dl>
  );
}

function Asignaciones({ ficha }: { ficha: FolioFicha }) {
  if (ficha.asignaciones.length === 0) return <p className="text-ink-muted text-sm">{m.noAsignaciones}</p>;
  const c = m.columns;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-ink-muted">
          <tr>
            {[c.id, c.visitador, c.estatus, c.asignada, c.agendada, c.completada, c.cancelada].map((h) => (
              <th key={h} scope="col" className="py-1 pr-4 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ficha.asignaciones.map((a) => (
            <tr key={a.id_asignacion} className="border-line border-t">
              <td className="py-1 pr-4 tabular-nums">{a.id_asignacion}</td>
              <td className="py-1 pr-4">{a.visitador ?? m.empty}</td>
              <td className="py-1 pr-4">
                <StatusBadge status={a.estatus} />
              </td>
              <td className="py-1 pr-4">{when(a.fecha_asignacion)}</td>
              <td className="py-1 pr-4">{when(a.fecha_agendada)}</td>
              <td className="py-1 pr-4">{when(a.fecha_completada)}</td>
              <td className="py-1 pr-4">{when(a.fecha_cancelada)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function eventText(e: FolioEvento): string {
  if (e.accion === 'asignada') return m.evento.asignada(e.visitador);
  if (e.accion === 'reasignada') return m.evento.reasignada(e.visitador);
  return m.evento.estatus(e.estatus);
}

function Historial({ ficha }: { ficha: FolioFicha }) {
  if (ficha.historial.length === 0) return <p className="text-ink-muted text-sm">{m.noHistorial}</p>;
  return (
    <ol className="grid gap-2 text-sm">
      {ficha.historial.map((e) => (
        <li key={`${e.id_asignacion}-${e.fecha}-${e.accion}-${e.estatus}`} className="flex flex-wrap gap-x-2">
          <time dateTime={e.fecha} className="text-ink-muted tabular-nums">
            {when(e.fecha)}
          </time>
          <span className="text-ink">{eventText(e)}</span>
          <span className="text-ink-muted">{m.evento.por(e.por)}</span>
          <span className="text-ink-muted">({m.evento.asignacion(e.id_asignacion)})</span>
        </li>
      ))}
    </ol>
  );
}

function Reportes({ ficha, onOpenReport }: { ficha: FolioFicha; onOpenReport?: (folio: string) => void }) {
  if (ficha.reportes.length === 0) return <p className="text-ink-muted text-sm">{m.noReportes}</p>;
  return (
    <ul className="grid gap-2 text-sm">
      {ficha.reportes.map((r) => (
        <li key={r.id_reporte} className="flex flex-wrap items-center gap-3">
          <span className="tabular-nums">{formatDate(`${r.fecha_recibido}T12:00:00`)}</span>
          <span>{r.cliente}</span>
          <StatusBadge status={r.estatus} />
          {onOpenReport ? (
            <Button variant="outline" size="sm" onClick={() => onOpenReport(ficha.datos.folio)}>
              {m.openReport}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Entregas({ ficha }: { ficha: FolioFicha }) {
  if (ficha.entregas.length === 0) return <p className="text-ink-muted text-sm">{m.noEntregas}</p>;
  return (
    <ul className="grid gap-2 text-sm">
      {ficha.entregas.map((e) => (
        <li key={e.id_entrega} className="flex flex-wrap items-center gap-3">
          <span className="tabular-nums">{when(e.creado)}</span>
          <span>{m.entregaDe(e.id_reporte)}</span>
          <span>{e.destinatarios.join(', ')}</span>
          <StatusBadge
            status={m.entregaEstado[e.estado]}
            tones={{ 'en cola': 'warning', entregado: 'success', fallido: 'danger' }}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * /socioeconomico/folios/:folio — 'Folio X': the folio's data, every assignment with visitor, status and dates,
 * the status history (from the audit log), its reports (with a way into Reportes) and their e-mail deliveries.
 * A folio that does not exist, or that a Visitador does not have, is 'Folio no encontrado'.
 */
export function FolioFichaScreen({ folio, onOpenReport }: FolioFichaScreenProps) {
  const query = useFolioFicha(folio);
  const ficha = query.data;
  const notFound = query.isError && isApiError(query.error) && query.error.status === 404;
  const title = m.title(ficha?.datos.folio ?? folio);
  let state: ReactNode = null;
  if (query.isPending) state = <Spinner label={m.loading} />;
  else if (notFound) {
    state = (
      <EmptyState
        icon={<FileSearch />}
        titleAs="h2"
        title={m.notFoundTitle}
        description={m.notFound(folio)}
      />
    );
  } else if (query.isError || !ficha) {
    state = <ErrorState message={m.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  return (
    <div data-slot="folio-ficha" className="grid grid-cols-1 gap-6">
      <DocumentTitle page={title} />
      <header className="grid gap-1">
        <h1 className="font-semibold text-2xl text-ink">{title}</h1>
      </header>
      {state ? (
        <Card>{state}</Card>
      ) : ficha ? (
        <>
          <Section title={m.datos}>
            <Datos ficha={ficha} />
          </Section>
          <Section title={m.asignaciones}>
            <Asignaciones ficha={ficha} />
          </Section>
          <Section title={m.historial}>
            <Historial ficha={ficha} />
          </Section>
          <Section title={m.reportes}>
            <Reportes ficha={ficha} onOpenReport={onOpenReport} />
          </Section>
          <Section title={m.entregas}>
            <Entregas ficha={ficha} />
          </Section>
        </>
      ) : null}
    </div>
  );
}
