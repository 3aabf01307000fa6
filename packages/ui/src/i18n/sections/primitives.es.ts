/** Texts of the basic primitives (buttons, fields, overlays, feedback). */
export const primitivesMessagesEs = {
  loading: 'Cargando...',
  retry: 'Intentar de nuevo',
  close: 'Cerrar',
  cancel: 'Cancelar',
  required: 'obligatorio',
};
