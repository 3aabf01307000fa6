/** Every text of the shell feature (rail, top bar, menus, help card, error screen). */
export const shellMessages = {
  brand: 'Socioeconómico',
  nav: {
    label: 'Navegación principal',
    inicio: 'Inicio',
    usuarios: 'Usuarios',
    reportes: 'Reportes',
    cargas: 'Cargas',
    clientes: 'Clientes',
    configuracion: 'Configuración',
  },
  searchFolio: 'Buscar info de folio',
  defaultUserName: 'Usuario',
  changePassword: 'Cambiar contraseña',
  signOut: 'Cerrar sesión',
  loading: 'Cargando...',
  help: {
    toggle: 'Ayuda',
    title: '¿Necesitas ayuda?',
    body: 'Consulta los manuales de usuario y la documentación del sistema para conocer cada sección.',
    manuals: 'Manuales de usuario',
    docs: 'Documentación',
    close: 'Ocultar ayuda',
    newTab: '(se abre en una pestaña nueva)',
  },
  /** The browser tab's title of each page: 'Usuarios · Socioeconómico'. */
  documentTitle: (page: string) => `${page} · Socioeconómico`,
  loginPage: 'Iniciar sesión',
  notFound: {
    title: 'Página no encontrada',
    description: 'La dirección que abriste no existe o ya no está disponible.',
    back: 'Volver al inicio',
  },
  /** Routing errors (a page that failed to load): the product's fallback heading, no developer text. */
  routerError: {
    title: 'Unexpected Application Error!',
    description: 'No se pudo mostrar esta página.',
    reload: 'Recargar página',
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
