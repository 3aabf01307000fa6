import { COMPLETION_30D_DEFINITION, COMPLETION_30D_LABEL } from '@socio/contracts';
import { messagesEs } from '@socio/ui';

/** Every text of the dashboard (es-MX). */
export const dashboardMessages = {
  title: 'Inicio',
  subtitle: 'Resumen de la operación de estudios socioeconómicos, con datos en vivo.',
  ownOnly: 'Estos números corresponden solo a tus asignaciones.',
  indicatorsLabel: 'Indicadores',
  activeStudies: 'Estudios activos',
  completedThisWeek: 'Completados esta semana',
  newThisWeek: 'Nuevas solicitudes esta semana',
  /** The same label and definition as Usuarios' (issue 14 item 2): one figure, one name. */
  completion30d: COMPLETION_30D_LABEL,
  completion30dDefinition: COMPLETION_30D_DEFINITION,
  activeStudiesHint: 'Asignaciones sin completar ni cancelar',
  weekHint: 'Desde el lunes',
  completion30dHint: 'Asignaciones de los últimos 30 días',
  byClient: 'Estudios activos por cliente',
  byClientDescription: 'Distribución de los estudios en curso',
  weeklyCompleted: 'Estudios completados por semana',
  weeklyNew: 'Nuevas solicitudes por semana',
  weeklyDescription: 'Últimas 8 semanas (inicio de semana dd/mm)',
  weekAxis: 'Semana',
  completedSeries: 'Completados',
  newSeries: 'Nuevas solicitudes',
  yearly: 'Resumen anual por estatus',
  yearlyDescription:
    'Año en curso y año anterior: cada columna sigue a los folios recibidos ese año, cada folio contado una vez.',
  yearlyStatus: 'Estatus',
  received: 'Recibidos',
  assigned: 'Asignados',
  done: 'Completados',
  cancelled: 'Cancelados',
  /** Definitions of the yearly rows, each its label's tooltip (issue 14 item 4). */
  receivedDefinition: 'Folios recibidos en el año (fecha de alta del folio).',
  assignedDefinition:
    'De los folios recibidos en el año, los que tienen al menos una asignación; un folio reasignado cuenta una sola vez.',
  doneDefinition: 'De los folios asignados, los que tienen una asignación completada.',
  cancelledDefinition:
    'De los folios asignados, aquellos cuyas asignaciones se cancelaron todas, sin ninguna completada ni en curso.',
  promoBadge: 'Nuevo',
  promoTitle: 'Nueva plataforma',
  promoBody:
    'Bienvenido a la nueva plataforma de estudios socioeconómicos: indicadores en vivo, cargas masivas por región y reportes en un solo lugar.',
  promoFootnote: 'Tus datos se calculan directamente de la base de datos.',
  loading: 'Cargando el resumen...',
  loadingCharts: 'Cargando gráficas...',
  error: 'No se pudo cargar el resumen del tablero',
  retry: messagesEs.retry,
  emptyTitle: 'Aún no hay estudios registrados',
  emptyDescription:
    'Cuando se carguen asignaciones, aquí verás los indicadores, las gráficas y el resumen anual.',
} as const;

export type DashboardMessages = typeof dashboardMessages;
