/** Folio lookups (issue 20): suggestions for the top bar and the ficha del folio. */
import {
  FOLIO_SUGGEST_LIMIT,
  FOLIOS_MESSAGES,
  type FolioEvento,
  type FolioFicha,
  type FolioSuggestion,
  ownAssignmentsOnly,
} from '@socio/contracts';
import type { Db } from '../../db/schema';
import { fail } from '../../domain-errors';
import type { Actor } from '../../session';
import {
  assignmentEvents,
  findFolio,
  folioAssignments,
  folioReports,
  reportDeliveries,
  suggestFolios,
} from './repo';

type Reader = Pick<Actor, 'id' | 'rol'>;

/** Only their own folios for a Visitador (undefined: every folio, for staff). */
function ownerOf(actor: Reader): number | undefined {
  return ownAssignmentsOnly(actor.rol) ? actor.id : undefined;
}

/** Up to 8 folios starting with `prefix`, any client; a Visitador's: only those assigned to them. */
export async function folioSuggestions(db: Db, actor: Reader, prefix: string): Promise<FolioSuggestion[]> {
  return suggestFolios(db, prefix, FOLIO_SUGGEST_LIMIT, ownerOf(actor));
}

/**
 * The folio's whole life: its data, every assignment, the status history (creation from the assignment,
 * moves and reassignments from the audit log), its reports and their e-mail deliveries. A Visitador gets
 * only a folio assigned to them (404 otherwise, as for a folio that does not exist), with their own
 * assignments and no reports (staff work).
 */
export async function folioFicha(db: Db, actor: Reader, folio: string): Promise<FolioFicha> {
  const found = await findFolio(db, folio);
  const owner = ownerOf(actor);
  const all = found ? await folioAssignments(db, found.id_folio) : [];
  const mine = owner === undefined ? all : all.filter((a) => a.id_usuario === owner);
  if (!found || (owner !== undefined && mine.length === 0)) {
    fail('not_found', 'folio_not_found', FOLIOS_MESSAGES.notFound(folio));
  }
  const { id_folio: _id, ...datos } = found;
  const asignaciones = mine.map(({ por: _por, ...a }) => a);
  const [moves, reportes] = await Promise.all([
    assignmentEvents(
      db,
      mine.map((a) => a.id_asignacion),
    ),
    owner === undefined ? folioReports(db, found.folio) : Promise.resolve([]),
  ]);
  const created: FolioEvento[] = mine.map((a) => ({
    id_asignacion: a.id_asignacion,
    fecha: a.fecha_asignacion,
    accion: 'asignada',
    estatus: 'asignada',
    por: a.por,
    visitador: a.visitador,
  }));
  const historial = [...created, ...moves].sort((x, y) => x.fecha.localeCompare(y.fecha));
  const entregas = await reportDeliveries(
    db,
    reportes.map((r) => r.id_reporte),
  );
  return { datos, asignaciones, historial, reportes, entregas };
}
