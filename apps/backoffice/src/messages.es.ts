/** Texts owned by the app shell itself (routes and top-level errors). */
export const appMessages = {
  comingSoonTitle: 'Esta sección estará disponible próximamente',
  comingSoonDescription: (section: string) => `La sección ${section} se habilitará en una próxima versión.`,
  reportes: 'Reportes',
  cargas: 'Cargas',
  loadingSection: 'Cargando sección...',
  errorTitle: 'Algo salió mal',
  errorDescription: 'La aplicación encontró un error inesperado',
  reload: 'Recargar página',
  reset: 'Limpiar datos y volver al inicio',
  consoleHint: 'Abre la consola del navegador para ver más detalles',
} as const;
