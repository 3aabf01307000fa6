import { z } from 'zod';

/* GET /api/catalogos/estados → [{ id_estado, estado }] (the 32 Mexican states). */
export const estadoSchema = z.object({
  id_estado: z.number().int(),
  estado: z.string(),
});
export type Estado = z.infer<typeof estadoSchema>;
export const estadosResponseSchema = z.array(estadoSchema);
export type EstadosResponse = z.infer<typeof estadosResponseSchema>;

/* GET /api/catalogos/clientes → [{ id_cliente, nombre }] (Tec de Monterrey, UANL, UDEM). */
export const clienteSchema = z.object({
  id_cliente: z.number().int(),
  nombre: z.string(),
});
export type Cliente = z.infer<typeof clienteSchema>;
export const clientesResponseSchema = z.array(clienteSchema);
export type ClientesResponse = z.infer<typeof clientesResponseSchema>;
