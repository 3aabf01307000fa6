import type { ColumnType, Generated } from 'kysely';

/* Tables of migration 0004 (e-mail delivery of reports); `schema.ts` intersects them with the rest. */

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
}

export interface EntregaIntentosTable {
  id: Generated<number>;
  id_entrega: number;
  intento: number;
  destinatarios: string[];
  resultado: 'entregado' | 'error';
  detalle: string;
  created_at: Generated<Date>;
}

export interface EntregasTables {
  cliente_destinatarios: ClienteDestinatariosTable;
  entregas: EntregasTable;
  entrega_intentos: EntregaIntentosTable;
}
