/** Every text of the shell feature (spec §2 'Shell'). */
export const shellMessages = {
  brand: 'Socioeconómico',
  nav: {
    label: 'Navegación principal',
    inicio: 'Inicio',
    usuarios: 'Usuarios',
    reportes: 'Reportes',
    cargas: 'Cargas',
    configuracion: 'Configuración',
  },
  searchFolio: 'Buscar info de folio',
  defaultUserName: 'Usuario',
  settings: 'Configuración de la cuenta',
  changePassword: 'Cambiar contraseña',
  signOut: 'Cerrar sesión',
  openMenu: 'Abrir menú',
  closeMenu: 'Cerrar menú',
  loading: 'Cargando...',
  help: {
    toggle: 'Ayuda',
    title: '¿Necesitas ayuda?',
    body: 'Consulta los manuales de usuario y la documentación del sistema para conocer cada sección.',
    manuals: 'Manuales de usuario',
    docs: 'Documentación',
    close: 'Ocultar ayuda',
  },
  comingSoon: {
    title: 'Esta sección estará disponible próximamente',
    description: (section: string) => `La sección ${section} se habilitará en una próxima versión.`,
  },
  appError: {
    title: 'Algo salió mal',
    description: 'La aplicación encontró un error inesperado',
    reload: 'Recargar página',
    reset: 'Limpiar datos y volver al inicio',
    consoleHint: 'Abre la consola del navegador para ver más detalles',
  },
} as const;

export type ShellMessages = typeof shellMessages;
