/** Texts of the basic primitives (buttons, fields, overlays, feedback). */
export const primitivesMessagesEs = {
  loading: 'Cargando...',
  retry: 'Intentar de nuevo',
  close: 'Cerrar',
  cancel: 'Cancelar',
  /** Tooltip of the `*` mark of a required field (the field itself carries `required`). */
  required: 'obligatorio',
  /** Combobox: the list has no options at all. */
  comboboxEmpty: 'No hay opciones disponibles',
  /** Combobox: accessible name of the filter box of a long list. */
  comboboxFilter: 'Filtrar opciones',
  /** Combobox: the filter matches no option. */
  comboboxNoMatch: 'Ninguna opción coincide',
  /** DateField: what the empty field shows (the format it takes, whatever the browser's language). */
  datePlaceholder: 'dd/mm/aaaa',
  /** DateField: the format, read by screen readers after the label. */
  dateFormat: 'Formato: día, mes y año (dd/mm/aaaa)',
  /** DateField: left with part of a date typed. */
  dateIncomplete: 'Fecha incompleta: escríbela como dd/mm/aaaa',
  /** DateField: a whole date of a day that does not exist. */
  dateImpossible: (text: string): string => `La fecha ${text} no existe`,
  /** DateField: the button that opens the calendar. */
  dateCalendarOpen: 'Elegir fecha en el calendario',
  dateCalendarPrevious: 'Mes anterior',
  dateCalendarNext: 'Mes siguiente',
  /** Default title of EmptyState. */
  emptyStateTitle: 'No hay información para mostrar',
  passwordShow: 'Mostrar contraseña',
  passwordHide: 'Ocultar contraseña',
  searchLabel: 'Buscar',
  searchClear: 'Limpiar búsqueda',
  selectPlaceholder: 'Selecciona una opción',
  modalClose: 'Cerrar',
  bannerDismiss: 'Cerrar aviso',
  toastDismiss: 'Cerrar notificación',
  toastRegion: 'Notificaciones',
  statTrendUp: (value: string): string => `Aumento de ${value}`,
  statTrendDown: (value: string): string => `Disminución de ${value}`,
};
