/** Texts of charts, the PDF viewer and the shell pieces. */
export const mediaMessagesEs = {
  // Charts
  chartEmpty: 'Sin datos para mostrar',
  chartLoading: 'Cargando gráfica...',
  chartSummary: (title: string) => `Datos de la gráfica: ${title}`,
  chartCategory: 'Categoría',
  chartValue: 'Valor',
  chartShare: 'Porcentaje',

  // PDF viewer
  pdfViewer: 'Visor de PDF',
  pdfToolbar: 'Controles del documento',
  pdfLoading: 'Cargando PDF...',
  pdfError: 'Error al cargar el PDF',
  pdfViewerUnavailable: 'No se pudo cargar el visor de PDF. Verifica tu conexión a internet.',
  pdfPageOf: (page: number, total: number) => `Página ${page} de ${total}`,
  pdfPage: (page: number) => `Página ${page}`,
  pdfPreviousPage: 'Página anterior',
  pdfNextPage: 'Página siguiente',
  pdfZoomIn: 'Acercar',
  pdfZoomOut: 'Alejar',
  pdfZoomReset: 'Ajustar al ancho',
  pdfZoomLevel: (percent: string) => `Zoom ${percent}`,
  pdfDownload: 'Descargar',
  pdfPrint: 'Imprimir',
  pdfDefaultFileName: 'documento.pdf',

  // Shell
  navMain: 'Navegación principal',
  skipToContent: 'Saltar al contenido',
  mobileNavOpen: 'Abrir menú',
  mobileNavClose: 'Cerrar menú',
  mobileNavTitle: 'Menú',
  errorScreenTitle: 'Algo salió mal',
  errorScreenMessage: 'La aplicación encontró un error inesperado',
  errorScreenDetails: 'Detalles técnicos',
};
