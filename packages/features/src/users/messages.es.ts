import { COMPLETION_30D_LABEL } from '@socio/contracts';
import { messagesEs } from '@socio/ui';

/** Every text of the users screen (es-MX). Spec strings are copied exactly. */
export const usersMessages = {
  pageTitle: 'Usuarios',
  loadingUsers: 'Cargando usuarios...',
  loadUsersError: 'Error al cargar los usuarios',
  retry: messagesEs.retry,
  searchLabel: 'Buscar usuarios',
  searchPlaceholder: 'Buscar por nombre, usuario, correo, rol o supervisor',
  addUser: 'Añadir nuevo usuario',
  edit: 'Editar',
  editUserOf: (name: string) => `Editar a ${name}`,
  usersTableLabel: 'Lista de usuarios',
  usersPager: 'Paginación de usuarios',
  noUsers: 'Aún no hay usuarios registrados',
  noUsersMatch: (query: string) => `No se encontraron usuarios para «${query}»`,
  readOnlyNotice: 'Solo lectura: tu rol puede consultar los usuarios, pero no crearlos ni editarlos.',

  columns: {
    name: 'Nombre',
    id: 'Usuario',
    email: 'Correo electrónico',
    role: 'Rol',
    supervisor: 'Supervisor',
    status: 'Estatus',
    actions: 'Acciones',
  },

  roles: { Administrador: 'Administrador', Supervisor: 'Supervisor', Visitador: 'Visitador' },
  statuses: { Activo: 'Activo', Inactivo: 'Inactivo' },

  // Add-user modal
  addTitle: 'Añadir Nuevo Usuario',
  addDescription: 'Registra a una persona del equipo y asígnale un rol.',
  photoLabel: 'Foto de perfil (opcional)',
  photoDrop: 'Arrastra y suelta una foto aquí',
  photoDisabled: 'La carga de fotos está temporalmente deshabilitada.',
  /** The (disabled) picker button of the photo row; same words as the drop area's button. */
  photoPick: 'Seleccionar archivo',
  photoHint: 'JPG, PNG o GIF; máximo 5MB.',
  photoInvalidType: 'Por favor, selecciona un archivo de imagen válido.',
  photoTooLarge: 'El archivo es demasiado grande. El tamaño máximo es 5MB.',
  photoPreviewAlt: 'Vista previa de la foto',
  requiredInfo: 'Los campos marcados con * son obligatorios.',
  fields: {
    nombres: 'Nombres',
    apellido_paterno: 'Apellido paterno',
    apellido_materno: 'Apellido materno',
    username: 'Usuario',
    email: 'Correo electrónico',
    password: 'Contraseña',
    role: 'Rol',
    supervisor: 'Supervisor',
    estado: 'Estado (región)',
    status: 'Estatus',
  },
  usernameHint: 'Solo letras minúsculas, números y puntos, sin espacios',
  passwordHint: 'Mínimo 8 caracteres',
  rolePlaceholder: 'Selecciona un rol',
  supervisorNone: 'Sin supervisor',
  estadoNone: 'Sin estado',
  estadosError: 'No se pudieron cargar los estados',
  usernameChecking: 'Verificando disponibilidad...',
  usernameAvailable: 'Usuario disponible',
  usernameTaken: 'Este usuario ya está en uso',
  usernameCheckError: 'Error al verificar disponibilidad',
  cancel: messagesEs.cancel,
  create: 'Crear usuario',
  creating: 'Creando...',

  // Validation
  /** One message per field, agreeing with its gender and number ('Contraseña es obligatoria'). */
  required: {
    nombres: 'Nombres son obligatorios',
    apellido_paterno: 'Apellido paterno es obligatorio',
    apellido_materno: 'Apellido materno es obligatorio',
    username: 'Usuario es obligatorio',
    email: 'Correo electrónico es obligatorio',
    password: 'Contraseña es obligatoria',
    status: 'Estatus es obligatorio',
  },
  usernameMin: 'El usuario debe tener al menos 3 caracteres',
  usernameChars: 'Solo letras minúsculas, números y puntos, sin espacios',
  emailInvalid: 'Ingresa un correo electrónico válido',
  passwordMin: 'Mínimo 8 caracteres',
  roleRequired: 'Rol es obligatorio',
  usernameUnavailableSubmit: 'El nombre de usuario no está disponible. Por favor, elige otro.',
  usernamePendingSubmit: 'Por favor, espera a que se verifique la disponibilidad del usuario.',

  // Create results (success, and each failure the server may answer)
  createUsernameTaken: 'Error: El nombre de usuario ya está en uso. Por favor, elige otro.',
  createEmailTaken: 'Error: El correo electrónico ya está registrado. Por favor, usa otro.',
  createNetwork: 'Error: No se pudo conectar con el servidor. Verifica que el backend esté ejecutándose.',
  createOther: (detail: string) => `Error al crear el usuario: ${detail}`,
  createDefault: 'Error al crear el usuario',
  invalidResponse: 'Respuesta inválida del servidor',
  createSuccess: 'Usuario creado exitosamente!',
  createSuccessDetail: (username: string, name: string) => `Usuario: ${username} · Nombre: ${name}`,

  // Edit modal
  editTitle: 'Editar usuario',
  editDescription: (username: string) => `Actualiza los datos de ${username}.`,
  usernameReadOnly: 'El nombre de usuario no se puede modificar.',
  supervisorsEmpty: 'No hay supervisores disponibles',
  loadingSupervisors: 'Cargando supervisores...',
  save: 'Guardar cambios',
  saving: 'Guardando...',
  editDefaultError: 'Error al actualizar el usuario',
  editSuccess: 'Usuario actualizado exitosamente',

  // Competitiveness
  competitivenessTitle: 'Competitividad por visitador',
  competitivenessDescription:
    'Asignaciones y estudios completados en total por cada visitador activo; el % completado cuenta solo las asignaciones de los últimos 30 días.',
  competitivenessEmpty: 'No se encontraron visitadores',
  competitivenessError: 'No se pudieron cargar las estadísticas de los visitadores',
  competitivenessLoading: 'Cargando visitadores...',
  competitivenessPager: 'Paginación de visitadores',
  completion30d: COMPLETION_30D_LABEL,
  compColumns: {
    visitor: 'Visitador',
    assignments: 'Asignaciones (total)',
    studiesCompleted: 'Estudios completados (total)',
    completion: '% completado (últimos 30 días)',
    averageDays: 'Días promedio de respuesta',
  },
  notAvailable: 'N/A',
  bands: { green: 'Alto', yellow: 'Medio', orange: 'Bajo', red: 'Crítico' },
  bandLabel: (percent: string, band: string) => `${percent} (${band})`,
} as const;

export type UsersMessages = typeof usersMessages;
