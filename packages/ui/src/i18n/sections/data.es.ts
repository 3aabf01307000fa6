import { formatNumber } from '../../lib/format';

/** Texts of data components (table, pager, wizard, dropzone). Keys are flat and prefixed by component. */
export const dataMessagesEs = {
  /** What a table cell shows for null, undefined or an empty string. */
  emptyCell: '-',

  /** DataTable: default text when there are no rows. */
  tableEmpty: 'No hay registros para mostrar',
  /** DataTable: label of its spinner while loading. */
  tableLoading: 'Cargando...',
  /** The thin progress bar over rows that are being replaced (another page, size or sort). */
  tableRefreshing: 'Actualizando la tabla...',
  /** DataTable: accessible name of the scrollable region when there is no caption (the caption names it otherwise). */
  tableScrollRegion: 'Tabla con desplazamiento',
  /** DataTable: visible header of the running row-number column. */
  tableRowNumber: '#',
  /** DataTable: spoken header of the running row-number column. */
  tableRowNumberLabel: 'Número de fila',
  /** DataTable: header of the selection column (visually hidden). */
  tableSelectionColumn: 'Selección',
  /** DataTable: the select-all checkbox. */
  tableSelectAll: 'Seleccionar todas las filas',
  /** DataTable: a row checkbox; receives the row's 1-based number in display order. */
  tableSelectRow: (rowNumber: number): string => `Seleccionar fila ${formatNumber(rowNumber)}`,
  /** DataTable: hint announced with a row highlighted with tone `danger`. */
  tableRowDanger: 'Fila resaltada en rojo: requiere atención',
  /** DataTable: hint announced with a row highlighted with tone `warning`. */
  tableRowWarning: 'Fila resaltada en amarillo: revisar',

  /** Pager: name of the navigation landmark. */
  pagerLabel: 'Paginación',
  pagerPrevious: 'Anterior',
  pagerNext: 'Siguiente',
  /** Pager: accessible name of a page-number button. */
  pagerPage: (page: number): string => `Página ${formatNumber(page)}`,
  /** Pager: the range summary, e.g. 'Mostrando 1 a 10 de 200 resultados'. */
  pagerShowing: (from: number, to: number, total: number): string =>
    `Mostrando ${formatNumber(from)} a ${formatNumber(to)} de ${formatNumber(total)} resultados`,
  /** Pager: label of the page-size selector. */
  pagerPageSize: 'Por página',

  /** Wizard: name of the steps list. */
  wizardSteps: 'Pasos',
  /** Wizard: spoken position of a step, e.g. 'Paso 2 de 3'. */
  wizardStepOf: (step: number, total: number): string => `Paso ${step} de ${total}`,
  wizardStepCompleted: 'completado',
  wizardStepCurrent: 'paso actual',
  wizardStepUpcoming: 'pendiente',

  /** FileDropzone: main instruction. */
  dropzoneInstructions: 'Arrastra y suelta un archivo aquí',
  /** FileDropzone: the word between the instruction and the picker button. */
  dropzoneOr: 'o',
  /** FileDropzone: the picker button. */
  dropzonePick: 'Seleccionar archivo',
  /** FileDropzone: accessible name of the hidden file input. */
  dropzoneInput: 'Archivo a cargar',
  /** FileDropzone: shown while a file is dragged over the area. */
  dropzoneDragActive: 'Suelta el archivo para cargarlo',
  /** FileDropzone: busy state. */
  dropzoneBusy: 'Procesando archivo...',
  /** FileDropzone: list of accepted extensions, e.g. 'Formatos aceptados: .xlsx, .xls, .csv'. */
  dropzoneAccepted: (extensions: string): string => `Formatos aceptados: ${extensions}`,
  /** FileDropzone: default rejection for a file of another type. */
  dropzoneRejectedType: (extensions: string): string =>
    extensions
      ? `Formato de archivo no soportado. Usa un archivo ${extensions}.`
      : 'Formato de archivo no soportado.',
  /** FileDropzone: rejection for a file over `maxSize`. */
  dropzoneRejectedSize: (megabytes: number): string =>
    `El archivo es demasiado grande. El tamaño máximo es ${formatNumber(megabytes, { maximumFractionDigits: 1 })} MB.`,
  /** FileDropzone: rejection when several files are dropped on a single-file area. */
  dropzoneRejectedCount: 'Selecciona solo un archivo.',
};
