import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginForm, loginFormSchema } from '@socio/contracts';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** The login form's checked values: the e-mail trimmed. */
export type LoginFormValues = z.output<typeof loginFormSchema>;

/**
 * The contracts' `loginFormSchema` through the zod resolver. login-screen.tsx imports this module on
 * demand, so zod and the schemas stay out of the login page's first download.
 */
export const loginResolver: Resolver<LoginForm, unknown, LoginFormValues> = zodResolver(loginFormSchema);
