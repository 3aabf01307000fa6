/**
 * What the Clientes settings screen needs: the clients with their report recipients, and saving
 * them (`apiRoutes.clientes.destinatarios` / `updateDestinatarios`). The app injects the HTTP adapter;
 * stories and tests inject the fake from `@socio/features/testing`.
 */
import type { ClienteDestinatarios } from '@socio/contracts';

export interface ClientesCallOptions {
  signal?: AbortSignal;
}

export interface ClientesPort {
  /** `GET /clientes/destinatarios`. */
  list(o?: ClientesCallOptions): Promise<ClienteDestinatarios[]>;
  /** `PUT /clientes/{id}/destinatarios` — replaces the list; answers the client as saved. */
  updateDestinatarios(idCliente: number, destinatarios: string[]): Promise<ClienteDestinatarios>;
}
