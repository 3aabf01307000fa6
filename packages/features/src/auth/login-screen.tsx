import type { LoginForm } from '@socio/contracts';
import { Banner, Button, Checkbox, TextField } from '@socio/ui';
import { useId, useSyncExternalStore } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import type { SessionUser } from './auth.port';
import { loginErrorMessage } from './auth-errors';
import type { LoginFormValues } from './login-validation';
import { authMessages } from './messages.es';
import { useLogin } from './use-auth';

export interface LoginScreenProps {
  /** Called after the session is stored; the app navigates to /socioeconomico. */
  onSuccess?: (user: SessionUser) => void;
  /** A notice above the form, e.g. 'Sesión expirada. Por favor, inicia sesión nuevamente.'. */
  notice?: string;
  /** Initial e-mail (stories). */
  defaultEmail?: string;
}

/**
 * zod, its resolver and the login schema (login-validation.ts), loaded when the form is first focused
 * (or at the first submit): they stay out of the login page's first download and arrive while the
 * user types.
 */
const loadValidation = () => import('./login-validation');

const loginResolver: Resolver<LoginForm, unknown, LoginFormValues> = async (values, context, options) =>
  (await loadValidation()).loginResolver(values, context, options);

const subscribeNever = () => () => {};

/**
 * False while the screen is server-rendered (the build prerenders /login into index.html) and while
 * React hydrates that markup; true from then on, and at once when the screen is rendered on the client.
 */
function useInteractive(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/** 'Iniciar Sesión': e-mail, password, 'Recordarme', an inert 'forgot password' link. */
export function LoginScreen({ onSuccess, notice, defaultEmail = '' }: LoginScreenProps) {
  const m = authMessages.login;
  const login = useLogin();
  const titleId = useId();
  const submitting = login.isPending;
  // The prerendered form shows and takes typing before the app's code has run (the fields keep what was
  // typed when React takes the markup over). What needs that code stays disabled until then: the
  // 'Recordarme' box (a click would be lost) and the submit button (a native submit would put the
  // password in the URL; with the default button disabled, Enter submits nothing).
  const interactive = useInteractive();
  const {
    register,
    control,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<LoginForm, unknown, LoginFormValues>({
    resolver: loginResolver,
    defaultValues: { email: defaultEmail, password: '', remember: false },
    // Checked on submit only; typing in a field clears its message (see `field`).
    reValidateMode: 'onSubmit',
  });

  /** A registered field whose message goes away as soon as the user types again. */
  const field = (name: 'email' | 'password') =>
    register(name, { onChange: () => errors[name] && clearErrors(name) });

  const submit = handleSubmit(({ email, password, remember }) => {
    if (submitting) return;
    login.reset();
    login.mutate(
      { email, password, remember: remember ?? false },
      { onSuccess: (stored) => onSuccess?.(stored.user) },
    );
  });

  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas px-4 py-10">
      <div className="w-full max-w-md">
        <p className="mb-6 text-center font-semibold text-brand-700 text-lg tracking-tight">{m.brand}</p>
        <section
          aria-labelledby={titleId}
          className="rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8"
          data-slot="login-card"
        >
          <h1 id={titleId} className="font-bold text-2xl text-ink">
            {m.title}
          </h1>
          <p className="mt-1 text-ink-muted text-sm">{m.subtitle}</p>

          {notice ? (
            <Banner tone="warning" className="mt-5">
              {notice}
            </Banner>
          ) : null}
          {login.isError ? (
            <Banner tone="error" className="mt-5">
              {loginErrorMessage(login.error)}
            </Banner>
          ) : null}

          <form
            noValidate
            onSubmit={submit}
            onFocus={() => void loadValidation()}
            className="mt-6 grid gap-4"
            aria-busy={submitting || undefined}
          >
            <TextField
              label={m.emailLabel}
              type="email"
              autoComplete="username"
              inputMode="email"
              placeholder={m.emailPlaceholder}
              {...field('email')}
              error={errors.email?.message}
              disabled={submitting}
            />
            <TextField
              label={m.passwordLabel}
              type="password"
              autoComplete="current-password"
              placeholder={m.passwordPlaceholder}
              {...field('password')}
              error={errors.password?.message}
              disabled={submitting}
            />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Controller
                control={control}
                name="remember"
                render={({ field: { value, onChange, ref } }) => (
                  <Checkbox
                    ref={ref}
                    label={m.remember}
                    checked={value === true}
                    onCheckedChange={(checked) => onChange(checked === true)}
                    disabled={submitting || !interactive}
                  />
                )}
              />
              {/* Spec: the link does nothing. A real button keeps it focusable without a jump to '#'. */}
              <Button type="button" variant="link" size="sm" className="h-auto px-0">
                {m.forgotPassword}
              </Button>
            </div>
            <Button
              type="submit"
              size="lg"
              className="mt-2 w-full"
              loading={submitting}
              disabled={!interactive}
            >
              {submitting ? m.submitting : m.submit}
            </Button>
          </form>
        </section>
      </div>
    </main>
  );
}
