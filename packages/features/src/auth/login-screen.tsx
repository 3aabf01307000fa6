import { Banner, Button, Checkbox, TextField } from '@socio/ui';
import { type FormEvent, useId, useState } from 'react';
import type { SessionUser } from './auth.port';
import { type LoginFormValues, loginErrorMessage, validateLogin } from './auth-errors';
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

type FieldErrors = Partial<Record<keyof LoginFormValues, string>>;

/** Spec §2 'Iniciar Sesión': e-mail, password, 'Recordarme', an inert 'forgot password' link. */
export function LoginScreen({ onSuccess, notice, defaultEmail = '' }: LoginScreenProps) {
  const m = authMessages.login;
  const [values, setValues] = useState<LoginFormValues>({ email: defaultEmail, password: '' });
  const [remember, setRemember] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const login = useLogin();
  const titleId = useId();
  const submitting = login.isPending;

  function update(field: keyof LoginFormValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (fieldErrors[field]) setFieldErrors((current) => ({ ...current, [field]: undefined }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const errors = validateLogin(values);
    setFieldErrors(errors);
    if (errors.email || errors.password) {
      const first = errors.email ? 'email' : 'password';
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    login.reset();
    login.mutate(
      { email: values.email.trim(), password: values.password, remember },
      { onSuccess: (stored) => onSuccess?.(stored.user) },
    );
  }

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

          <form noValidate onSubmit={submit} className="mt-6 grid gap-4" aria-busy={submitting || undefined}>
            <TextField
              label={m.emailLabel}
              name="email"
              type="email"
              autoComplete="username"
              inputMode="email"
              placeholder={m.emailPlaceholder}
              value={values.email}
              onChange={(e) => update('email', e.target.value)}
              error={fieldErrors.email}
              disabled={submitting}
            />
            <TextField
              label={m.passwordLabel}
              name="password"
              type="password"
              autoComplete="current-password"
              placeholder={m.passwordPlaceholder}
              value={values.password}
              onChange={(e) => update('password', e.target.value)}
              error={fieldErrors.password}
              disabled={submitting}
            />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Checkbox
                label={m.remember}
                checked={remember}
                onCheckedChange={(checked) => setRemember(checked === true)}
                disabled={submitting}
              />
              {/* Spec: the link does nothing. A real button keeps it focusable without a jump to '#'. */}
              <Button type="button" variant="link" size="sm" className="h-auto px-0">
                {m.forgotPassword}
              </Button>
            </div>
            <Button type="submit" size="lg" className="mt-2 w-full" loading={submitting}>
              {submitting ? m.submitting : m.submit}
            </Button>
          </form>
        </section>
      </div>
    </main>
  );
}
