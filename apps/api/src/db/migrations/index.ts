import { migration0001 } from './0001_core';
import { migration0002 } from './0002_cargas';
import { migration0003 } from './0003_hardening';
import { migration0004 } from './0004_entregas';
import { migration0005 } from './0005_tablero';
import { migration0006 } from './0006_embudo_anual';
import { migration0007 } from './0007_version_usuarios';
import { migration0008 } from './0008_entregas_progreso';
import { migration0009 } from './0009_pdf_partes';
import { migration0010 } from './0010_busqueda_folios';
import { migration0011 } from './0011_disparadores_carga';
import { migration0012 } from './0012_lotes_carga';
import { migration0013 } from './0013_lotes_sin_fk';
import { migration0014 } from './0014_embudo_sin_jit';
import { migration0015 } from './0015_contadores_una_lectura';
import { migration0016 } from './0016_embudo_rango_folios';
import { migration0017 } from './0017_embudo_agrupado_en_hash';
import { migration0018 } from './0018_claves_por_sentencia';
import { migration0019 } from './0019_embudo_nuevos_por_clave';

export interface Migration {
  /** Unique, sortable name; recorded in `schema_migrations`. Never rename or edit an applied one. */
  readonly name: string;
  /** SQL script (several statements allowed), run in one transaction. */
  readonly up: string;
}

/** Every migration, in order. */
export const migrations: readonly Migration[] = [
  migration0001,
  migration0002,
  migration0003,
  migration0004,
  migration0005,
  migration0006,
  migration0007,
  migration0008,
  migration0009,
  migration0010,
  migration0011,
  migration0012,
  migration0013,
  migration0014,
  migration0015,
  migration0016,
  migration0017,
  migration0018,
  migration0019,
];
