import { CARGAS_MESSAGES } from '@socio/contracts';
import { formatNumber, messagesEs, plural } from '@socio/ui';
import { cargasMessages } from '../messages.es';

/** Every text of the bulk-load wizard 'Nueva Carga' (es-MX). Spec strings are copied exactly. */
export const bulkLoadMessages = {
  title: 'Nueva Carga',
  titleWithType: (loadType: string) => `Nueva Carga: ${loadType}`,
  description: 'Sube el archivo de folios, revisa las filas y confirma la asignación de visitadores.',
  steps: {
    upload: 'Subir archivo',
    validation: 'Validación',
    results: 'Resultados',
  },
  stepsLabel: 'Pasos de la carga',

  // Step 1
  dropInstructions: 'Arrastra y suelta tu archivo de Excel o CSV aquí',
  acceptedHint: 'Formatos aceptados: .xlsx, .xls o .csv',
  reading: 'Procesando archivo...',
  readingProgress: (percent: number) => `Procesando archivo... ${percent}%`,
  readingLabel: 'Progreso de la lectura del archivo',
  cancelReading: 'Cancelar lectura',
  unsupportedFile: 'Formato de archivo no soportado. Por favor usa Excel (.xlsx, .xls) o CSV.',
  sheetLabel: 'Hoja del libro',
  sheetHint: 'El archivo tiene varias hojas: elige la que tiene los folios.',
  sheetNoData: (sheet: string) => `La hoja "${sheet}" no contiene datos válidos`,
  emptyFile: 'El archivo está vacío',
  noData: 'El archivo no contiene datos válidos',
  readError: 'Error al leer el archivo',
  fileError: (detail: string) => `Error al procesar el archivo: ${detail}`,
  /** More data rows than one carga can save: refused at step 1, before the user waits through the rest. */
  tooManyRows: (rows: number | undefined, max: number) =>
    `El archivo tiene ${rows === undefined ? `más de ${formatNumber(max)}` : formatNumber(rows)} filas; el máximo por carga es ${formatNumber(max)}.`,

  // Step 2
  validTitle: 'Filas válidas',
  validCount: (n: number) => plural(n, { one: '{n} registro', other: '{n} registros' }),
  validCaption: 'Filas válidas del archivo',
  validPager: 'Paginación de las filas válidas',
  invalidTitle: 'Filas no válidas',
  invalidPager: 'Paginación de las filas no válidas',
  invalidCount: (n: number) => plural(n, { one: '{n} fila no válida', other: '{n} filas no válidas' }),
  invalidCaption: 'Filas no válidas del archivo',
  noValidRows: 'El archivo no tiene filas válidas para cargar.',
  rowColumn: 'Fila',
  reasonColumn: 'Motivo',
  downloadInvalid: 'Descargar filas no válidas (CSV)',
  acceptAndContinue: 'Aceptar y Continuar',
  processingRows: 'Procesando datos...',
  processingProgress: (done: number, total: number) =>
    plural(total, {
      one: `Procesando datos... ${formatNumber(done)} de {n} fila`,
      other: `Procesando datos... ${formatNumber(done)} de {n} filas`,
    }),
  processingLabel: 'Progreso del procesamiento de los datos',
  processError: (detail: string) => `Error al procesar los datos: ${detail}`,
  processErrorDefault: 'Error al procesar los datos',

  // Step 3
  columns: {
    folio: 'ID de folio',
    visitor: 'ID de visitador',
    visitorRegion: 'Región del visitador',
    folioRegion: 'Región del folio',
    address: 'Dirección',
    actions: 'Acciones',
  },
  processedCaption: 'Folios procesados',
  processedPager: 'Paginación de los folios procesados',
  processedCount: (n: number) => plural(n, { one: '{n} folio procesado', other: '{n} folios procesados' }),
  unassignedTitle: 'Visitadores sin asignar',
  unassignedMessage: (n: number) =>
    plural(n, {
      one: "{n} folio no tiene visitador. Asígnalo con 'Editar Visitante' o por estado con 'Asignar por estado'.",
      other:
        "{n} folios no tienen visitador. Asígnalos uno por uno con 'Editar Visitante' o por estado con 'Asignar por estado'.",
    }),
  invalidDetectedTitle: 'Filas no válidas detectadas',
  invalidDetectedMessage: (n: number) =>
    plural(n, {
      one: '{n} fila no se cargará. Puedes descargarla para corregirla.',
      other: '{n} filas no se cargarán. Puedes descargarlas para corregirlas.',
    }),
  /** Step 3's table of every row that will not be loaded: the file's and those the server refused. */
  notLoadedCaption: 'Filas que no se cargarán',
  notLoadedPager: 'Paginación de las filas que no se cargarán',
  editVisitor: 'Editar Visitante',
  editVisitorOf: (folio: string) => `Editar Visitante del folio ${folio}`,
  visitorSelectOf: (folio: string) => `Visitador del folio ${folio}`,
  selectVisitor: 'Seleccionar visitador...',
  cancelEdit: messagesEs.cancel,
  cancelEditOf: (folio: string) => `Cancelar edición del folio ${folio}`,
  unassigned: 'Sin asignar',
  unassignedRow: 'Folio sin visitador asignado',
  visitorOption: (id: number, region: string | null) => `${id} — ${region ?? 'Sin región'}`,
  onlyUnassigned: 'Solo sin asignar',
  noUnassigned: 'Todos los folios tienen visitador.',
  noRows: 'No hay folios para mostrar.',
  confirm: 'Confirmar Carga',
  saving: 'Guardando...',
  /** The lote's parts going to the server, then its confirmation (one transaction: no progress to show). */
  savingProgress: (done: number, total: number) =>
    plural(total, {
      one: `Guardando... ${formatNumber(done)} de {n} fila`,
      other: `Guardando... ${formatNumber(done)} de {n} filas`,
    }),
  savingLabel: 'Progreso del guardado de la carga',
  confirmingSave: 'Confirmando la carga...',
  missingVisitor: CARGAS_MESSAGES.missingVisitor,
  saveError: (detail: string) => `Error al guardar la carga: ${detail}`,
  saveErrorDefault: 'Error al guardar la carga',
  /** The spec's 'Carga guardada exitosamente: N registros procesados', in the singular for one. */
  saved: (n: number) =>
    n === 1 ? 'Carga guardada exitosamente: 1 registro procesado' : CARGAS_MESSAGES.saved(n),
  /** The spec's 'Carga guardada: N registros exitosos, M fallidos', each count with its own number. */
  savedPartial: (ok: number, failed: number) =>
    `Carga guardada: ${plural(ok, { one: '{n} registro exitoso', other: '{n} registros exitosos' })}, ${plural(failed, { one: '{n} fallido', other: '{n} fallidos' })}`,
  savedFailuresCaption: 'Filas que no se guardaron',
  savedFailuresPager: 'Paginación de las filas que no se guardaron',
  savedFailuresHint: 'Corrige estas filas y cárgalas en una nueva carga. El resto ya quedó guardado.',
  downloadFailed: 'Descargar filas no guardadas (CSV)',
  close: 'Terminar',

  // Closing with rows read
  discardTitle: '¿Descartar la carga?',
  discardMessage: (n: number) =>
    plural(n, {
      one: 'Se perderá {n} fila leída y los cambios de visitador.',
      other: 'Se perderán {n} filas leídas y los cambios de visitador.',
    }),
  discard: 'Descartar',
  keepEditing: 'Seguir editando',

  // Assign by state
  assignTitle: 'Asignar por estado',
  assignDescription: 'Asigna de una vez todos los folios sin visitador de un estado.',
  assignState: 'Estado',
  assignStatePlaceholder: 'Seleccionar estado...',
  assignStateOption: (state: string, n: number) => `${state} (${formatNumber(n)} sin asignar)`,
  assignVisitor: 'Visitador',
  assignBalance: 'Repartir entre los visitadores del estado',
  assignNoStateVisitors: (state: string) =>
    `No hay visitadores activos en ${state}: elige uno de otro estado.`,
  assignApply: 'Asignar',
  assignDone: (n: number) => plural(n, { one: '{n} folio asignado', other: '{n} folios asignados' }),

  // Manual folio entry
  addFolio: 'Agregar folio',
  addFolioTitle: 'Agregar folio',
  addFolioDescription: 'Agrega a la carga un folio que no venía en el archivo.',
  addFolioSubmit: 'Agregar',
  addFolioCancel: messagesEs.cancel,
  addFolioLoading: 'Cargando estados y visitadores...',
  addFolioRequired: 'Campo requerido',
  addFolioDuplicate: (folio: string) => `El folio "${folio}" ya está en la carga`,
  addFolioAdded: (folio: string) => `Folio ${folio} agregado`,
  addFolioVisitor: 'Visitador',
  /** The manual form's field labels: one wording for a folio's fields wherever staff type them. */
  addFolioFields: cargasMessages.fields,

  // Footer
  fileLabel: 'Archivo:',
  noFile: 'Ningún archivo seleccionado',
  cancel: messagesEs.cancel,
  back: 'Atrás',
} as const;

export type BulkLoadMessages = typeof bulkLoadMessages;
