import { messagesEs } from '@socio/ui';
import { sharedMessages } from '../messages.es';
/** Every text of the Cargas screen, the manual assignment and the lifecycle actions (es-MX). Spec strings exactly. */
export const cargasMessages = {
  pageTitle: 'Cargas',
  pageSubtitle: 'Gestión de cargas y asignaciones',
  newManual: 'Nueva Carga Manual',
  newLoad: 'Nueva Carga',
  newLoadMenu: 'Tipos de carga',
  loadTypes: { TEC_MTY: 'TEC_MTY' } as Record<string, string>,

  // List
  listTitle: 'Asignaciones activas',
  totalRecords: (n: string) => `${n} registros totales`,
  loading: 'Cargando...',
  tableCaption: 'Asignaciones activas',
  pagerLabel: 'Paginación de asignaciones',
  empty: 'No hay asignaciones',
  emptyDescription: 'Crea una asignación manual o carga un archivo para empezar.',
  emptyVisitorDescription: 'Aún no tienes asignaciones.',
  // Search and filters (issue 20)
  searchFolio: 'Buscar por folio...',
  filtersLabel: 'Filtros de asignaciones',
  filters: {
    estatus: 'Estatus',
    estado: 'Estado',
    visitador: 'Visitador',
    desde: 'Asignada desde',
    hasta: 'Asignada hasta',
    all: 'Todos',
  },
  clearFilters: 'Limpiar filtros',
  noMatches: 'Ninguna asignación coincide con los filtros',
  noMatchesDescription: 'Cambia o limpia los filtros para ver más asignaciones.',
  columns: {
    folio: 'Folio',
    id_asignacion: 'ID asignación',
    id_usuario: 'ID visitador',
    estado: 'Estado',
    direccion: 'Dirección',
    estatus: 'Estatus',
    fecha_asignacion: 'Fecha de asignación',
    actions: 'Acciones',
  },

  // Errors
  sessionExpired: sharedMessages.sessionExpired,
  loadError: 'Error al cargar las asignaciones',
  retry: messagesEs.retry,
  dismissError: 'Cerrar aviso',

  // Statistics
  statsTitle: 'Estadísticas',
  stats: {
    total: 'Total Asignaciones',
    asignada: 'Asignadas',
    agendada: 'Agendadas',
    completada: 'Completadas',
    cancelada: 'Canceladas',
  },
  statsUnavailable: '-',
  statsUnavailableHint: 'No se pudieron cargar las estadísticas',

  // Row menu and lifecycle
  rowActions: (id: number) => `Acciones de la asignación ${id}`,
  actions: {
    agendada: 'Agendar',
    completada: 'Completar',
    cancelada: 'Cancelar asignación',
    reassign: 'Reasignar',
  },
  statusChanged: {
    agendada: (id: number) => `Asignación ${id} agendada`,
    completada: (id: number) => `Asignación ${id} completada`,
    cancelada: (id: number) => `Asignación ${id} cancelada`,
    asignada: (id: number) => `Asignación ${id} asignada`,
  },
  statusChangeError: 'Error al actualizar la asignación',
  cancelTitle: 'Cancelar asignación',
  cancelDescription: (id: number, folio: string) =>
    `La asignación ${id} del folio ${folio} se cancelará. Esta acción no se puede deshacer.`,
  cancelConfirm: 'Cancelar asignación',
  cancelBack: 'Volver',
  cancelling: 'Cancelando...',
  reassignTitle: 'Reasignar asignación',
  reassignDescription: (id: number, folio: string, estado: string) =>
    `Asignación ${id} del folio ${folio} (${estado}): elige otro visitador activo del mismo estado.`,
  reassignVisitor: 'Nuevo visitador',
  reassignPlaceholder: 'Seleccionar visitador...',
  reassignNone: (estado: string) => `No hay otros visitadores activos en ${estado}`,
  reassignConfirm: 'Reasignar',
  reassigning: 'Reasignando...',
  reassigned: (id: number, name: string) => `Asignación ${id} reasignada a ${name}`,
  reassignError: 'Error al reasignar la asignación',
  visitorOption: (name: string, id: number, region: string | null) =>
    `${name} · ID ${id}${region ? ` · ${region}` : ''}`,
  noState: 'sin estado',

  // Manual assignment modal
  manualTitle: 'Nueva Carga Manual',
  manualDescription: 'Complete los datos para crear una asignación manual',
  loadType: 'Tipo de carga',
  loadTypePlaceholder: 'Seleccionar tipo de carga...',
  visitor: 'Visitador',
  selectVisitor: 'Seleccionar Visitador',
  noVisitors: 'No hay visitadores disponibles',
  loadingVisitors: 'Cargando visitadores...',
  visitorFilter: 'Filtrar visitadores',
  visitorFilterPlaceholder: 'Nombre, ID o estado',
  visitorList: 'Visitadores activos',
  noVisitorMatch: 'Ningún visitador coincide con el filtro',
  visitorId: (id: number) => `ID ${id}`,
  cancel: messagesEs.cancel,
  create: 'Crear Asignación',
  saving: 'Guardando...',
  estadoPlaceholder: 'Seleccionar estado...',
  requiredNote: 'Los campos marcados con * son obligatorios.',
  loadTypeRequired: 'Debe seleccionar un tipo de carga',
  visitorRequired: 'Debe seleccionar un visitador',
  required: 'Campo requerido',
  /** A filled e-mail field the browser's own check (input type email) refuses. */
  invalidEmail: 'Correo electrónico no válido',
  saved: (id: number) => `Asignación creada exitosamente (ID ${id})`,
  saveError: 'Error al guardar la asignación',
  saveErrorRetry: 'Error al guardar la asignación. Por favor intente nuevamente.',

  /** TEC_MTY form labels (the field names staff know). */
  fields: {
    folio: 'Folio',
    nombre_alumno: 'Nombre del alumno',
    campus_ingreso: 'Campus de ingreso',
    correo_alumno: 'Correo del alumno',
    calle: 'Calle',
    colonia: 'Colonia',
    ciudad: 'Ciudad',
    estado: 'Estado',
    codigo_postal: 'Código postal',
    tel1: 'Teléfono 1',
    tel2: 'Teléfono 2',
    tel3: 'Teléfono 3',
    tel4: 'Teléfono 4',
    nombre_padre: 'Nombre del padre',
    correo_padre: 'Correo del padre',
    nombre_madre: 'Nombre de la madre',
    correo_madre: 'Correo de la madre',
    solicitud_email: 'Solicitud X E Mail',
    dia_agendo_crm: 'Día que Agendó en CRM',
    id_folio: 'ID del folio',
    state_of_folio: 'Estado del folio',
  },
  /** The other load type's messages. */
  other: {
    idFolioPlaceholder: 'RES-00010999',
    idFolioRequired: 'El ID del folio es requerido',
    stateRequired: 'El estado del folio es requerido',
    nameRequired: 'El nombre del alumno es requerido',
    tel1Required: 'El teléfono 1 es requerido',
  },
} as const;

export type CargasMessages = typeof cargasMessages;
