/**
 * Every default user-visible text of @socio/ui, in Spanish (es-MX).
 * Override any of them through `<UiProvider messages={{ ... }}>`.
 */
export const messagesEs = {
  loading: 'Cargando...',
  retry: 'Intentar de nuevo',
  close: 'Cerrar',
  cancel: 'Cancelar',
  emptyCell: '-',
  required: 'obligatorio',
};

export type UiMessages = typeof messagesEs;
