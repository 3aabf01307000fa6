import { messagesEs } from '@socio/ui';
import { sharedMessages } from '../messages.es';
/**
 * Every text of the auth feature. The form rules' messages ('Por favor, ingresa un correo electrónico
 * válido'…) come with the forms' schemas from `@socio/contracts` (`AUTH_MESSAGES`), shared with the server.
 */
export const authMessages = {
  login: {
    title: 'Iniciar Sesión',
    subtitle: 'Ingresa tus credenciales para acceder al sistema',
    brand: 'Socioeconómico',
    emailLabel: 'Correo electrónico',
    emailPlaceholder: 'nombre@empresa.com',
    passwordLabel: 'Contraseña',
    passwordPlaceholder: 'Tu contraseña',
    remember: 'Recordarme',
    forgotPassword: '¿Olvidaste tu contraseña?',
    submit: 'Iniciar sesión',
    submitting: 'Iniciando sesión...',
    sessionExpired: sharedMessages.sessionExpired,
  },
  loginErrors: {
    invalidFormat: (field: string) => `Error: Formato de ${field} invalido`,
    checkEmail: 'Por favor, verifica que el correo electrónico sea válido',
    generic: 'Error al iniciar sesión. Por favor, intenta de nuevo.',
    network: 'Error de conexión. Por favor, intenta de nuevo.',
  },
  changePassword: {
    title: 'Cambiar contraseña',
    description: 'Escribe tu contraseña actual y la nueva contraseña dos veces.',
    current: 'Contraseña actual',
    next: 'Nueva contraseña',
    nextHint: 'Mínimo 8 caracteres, distinta de la actual.',
    confirm: 'Confirmar nueva contraseña',
    cancel: messagesEs.cancel,
    submit: 'Cambiar contraseña',
    submitting: 'Cambiando...',
    notAuthenticated: 'No estás autenticado. Por favor, inicia sesión nuevamente.',
    failed: 'Error al cambiar la contraseña',
    network: 'Error de conexión. Por favor, intenta de nuevo.',
    success: '¡Contraseña actualizada exitosamente!',
  },
} as const;

export type AuthMessages = typeof authMessages;
