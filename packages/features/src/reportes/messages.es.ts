import { messagesEs } from '@socio/ui';
/** Every text of the reportes screen (es-MX). Spec strings are copied exactly. */
export const reportesMessages = {
  pageTitle: 'Reportes',
  panelTitle: 'Reportes',
  clienteLabel: 'Cliente',
  clientesError: 'Error al cargar los clientes',
  retry: messagesEs.retry,

  // Actions
  downloadPending: 'Descargar reportes pendientes',
  markSent: (n: number) => `Marcar ${n} como enviado`,
  send: 'Enviar reportes',
  upload: 'Subir reporte',

  // Search and table
  searchLabel: 'Buscar por folio',
  searchPlaceholder: 'Buscar por folio...',
  tableLabel: 'Lista de reportes',
  loading: 'Cargando reportes...',
  loadError: 'Error al cargar los reportes',
  empty: 'No se encontraron reportes',
  emptyForQuery: (query: string) => `Ningún reporte coincide con «${query}»`,
  noReportForFolio: (folio: string) => `No hay reporte para el folio ${folio}`,
  folioLookupError: 'No se pudo buscar el folio en todos los clientes; se muestra el cliente actual',
  countSummary: (shown: number, total: number) =>
    shown === total
      ? `${formatCount(total)} reportes`
      : `${formatCount(shown)} de ${formatCount(total)} reportes`,
  columns: {
    estatus: 'Estatus',
    id: 'ID',
    fechaRecibido: 'Fecha recibido',
    cliente: 'Cliente',
    visitador: 'Visitador',
    notas: 'Notas',
  },
  noVisitador: 'Sin visitador',

  // Viewer
  viewerLabel: 'Vista previa del reporte',
  backToList: 'Volver a la lista',
  hideViewer: 'Ocultar visor',
  showViewer: 'Mostrar visor',
  resizeList: 'Ancho de la lista de reportes',
  viewerTitle: (folio: string) => `Reporte ${folio}`,
  noneSelectedTitle: 'Selecciona un reporte',
  noneSelectedDescription: 'Elige un reporte de la lista para visualizarlo aquí',
  pdfLoading: 'Cargando PDF...',
  pdfError: 'Error al cargar PDF',
  pdfFileName: (folio: string) => `reporte_${folio}.pdf`,

  // Results
  marked: (n: number) => `${n} reporte(s) marcado(s) como enviado`,
  markNoneTicked: 'Por favor selecciona al menos un reporte',
  markError: (detail: string) => `Error al marcar reportes: ${detail}`,
  sent: 'Reporte enviado exitosamente',
  sendNoneSelected: 'Por favor selecciona un reporte primero',
  sendError: (detail: string) => `Error al enviar reporte: ${detail}`,
  /** Said once the zip starts arriving (not on the click: the server may still be building it). */
  downloading: (n: number) => `Descargando ${n} reportes pendientes...`,
  /** The download button between the click and the first answer of the server. */
  preparingDownload: 'Preparando descarga...',
  noPending: 'No hay reportes pendientes para descargar',
  downloadError: (detail: string) => `Error al descargar reportes: ${detail}`,

  // E-mail delivery (beside Estatus, and the history of the selected report)
  entregaEstados: { en_cola: 'En cola', entregado: 'Entregado', fallido: 'Fallido' },
  entregaLabel: (estado: string) => `Entrega por correo: ${estado}`,
  entregaMotivo: (motivo: string) => `Motivo: ${motivo}`,
  entregasTitle: 'Entregas por correo',
  entregasLoading: 'Cargando entregas...',
  entregasError: 'Error al cargar las entregas',
  entregasEmpty: 'Este reporte aún no se ha enviado por correo.',
  transporteArchivo:
    'Sin servidor de correo configurado: los mensajes se guardan como archivos .eml en la carpeta outbox del servidor.',
  retryEntrega: 'Reintentar',
  retried: 'Entrega en cola de nuevo',
  retryError: (detail: string) => `Error al reintentar la entrega: ${detail}`,
  entregaCreada: (fecha: string) => `Enviado el ${fecha}`,
  entregaPara: (destinatarios: string) => `Para: ${destinatarios}`,
  sinDestinatarios: 'sin destinatarios',
  entregaSiguiente: (fecha: string) => `Siguiente intento: ${fecha}`,
  entregaIntentos: (n: number, max: number) => `Intentos: ${n} de ${max}`,
  intentoTitulo: (n: number, fecha: string) => `Intento ${n} · ${fecha}`,
  intentoResultado: { entregado: 'Entregado', error: 'Error' },
  historialLabel: 'Historial de intentos',
  /** A delivery some recipients refused ('entregado a 1 de 2'). */
  entregadoParcial: (n: number, total: number) => `Entregado a ${n} de ${total}`,
  rechazadosLabel: 'Destinatarios que no lo recibieron',
  rechazado: (destinatario: string, respuesta: string) => `${destinatario}: ${respuesta}`,
  noRecibido: (lista: string) => `No lo recibió: ${lista}`,
  /** How far an attempt got with the mail server. */
  intentoEtapa: {
    conectado: 'Llegó a: conexión con el servidor',
    sobre_aceptado: 'Llegó a: sobre aceptado',
    cuerpo_enviado: 'Llegó a: mensaje enviado completo, sin respuesta',
    respondido: 'Llegó a: respuesta del servidor',
  },
  /** 'Enviar reportes' refused because the report's client has no recipients. */
  sinDestinatariosCliente: (cliente: string) => `${cliente} no tiene destinatarios configurados`,
  sinDestinatariosAviso: (cliente: string) =>
    `El reporte no se envió: ${cliente} no tiene destinatarios configurados. Sigue Pendiente.`,
  configurarDestinatarios: 'Configurar destinatarios en Clientes',

  // Upload modal
  uploadTitle: 'Subir reporte',
  uploadDescription: 'Adjunta el PDF del estudio terminado de un folio.',
  requiredInfo: 'Los campos marcados con * son obligatorios.',
  fields: {
    folio: 'Folio',
    cliente: 'Cliente',
    notas: 'Notas',
    pdf: 'PDF del reporte',
  },
  folioPlaceholder: 'Ej. TEC-2026-0001',
  required: 'Campo requerido',
  tooLong: (max: number) => `Máximo ${max} caracteres`,
  pdfRequired: 'Debes adjuntar el PDF del reporte',
  pdfInstructions: 'Arrastra y suelta el PDF aquí',
  pdfHint: (maxMb: number) => `Solo PDF, máximo ${maxMb} MB.`,
  pdfRejected: 'El archivo debe ser un PDF',
  pdfChosen: (name: string, size: string) => `${name} (${size})`,
  removeFile: 'Quitar archivo',
  uploadProgress: 'Progreso de la carga',
  uploading: 'Subiendo...',
  uploadingPercent: (percent: string) => `Subiendo... ${percent}`,
  uploadSubmit: 'Subir reporte',
  cancel: messagesEs.cancel,
  uploaded: 'Reporte guardado exitosamente',
  uploadError: (detail: string) => `Error al subir reporte: ${detail}`,
} as const;

function formatCount(n: number): string {
  return new Intl.NumberFormat('es-MX').format(n);
}
