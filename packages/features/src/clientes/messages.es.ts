import { ENTREGAS_MESSAGES } from '@socio/contracts';
import { messagesEs } from '@socio/ui';

/** Every text of the Clientes settings screen (es-MX). */
export const clientesMessages = {
  pageTitle: 'Clientes',
  subtitle: 'Destinatarios de los reportes que se envían por correo a cada cliente',
  loading: 'Cargando clientes...',
  loadError: 'Error al cargar los clientes',
  retry: messagesEs.retry,
  empty: 'No hay clientes',
  destinatariosLabel: (cliente: string) => `Destinatarios de ${cliente}`,
  none: 'Sin destinatarios: los reportes de este cliente no se pueden enviar por correo.',
  newLabel: 'Agregar correo',
  newPlaceholder: 'correo@cliente.mx',
  add: 'Agregar',
  remove: (email: string) => `Quitar ${email}`,
  save: 'Guardar cambios',
  saving: 'Guardando...',
  cancel: messagesEs.cancel,
  saved: ENTREGAS_MESSAGES.saved,
  saveError: (detail: string) => `Error al guardar los destinatarios: ${detail}`,
  duplicateEmail: ENTREGAS_MESSAGES.duplicateEmail,
  tooMany: ENTREGAS_MESSAGES.tooMany,
} as const;
