/**
 * Demo operations: 300 folios with assignments in every status over the last 12 months (spread over the
 * visitors, hence their states, and the three clients), a few cargas records, 40 reports with generated
 * PDFs and one e-mail recipient per client. Deterministic: a seeded PRNG; dates are relative to `now`.
 */
import { formatAddress, PRODUCTO_TEC_MTY } from '@socio/contracts';
import type { Kysely } from 'kysely';
import { audit } from '../audit';
import type { Database } from '../db/schema';
import { createRng } from '../lib/prng';
import { saveDestinatarios } from '../modules/entregas/repo';
import { storePdf } from '../modules/reportes/pdf-store';

export interface SeededUser {
  id_usuario: number;
  username: string;
  nombres: string;
  apellido_paterno: string;
  apellido_materno: string;
  /** Region (estados.id_estado); null for the admin. */
  id_estado: number | null;
  /** Region name (estados.estado); null for the admin. */
  estado: string | null;
  /** A visitor's supervisor (id_usuario); null otherwise. */
  supervisor_id: number | null;
}

export interface DemoOperationsPeople {
  admin: SeededUser;
  supervisors: SeededUser[];
  visitors: SeededUser[];
}

export interface DemoOperationsOptions {
  /** Reference date (default now). */
  now?: Date;
  folios?: number;
  reports?: number;
  seed?: number;
}

const CAPITALS: Record<string, string> = {
  Aguascalientes: 'Aguascalientes',
  'Baja California': 'Mexicali',
  'Baja California Sur': 'La Paz',
  Campeche: 'San Francisco de Campeche',
  Coahuila: 'Saltillo',
  Colima: 'Colima',
  Chiapas: 'Tuxtla Gutiérrez',
  Chihuahua: 'Chihuahua',
  'Ciudad de México': 'Ciudad de México',
  Durango: 'Durango',
  Guanajuato: 'León',
  Guerrero: 'Chilpancingo',
  Hidalgo: 'Pachuca',
  Jalisco: 'Guadalajara',
  México: 'Toluca',
  Michoacán: 'Morelia',
  Morelos: 'Cuernavaca',
  Nayarit: 'Tepic',
  'Nuevo León': 'Monterrey',
  Oaxaca: 'Oaxaca de Juárez',
  Puebla: 'Puebla',
  Querétaro: 'Querétaro',
  'Quintana Roo': 'Cancún',
  'San Luis Potosí': 'San Luis Potosí',
  Sinaloa: 'Culiacán',
  Sonora: 'Hermosillo',
  Tabasco: 'Villahermosa',
  Tamaulipas: 'Ciudad Victoria',
  Tlaxcala: 'Tlaxcala',
  Veracruz: 'Xalapa',
  Yucatán: 'Mérida',
  Zacatecas: 'Zacatecas',
};
const MORE_CITIES: Record<string, readonly string[]> = {
  'Nuevo León': ['Monterrey', 'San Pedro Garza García', 'Guadalupe', 'San Nicolás de los Garza', 'Apodaca'],
  Jalisco: ['Guadalajara', 'Zapopan', 'Tlaquepaque', 'Tonalá'],
  'Ciudad de México': ['Ciudad de México'],
  México: ['Toluca', 'Naucalpan', 'Ecatepec', 'Metepec'],
  Guanajuato: ['León', 'Irapuato', 'Celaya', 'Guanajuato'],
  Puebla: ['Puebla', 'San Andrés Cholula', 'Atlixco'],
};
const STREETS = [
  'Av. Juárez',
  'Calle Hidalgo',
  'Av. Revolución',
  'Calle Morelos',
  'Av. Constitución',
  'Calle Zaragoza',
  'Av. Insurgentes',
  'Calle Allende',
  'Av. Universidad',
  'Calle Guerrero',
  'Calle Madero',
  'Av. Benito Juárez',
  'Calle Aldama',
  'Av. Lázaro Cárdenas',
];
const COLONIAS = [
  'Centro',
  'Del Valle',
  'Jardines del Sur',
  'Las Flores',
  'San José',
  'Obrera',
  'Residencial del Parque',
  'Lomas de San Francisco',
  'Mitras Centro',
  'Santa María',
  'Villa de las Fuentes',
  'Las Cumbres',
];
const NOMBRES = [
  'Sofía',
  'Mateo',
  'Valentina',
  'Santiago',
  'Regina',
  'Sebastián',
  'Camila',
  'Emiliano',
  'Ximena',
  'Leonardo',
  'Renata',
  'Diego',
  'Mariana',
  'Andrés',
  'Natalia',
  'Rodrigo',
];
const APELLIDOS = [
  'García',
  'Martínez',
  'López',
  'González',
  'Rodríguez',
  'Pérez',
  'Sánchez',
  'Ramírez',
  'Cruz',
  'Flores',
  'Treviño',
  'Garza',
  'Villarreal',
  'Morales',
  'Ortiz',
  'Castro',
];
const CAMPUS = [
  'Monterrey',
  'Guadalajara',
  'Ciudad de México',
  'Estado de México',
  'Puebla',
  'Querétaro',
  'León',
];
const NOTAS = [
  'Visita realizada sin contratiempos; la familia presentó todos los documentos.',
  'Se requirió una segunda visita para verificar comprobantes de ingresos.',
  'Domicilio verificado; vivienda en buen estado.',
  'La familia solicitó reprogramar la visita una vez.',
  'Documentación completa, pendiente firma del padre.',
  'Se recomienda revisar el apoyo solicitado con el área de becas.',
  '',
];

const CLIENT_PREFIX: Record<string, string> = { 'Tec de Monterrey': 'TEC', UANL: 'UANL', UDEM: 'UDEM' };

/**
 * The delivery address of a client's reports in the demo: `reportes@<prefix>.example`. The `.example`
 * top-level domain is reserved (RFC 2606), so 'Enviar reportes' in the demo never reaches a real mailbox.
 */
export function demoDestinatario(nombre: string): string {
  return `reportes@${(CLIENT_PREFIX[nombre] ?? 'cliente').toLowerCase()}.example`;
}
const DAY = 86_400_000;

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}
function ddmmyyyy(date: Date): string {
  return `${pad(date.getUTCDate(), 2)}/${pad(date.getUTCMonth() + 1, 2)}/${date.getUTCFullYear()}`;
}
function fullName(u: SeededUser): string {
  return [u.nombres, u.apellido_paterno, u.apellido_materno].filter(Boolean).join(' ');
}

interface PlannedAssignment {
  folioIndex: number;
  visitor: SeededUser;
  estatus: 'asignada' | 'agendada' | 'completada' | 'cancelada';
  fecha_asignacion: Date;
  fecha_agendada: Date | null;
  fecha_completada: Date | null;
  fecha_cancelada: Date | null;
  id_carga: number | null;
}

/** Seeds folios, cargas, assignments and reports for the demo users. Does nothing without visitors. */
export async function seedDemoOperations(
  db: Kysely<Database>,
  people: DemoOperationsPeople,
  options: DemoOperationsOptions = {},
): Promise<void> {
  const visitors = people.visitors.filter((v) => v.estado !== null);
  if (visitors.length === 0) return;
  const now = options.now ?? new Date();
  const folioCount = options.folios ?? 300;
  const reportCount = options.reports ?? 40;
  const rng = createRng(options.seed ?? 2026);
  const staff = [people.admin, ...people.supervisors];

  const clientes = await db
    .selectFrom('clientes')
    .select(['id_cliente', 'nombre'])
    .orderBy('id_cliente')
    .execute();
  if (clientes.length === 0) return;
  const tec = clientes.find((c) => c.nombre === 'Tec de Monterrey') ?? clientes[0]!;

  // Folios: received over the last 12 months; 60 % Tec de Monterrey, the rest UANL and UDEM.
  const folios = Array.from({ length: folioCount }, (_, i) => {
    const visitor = visitors[i % visitors.length]!;
    const estado = visitor.estado!;
    const cliente = rng.next() < 0.6 ? tec : rng.pick(clientes);
    const received = new Date(
      now.getTime() - Math.floor(((folioCount - i) / folioCount) * 360 * DAY) - rng.int(0, 5) * DAY,
    );
    const year = received.getUTCFullYear();
    const prefix = CLIENT_PREFIX[cliente.nombre] ?? 'FOL';
    const nombre = `${rng.pick(NOMBRES)} ${rng.pick(APELLIDOS)} ${rng.pick(APELLIDOS)}`;
    const padre = `${rng.pick(['Juan', 'Roberto', 'Francisco', 'Alejandro', 'Manuel'])} ${nombre.split(' ')[1]}`;
    const madre = `${rng.pick(['Laura', 'Patricia', 'Verónica', 'Adriana', 'Elena'])} ${nombre.split(' ')[2]}`;
    const ciudad = rng.pick(MORE_CITIES[estado] ?? [CAPITALS[estado] ?? estado]);
    const calle = `${rng.pick(STREETS)} ${rng.int(10, 2999)}`;
    const colonia = rng.pick(COLONIAS);
    const codigo_postal = pad(rng.int(1000, 99999), 5);
    const slug = nombre
      .split(' ')[0]!
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase();
    return {
      visitor,
      received,
      cliente,
      row: {
        folio: `${prefix}-${year}-${pad(i + 1, 5)}`,
        load_type: 'TEC_MTY',
        producto: cliente.id_cliente === tec.id_cliente ? PRODUCTO_TEC_MTY : cliente.nombre,
        id_cliente: cliente.id_cliente,
        nombre_alumno: nombre,
        campus_ingreso: rng.pick(CAMPUS),
        correo_alumno: `${slug}.${i + 1}@alumnos.example.mx`,
        calle,
        colonia,
        ciudad,
        estado,
        id_estado: visitor.id_estado,
        codigo_postal,
        tel1: `${rng.int(33, 99)}${pad(rng.int(0, 99_999_999), 8)}`,
        tel2: rng.next() < 0.5 ? `${rng.int(33, 99)}${pad(rng.int(0, 99_999_999), 8)}` : null,
        tel3: null,
        tel4: null,
        nombre_padre: padre,
        correo_padre: rng.next() < 0.6 ? `padre.${i + 1}@correo.example.mx` : null,
        nombre_madre: madre,
        correo_madre: rng.next() < 0.7 ? `madre.${i + 1}@correo.example.mx` : null,
        solicitud_email: rng.next() < 0.5 ? 'Sí' : 'No',
        dia_agendo_crm: received.toISOString().slice(0, 10),
        direccion: formatAddress({ calle, colonia, ciudad, estado, codigo_postal }),
        created_at: received,
        updated_at: received,
      },
    };
  });

  await db.transaction().execute(async (trx) => {
    // Four cargas: the first 200 folios came in bulk loads, the rest were assigned manually.
    const cargaDefs = [0, 1, 2, 3].map((k) => {
      const first = folios[k * 50]!;
      return {
        file_name: `TEC_MTY_${first.received.toISOString().slice(0, 7).replace('-', '_')}.xlsx`,
        load_type: 'TEC_MTY',
        id_usuario: staff[k % staff.length]!.id_usuario,
        fecha: first.received,
        fecha_cliente: ddmmyyyy(first.received),
        total_filas: 52,
        registros_procesados: 50,
        registros_fallidos: 0,
        filas_invalidas_archivo: 2,
      };
    });
    const cargas = await trx.insertInto('cargas').values(cargaDefs).returning('id_carga').execute();

    const inserted = await trx
      .insertInto('folios')
      .values(
        folios.map((f, i) => ({
          ...f.row,
          id_carga: i < 200 ? (cargas[Math.floor(i / 50)]?.id_carga ?? null) : null,
        })),
      )
      .returning(['id_folio', 'folio'])
      .execute();

    // Assignment status by age: old ones mostly done, recent ones open; ~6 % cancelled (a tenth reassigned).
    const plans: PlannedAssignment[] = [];
    folios.forEach((f, i) => {
      // Nothing happens in the future: every date is clamped before `now`, and each step follows the previous one.
      const latest = now.getTime() - 3_600_000;
      const between = (d: number, floor: number) => new Date(Math.max(floor, Math.min(d, latest)));
      const assigned = between(
        f.received.getTime() + rng.int(0, 2) * DAY + rng.int(8, 18) * 3_600_000,
        f.received.getTime(),
      );
      const ageDays = (now.getTime() - assigned.getTime()) / DAY;
      const r = rng.next();
      let estatus: PlannedAssignment['estatus'];
      if (r < 0.06) estatus = 'cancelada';
      else if (ageDays > 45) estatus = r < 0.9 ? 'completada' : 'agendada';
      else if (ageDays > 14) estatus = r < 0.45 ? 'completada' : r < 0.75 ? 'agendada' : 'asignada';
      else estatus = r < 0.15 ? 'completada' : r < 0.45 ? 'agendada' : 'asignada';
      const agendada = between(assigned.getTime() + rng.int(1, 6) * DAY, assigned.getTime());
      const completada = between(agendada.getTime() + rng.int(1, 10) * DAY, agendada.getTime());
      plans.push({
        folioIndex: i,
        visitor: f.visitor,
        estatus,
        fecha_asignacion: assigned,
        fecha_agendada: estatus === 'asignada' || (estatus === 'cancelada' && r < 0.03) ? null : agendada,
        fecha_completada: estatus === 'completada' ? completada : null,
        fecha_cancelada: estatus === 'cancelada' ? agendada : null,
        id_carga: i < 200 ? (cargas[Math.floor(i / 50)]?.id_carga ?? null) : null,
      });
      if (estatus === 'cancelada' && i % 2 === 0) {
        // Reassigned to another visitor of the same state (or the same one) after the cancellation.
        const sameState = visitors.filter((v) => v.id_estado === f.visitor.id_estado);
        const other = sameState.find((v) => v.id_usuario !== f.visitor.id_usuario) ?? f.visitor;
        plans.push({
          folioIndex: i,
          visitor: other,
          estatus: 'asignada',
          fecha_asignacion: between(agendada.getTime() + DAY, agendada.getTime()),
          fecha_agendada: null,
          fecha_completada: null,
          fecha_cancelada: null,
          id_carga: null,
        });
      }
    });
    plans.sort((a, b) => a.fecha_asignacion.getTime() - b.fecha_asignacion.getTime());
    const assignmentRows = plans.map((p) => {
      const f = folios[p.folioIndex]!;
      const assigner = staff[p.folioIndex % staff.length]!;
      return {
        folio: f.row.folio,
        id_folio: inserted[p.folioIndex]!.id_folio,
        id_usuario: p.visitor.id_usuario,
        id_estado: f.row.id_estado,
        estado: f.row.estado,
        direccion: f.row.direccion,
        estatus: p.estatus,
        fecha_asignacion: p.fecha_asignacion,
        fecha_agendada: p.fecha_agendada,
        fecha_completada: p.fecha_completada,
        fecha_cancelada: p.fecha_cancelada,
        id_carga: p.id_carga,
        asignado_por: assigner.id_usuario,
      };
    });
    await trx.insertInto('asignaciones').values(assignmentRows).execute();

    // Reports: the most recent completed studies, over the three clients; older ones already sent.
    const completed = plans
      .filter((p) => p.estatus === 'completada' && p.fecha_completada)
      .sort((a, b) => b.fecha_completada!.getTime() - a.fecha_completada!.getTime());
    const byClient = new Map<number, PlannedAssignment[]>();
    for (const p of completed) {
      const id = folios[p.folioIndex]!.cliente.id_cliente;
      byClient.set(id, [...(byClient.get(id) ?? []), p]);
    }
    // Round-robin over the clients so each gets reports.
    const chosen: PlannedAssignment[] = [];
    const queues = clientes.map((c) => [...(byClient.get(c.id_cliente) ?? [])]);
    while (chosen.length < reportCount && queues.some((q) => q.length > 0)) {
      for (const q of queues) {
        const p = q.shift();
        if (p && chosen.length < reportCount) chosen.push(p);
      }
    }
    const reportRows = [];
    // Imported here: pdf-lib (~1 MB of the bundle) is left out of a server start that does not seed the demo.
    const { createReportPdf } = await import('./pdf');
    for (const [k, p] of chosen.entries()) {
      const f = folios[p.folioIndex]!;
      const received = new Date(Math.min(p.fecha_completada!.getTime() + rng.int(0, 3) * DAY, now.getTime()));
      const recent = now.getTime() - received.getTime() < 21 * DAY;
      const notas = rng.pick(NOTAS);
      const pdf = await createReportPdf({
        folio: f.row.folio,
        cliente: f.cliente.nombre,
        visitador: fullName(p.visitor),
        fecha: ddmmyyyy(p.fecha_completada!),
        alumno: f.row.nombre_alumno,
        direccion: f.row.direccion,
        notas,
        twoPages: k % 3 === 0,
        createdAt: received,
      });
      const sent = !recent && rng.next() < 0.75;
      reportRows.push({
        folio: f.row.folio,
        id_folio: inserted[p.folioIndex]!.id_folio,
        id_cliente: f.cliente.id_cliente,
        id_visitador: p.visitor.id_usuario,
        fecha_recibido: received.toISOString().slice(0, 10),
        notas,
        estatus: sent ? 'enviado' : 'pendiente',
        id_pdf: await storePdf(trx, pdf),
        pdf_nombre: `${f.row.folio}.pdf`,
        pdf_bytes: pdf.length,
        fecha_enviado: sent ? new Date(Math.min(received.getTime() + 2 * DAY, now.getTime())) : null,
        creado_por: p.visitor.id_usuario,
        created_at: received,
      });
    }
    if (reportRows.length > 0) await trx.insertInto('reportes').values(reportRows).execute();

    // One recipient per client, so that sending a report in the demo is delivered (an .eml without SMTP_URL).
    for (const c of clientes) await saveDestinatarios(trx, c.id_cliente, [demoDestinatario(c.nombre)]);

    await audit(trx, {
      actorId: null,
      action: 'seed.operations',
      targetType: 'carga',
      targetId: null,
      change: {
        folios: folios.length,
        asignaciones: assignmentRows.length,
        cargas: cargas.length,
        reportes: reportRows.length,
        destinatarios: clientes.length,
      },
    });
  });
}
