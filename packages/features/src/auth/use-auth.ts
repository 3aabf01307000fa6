import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { usePort } from '../ports';
import type { ChangePasswordInput, LoginInput } from './auth.port';
import { useSession } from './session-provider';

export const authKeys = {
  me: (token: string | null) => ['auth', 'me', token] as const,
};

/** Signs in and stores the session ('Recordarme' decides where). */
export function useLogin() {
  const auth = usePort('auth');
  const session = useSession();
  return useMutation({
    mutationFn: async ({ remember, ...input }: LoginInput & { remember: boolean }) => {
      const { token, ...user } = await auth.login(input);
      return { token, user, remember };
    },
    onSuccess: (stored) => session.signIn(stored),
  });
}

export function useChangePassword() {
  const auth = usePort('auth');
  return useMutation({ mutationFn: (input: ChangePasswordInput) => auth.changePassword(input) });
}

/**
 * Validates a stored session in the background with `me()` and refreshes the user's data.
 * A 401 ends the session through the app's HTTP adapter (it calls `expire()`).
 */
export function useSessionRefresh() {
  const auth = usePort('auth');
  const { token, user, updateUser } = useSession();
  const query = useQuery({
    queryKey: authKeys.me(token),
    queryFn: ({ signal }) => auth.me({ signal }),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
  const fresh = query.data;
  useEffect(() => {
    if (!fresh || !user) return;
    const changed = (Object.keys(fresh) as (keyof typeof fresh)[]).some((key) => fresh[key] !== user[key]);
    if (changed) updateUser(fresh);
  }, [fresh, user, updateUser]);
  return query;
}
