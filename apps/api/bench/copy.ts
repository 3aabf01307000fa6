/**
 * bench:api (a)'s floor on PostgreSQL: `COPY … FROM STDIN` of the rows a save writes (the carga record, the
 * folios, their assignments with the client the save gives them) into the same tables with the same indexes,
 * foreign keys and triggers — and the same with the user triggers disabled (foreign keys still checked), so
 * the triggers' own cost shows.
 * node-postgres has no COPY stream of its own: the API's (src/db/copy.ts, a pg client class that sends the few
 * protocol messages COPY needs) is used, in this process.
 */
import { performance } from 'node:perf_hooks';
import { PRODUCTO_TEC_MTY } from '@socio/contracts';
import pg from 'pg';
import { CopyRows, copyField, withCopy } from '../src/db/copy';
import { keyInsertTrigger, STATEMENT_KEYS } from '../src/db/migrations/0018_claves_por_sentencia';
import { MOVE_WORK_MEM } from '../src/modules/cargas/lotes-repo';

/** One `COPY … FROM STDIN` of `lines` on `client` (the API's own COPY: src/db/copy.ts). */
async function copyIn(client: pg.Client, text: string, lines: string[]): Promise<void> {
  const chunks: string[] = [];
  for (let i = 0; i < lines.length; i += 2_000) chunks.push(lines.slice(i, i + 2_000).join(''));
  await client.query(text, [new CopyRows(chunks)]);
}

/** A row in COPY's text format. */
const line = (values: unknown[]) =>
  `${values.map((v) => copyField(v === null || v === undefined ? null : String(v))).join('\t')}\n`;

/** What a saved row writes, already processed (the visitor, state and address the API would store). */
export interface CopyRow {
  folio: string;
  nombre_alumno: unknown;
  campus_ingreso: unknown;
  correo_alumno: unknown;
  calle: unknown;
  colonia: unknown;
  ciudad: unknown;
  estado: string;
  id_estado: number | null;
  codigo_postal: unknown;
  tel1: unknown;
  tel2: unknown;
  direccion: string;
  id_usuario: number;
}

/**
 * Milliseconds of one transaction inserting the carga record and COPYing `rows` into folios and asignaciones
 * (with the user triggers of both tables disabled when `triggers` is false; the tables are left as they
 * were: the transaction is rolled back after the clock stops).
 */
export async function copyBaseline(
  url: string,
  rows: readonly CopyRow[],
  ctx: { adminId: number; idCliente: number | null },
  triggers: boolean,
): Promise<number> {
  const client = new (withCopy(pg.Client))({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    // The memory a confirmar gives its transaction (memoryForTheMove): the triggers' sorts and hashes of a
    // million rows spill to disk at the default 4 MB, which slowed this baseline, not the save it is compared with.
    await client.query(`SET LOCAL work_mem = '${MOVE_WORK_MEM}'`);
    if (!triggers) {
      await client.query('ALTER TABLE folios DISABLE TRIGGER USER');
      await client.query('ALTER TABLE asignaciones DISABLE TRIGGER USER');
      // The foreign keys stay checked: since 0018 some are statement triggers of their own.
      for (const key of STATEMENT_KEYS)
        await client.query(`ALTER TABLE ${key.child} ENABLE TRIGGER ${keyInsertTrigger(key)}`);
    }
    const carga = await client.query<{ id_carga: number }>(
      `INSERT INTO cargas (file_name, load_type, id_usuario, total_filas)
       VALUES ('bench-copy.xlsx', 'TEC_MTY', $1, $2) RETURNING id_carga`,
      [ctx.adminId, rows.length],
    );
    const idCarga = carga.rows[0]!.id_carga;
    // The folios' ids, as the identity will give them (one session, COPY keeps the order).
    const first = Number(
      (await client.query<{ n: string }>(`SELECT nextval(pg_get_serial_sequence('folios', 'id_folio')) AS n`))
        .rows[0]!.n,
    );
    await client.query(`SELECT setval(pg_get_serial_sequence('folios', 'id_folio'), $1, false)`, [first]);
    // The text is made before the clock starts: only the database's work is timed.
    const folios = rows.map((r) =>
      line([
        r.folio,
        PRODUCTO_TEC_MTY,
        ctx.idCliente,
        r.nombre_alumno,
        r.campus_ingreso,
        r.correo_alumno,
        r.calle,
        r.colonia,
        r.ciudad,
        r.estado,
        r.id_estado,
        r.codigo_postal,
        r.tel1,
        r.tel2,
        r.direccion,
        idCarga,
      ]),
    );
    const assignments = rows.map((r, i) =>
      line([
        r.folio,
        first + i,
        r.id_usuario,
        r.id_estado,
        r.estado,
        r.direccion,
        idCarga,
        ctx.adminId,
        ctx.idCliente,
      ]),
    );
    const t0 = performance.now();
    await copyIn(
      client,
      `COPY folios (folio, producto, id_cliente, nombre_alumno, campus_ingreso, correo_alumno, calle, colonia,
        ciudad, estado, id_estado, codigo_postal, tel1, tel2, direccion, id_carga) FROM STDIN`,
      folios,
    );
    await copyIn(
      client,
      `COPY asignaciones (folio, id_folio, id_usuario, id_estado, estado, direccion, id_carga, asignado_por,
        id_cliente) FROM STDIN`,
      assignments,
    );
    const took = performance.now() - t0;
    const n = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM asignaciones WHERE id_carga = $1',
      [idCarga],
    );
    if (n.rows[0]?.n !== rows.length) throw new Error(`COPY: ${n.rows[0]?.n} de ${rows.length} filas`);
    return took;
  } finally {
    await client.query('ROLLBACK').catch(() => {});
    await client.end();
  }
}
