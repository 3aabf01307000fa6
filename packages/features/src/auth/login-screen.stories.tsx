import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, type within } from 'storybook/test';
import { ApiError } from '../errors';
import {
  createFakeAuthPort,
  createTestSessionController,
  invalidResponse,
  offline,
  pending,
  stubAuthPort,
} from '../testing';
import { withAuth } from './auth.story-helpers';
import { LoginScreen } from './login-screen';
import { authMessages } from './messages.es';

const meta = {
  title: 'Features/Auth/LoginScreen',
  component: LoginScreen,
  parameters: { layout: 'fullscreen' },
  args: { onSuccess: fn() },
} satisfies Meta<typeof LoginScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

async function fillAndSubmit(canvas: Canvas, email: string, password: string) {
  await userEvent.type(canvas.getByRole('textbox', { name: 'Correo electrónico' }), email);
  if (password) await userEvent.type(canvas.getByLabelText('Contraseña', { selector: 'input' }), password);
  await userEvent.click(canvas.getByRole('button', { name: 'Iniciar sesión' }));
}

const failing = (error: unknown) =>
  withAuth(stubAuthPort({ login: () => Promise.reject(error) }), createTestSessionController());

/** Idle: title, the two fields, 'Recordarme' unticked and the inert 'forgot password' link. */
export const Default: Story = {
  decorators: [withAuth(createFakeAuthPort(), createTestSessionController())],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Correo electrónico' })).toHaveValue('');
    await expect(canvas.getByLabelText('Contraseña', { selector: 'input' })).toHaveAttribute(
      'type',
      'password',
    );
    await expect(canvas.getByRole('checkbox', { name: 'Recordarme' })).not.toBeChecked();
    await expect(canvas.getByRole('button', { name: '¿Olvidaste tu contraseña?' })).toBeEnabled();
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

const successController = createTestSessionController();
/** Correct credentials without 'Recordarme': session stored per tab, onSuccess called. */
export const SignInSuccess: Story = {
  decorators: [withAuth(createFakeAuthPort(), successController)],
  beforeEach: () => successController.signOut(),
  play: async ({ canvas, args }) => {
    await fillAndSubmit(canvas, 'admin@socioeconomico.mx', 'Admin2026!');
    await waitFor(() => expect(args.onSuccess).toHaveBeenCalledOnce());
    await expect(args.onSuccess).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'admin@socioeconomico.mx', rol: 'Administrador' }),
    );
    const { session } = successController.getSnapshot();
    await expect(session?.token).toBe('fake-token-1');
    await expect(session?.remember).toBe(false);
  },
};

const rememberController = createTestSessionController();
/** 'Recordarme' ticked: the session is kept as persistent. */
export const RememberMe: Story = {
  decorators: [withAuth(createFakeAuthPort(), rememberController)],
  beforeEach: () => rememberController.signOut(),
  play: async ({ canvas, args }) => {
    const remember = canvas.getByRole('checkbox', { name: 'Recordarme' });
    await userEvent.click(remember);
    await expect(remember).toBeChecked();
    await fillAndSubmit(canvas, '  supervisor1@socioeconomico.mx ', 'Demo2026!');
    await waitFor(() => expect(args.onSuccess).toHaveBeenCalledOnce());
    await expect(rememberController.getSnapshot().session?.remember).toBe(true);
    await expect(rememberController.getSnapshot().session?.user.rol).toBe('Supervisor');
  },
};

/** E-mail without '@' → 'Por favor, ingresa un correo electrónico válido'; nothing is sent. */
export const InvalidEmail: Story = {
  decorators: [failing(new Error('no debe llamarse'))],
  play: async ({ canvas, args }) => {
    await fillAndSubmit(canvas, 'admin.socioeconomico.mx', 'Admin2026!');
    const email = canvas.getByRole('textbox', { name: 'Correo electrónico' });
    await expect(email).toHaveAccessibleDescription('Por favor, ingresa un correo electrónico válido');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveFocus();
    await expect(args.onSuccess).not.toHaveBeenCalled();
    // Typing again clears the message.
    await userEvent.type(email, 'x');
    await expect(email).not.toHaveAttribute('aria-invalid');
  },
};

/** Empty e-mail and a 2-character password → both messages. */
export const EmptyEmailAndShortPassword: Story = {
  decorators: [failing(new Error('no debe llamarse'))],
  play: async ({ canvas }) => {
    await fillAndSubmit(canvas, '   ', 'ab');
    // The validation answers asynchronously (its rules load lazily): find, do not get.
    await expect(await canvas.findByText('Por favor, ingresa un correo electrónico válido')).toBeVisible();
    await waitFor(() =>
      expect(canvas.getByLabelText('Contraseña', { selector: 'input' })).toHaveAccessibleDescription(
        'Por favor, ingresa una contraseña válida',
      ),
    );
  },
};

/** 401: the server's text as is. */
export const WrongPassword: Story = {
  decorators: [withAuth(createFakeAuthPort(), createTestSessionController())],
  play: async ({ canvas, args }) => {
    await fillAndSubmit(canvas, 'admin@socioeconomico.mx', 'incorrecta');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Correo o contraseña incorrectos');
    await expect(args.onSuccess).not.toHaveBeenCalled();
    await expect(canvas.getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled();
  },
};

/** 403: inactive account. */
export const InactiveAccount: Story = {
  decorators: [withAuth(createFakeAuthPort(), createTestSessionController())],
  play: async ({ canvas }) => {
    await fillAndSubmit(canvas, 'inactivo@socioeconomico.mx', 'Demo2026!');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Tu cuenta está inactiva. Contacta a un administrador.',
    );
  },
};

/** 429: too many failed attempts. */
export const TooManyAttempts: Story = {
  decorators: [failing(new ApiError(429, 'Demasiados intentos fallidos. Intenta de nuevo en 15 minutos.'))],
  play: async ({ canvas }) => {
    await fillAndSubmit(canvas, 'admin@socioeconomico.mx', 'Admin2026!');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Demasiados intentos fallidos. Intenta de nuevo en 15 minutos.',
    );
  },
};

/** 422 with a detail array: 'Error: Formato de {field} invalido' with the last loc element. */
export const ValidationErrorArray: Story = {
  decorators: [
    failing(
      new ApiError(422, [{ loc: ['body', 'email'], msg: 'value is not a valid email', type: 'value_error' }]),
    ),
  ],
  play: async ({ canvas }) => {
    await fillAndSubmit(canvas, 'ana@dominio', 'Admin2026!');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Error: Formato de email invalido');
  },
};

/** Any other 422. */
export const ValidationErrorOther: Story = {
  decorators: [failing(new ApiError(422, 'Entrada inválida'))],
  play: async ({ canvas }) => {
    await fillAndSubmit(canvas, 'ana@dominio', 'Admin2026!');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Por favor, verifica que el correo electrónico sea válido',
    );
  },
};

/** A failure without detail (e.g. 500): the generic message. */
export const ServerErrorWithoutDetail: Story = {
  decorators: [failing(new ApiError(500, undefined))],
  play: async ({ canvas }) => {
    await fillAndSubmit(canvas, 'admin@socioeconomico.mx', 'Admin2026!');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Error al iniciar sesión. Por favor, intenta de nuevo.',
    );
  },
};

/** The login answer breaks the contract (no token…): the generic failure, no session stored. */
export const InvalidResponse: Story = {
  decorators: [
    withAuth(
      stubAuthPort({ login: () => invalidResponse('POST /auth/login') }),
      createTestSessionController(),
    ),
  ],
  play: async ({ canvas, args }) => {
    await fillAndSubmit(canvas, 'admin@socioeconomico.mx', 'Admin2026!');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Error al iniciar sesión. Por favor, intenta de nuevo.',
    );
    await expect(args.onSuccess).not.toHaveBeenCalled();
    await expect(canvas.getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled();
  },
};

/** The server cannot be reached. */
export const NetworkFailure: Story = {
  decorators: [withAuth(stubAuthPort({ login: () => offline() }), createTestSessionController())],
  play: async ({ canvas }) => {
    await fillAndSubmit(canvas, 'admin@socioeconomico.mx', 'Admin2026!');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Error de conexión. Por favor, intenta de nuevo.',
    );
  },
};

/** While the request runs: spinner on the button, fields disabled, a second submit ignored. */
export const Submitting: Story = {
  decorators: [withAuth(stubAuthPort({ login: () => pending() }), createTestSessionController())],
  play: async ({ canvas }) => {
    await fillAndSubmit(canvas, 'admin@socioeconomico.mx', 'Admin2026!');
    const button = await canvas.findByRole('button', { name: 'Iniciando sesión...' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('textbox', { name: 'Correo electrónico' })).toBeDisabled();
  },
};

/** Back after a 401: the notice explains why. */
export const SessionExpired: Story = {
  decorators: [withAuth(createFakeAuthPort(), createTestSessionController())],
  args: { notice: authMessages.login.sessionExpired },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Sesión expirada. Por favor, inicia sesión nuevamente.')).toBeVisible();
  },
};

/** Spec: the 'forgot password' link does nothing — but it is a real, keyboard-reachable control. */
export const ForgotPasswordIsInert: Story = {
  decorators: [withAuth(createFakeAuthPort(), createTestSessionController())],
  play: async ({ canvas, args }) => {
    const before = window.location.href;
    const link = canvas.getByRole('button', { name: '¿Olvidaste tu contraseña?' });
    await userEvent.click(link);
    await userEvent.keyboard('{Enter}');
    await expect(window.location.href).toBe(before);
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    await expect(args.onSuccess).not.toHaveBeenCalled();
    // Reachable with Tab from the checkbox.
    canvas.getByRole('checkbox', { name: 'Recordarme' }).focus();
    await userEvent.tab();
    await expect(link).toHaveFocus();
  },
};

/** Keyboard only: Tab through the form and press Enter to submit. */
export const KeyboardOnly: Story = {
  decorators: [withAuth(createFakeAuthPort(), createTestSessionController())],
  play: async ({ canvas, args }) => {
    canvas.getByRole('textbox', { name: 'Correo electrónico' }).focus();
    await userEvent.keyboard('visitador1@socioeconomico.mx');
    await userEvent.tab();
    await userEvent.keyboard('Demo2026!{Enter}');
    await waitFor(() => expect(args.onSuccess).toHaveBeenCalledOnce());
  },
};
