import type { EtapaEnvio, Rechazo } from '@socio/contracts';
import type { ColumnType, Generated } from 'kysely';

/*
 * Tables of migration 0004 (e-mail delivery of reports) and the columns 0008 added (`etapa`,
 * `rechazados`); `schema.ts` intersects them with the rest.
 */

/** jsonb list of refused recipients: read parsed, written with JSON.stringify. */
type RechazadosColumn = ColumnType<Rechazo[], string | undefined, string>;

export interface ClienteDestinatariosTable {
  id_cliente: number;
  destinatarios: ColumnType<string[], string[] | undefined, string[]>;
  updated_at: Generated<Date>;
}

export type EntregaEstadoStored = 'en_cola' | 'enviando' | 'entregado' | 'fallido';

export interface EntregasTable {
  id_entrega: Generated<number>;
  id_reporte: number;
  estado: ColumnType<EntregaEstadoStored, EntregaEstadoStored | undefined, EntregaEstadoStored>;
  destinatarios: string[];
  message_id: string;
  intentos: Generated<number>;
  max_intentos: number;
  siguiente_intento: Generated<Date>;
  bloqueado_hasta: Date | null;
  motivo: string | null;
  respuesta: string | null;
  creado_por: number | null;
  created_at: Generated<Date>;
  entregado_at: Date | null;
  /** How far the attempt holding the lease got (NULL: not connected yet). */
  etapa: Generated<EtapaEnvio | null>;
  rechazados: RechazadosColumn;
}

export interface EntregaIntentosTable {
  id: Generated<number>;
  id_entrega: number;
  intento: number;
  destinatarios: string[];
  resultado: 'entregado' | 'error';
  detalle: string;
  created_at: Generated<Date>;
  /** Where the attempt stopped (NULL: before connecting, or recorded before migration 0008). */
  etapa: EtapaEnvio | null;
  rechazados: RechazadosColumn;
}

export interface EntregasTables {
  cliente_destinatarios: ClienteDestinatariosTable;
  entregas: EntregasTable;
  entrega_intentos: EntregaIntentosTable;
}
