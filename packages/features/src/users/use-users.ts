/** TanStack Query hooks of the users feature; all data comes from the injected `users` port. */

import { normalizeUsername, USERNAME_MIN_LENGTH, USERNAME_PATTERN } from '@socio/contracts';
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePort } from '../ports';
import { useDebouncedValue } from '../use-debounced-value';
import { toCompetitivenessRow, toUserRow, USERNAME_DEBOUNCE_MS } from './users.model';
import type { EditUserRequest, NewUserRequest } from './users.wire';

export const usersKeys = {
  all: ['users'] as const,
  list: ['users', 'list'] as const,
  supervisors: ['users', 'supervisors'] as const,
  competitiveness: ['users', 'competitiveness'] as const,
  completion30d: ['users', 'completion-30d'] as const,
  checkUsername: (username: string) => ['users', 'check-username', username] as const,
  create: ['users', 'create'] as const,
  edit: ['users', 'edit'] as const,
};

export function useUsersList() {
  const port = usePort('users');
  return useQuery({
    queryKey: usersKeys.list,
    queryFn: async ({ signal }) => (await port.allUsers({ signal })).map(toUserRow),
  });
}

export function useSupervisors(enabled = true) {
  const port = usePort('users');
  return useQuery({
    queryKey: usersKeys.supervisors,
    queryFn: ({ signal }) => port.supervisors({ signal }),
    enabled,
  });
}

export function useCompetitiveness(notAvailable: string) {
  const port = usePort('users');
  return useQuery({
    queryKey: usersKeys.competitiveness,
    queryFn: async ({ signal }) => {
      try {
        return await port.competitiveness({ signal });
      } catch (error) {
        // A failed visitor-stats load is only logged here; the table shows its own error state.
        console.error('Error al cargar las estadísticas de los visitadores', error);
        throw error;
      }
    },
    select: (rows) => rows.map((row) => toCompetitivenessRow(row, notAvailable)),
  });
}

export function useCompletion30d() {
  const port = usePort('users');
  return useQuery({
    queryKey: usersKeys.completion30d,
    queryFn: async ({ signal }) => {
      try {
        return await port.completionLast30Days({ signal });
      } catch (error) {
        // Only logged: the figure is simply left out.
        console.error('Error al cargar el porcentaje de completado', error);
        throw error;
      }
    },
  });
}

/** After a create or edit: the list, the supervisors and the visitor stats may have changed. */
function useInvalidateUsers() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: usersKeys.list }),
      client.invalidateQueries({ queryKey: usersKeys.supervisors }),
      client.invalidateQueries({ queryKey: usersKeys.competitiveness }),
      client.invalidateQueries({ queryKey: usersKeys.completion30d }),
    ]);
}

export function useCreateUser() {
  const port = usePort('users');
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationKey: usersKeys.create,
    mutationFn: (body: NewUserRequest) => port.createUser(body),
    onSettled: invalidate,
  });
}

export function useEditUser() {
  const port = usePort('users');
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationKey: usersKeys.edit,
    mutationFn: ({ id, body }: { id: number; body: EditUserRequest }) => port.editUser(id, body),
    onSuccess: invalidate,
  });
}

export type UsernameAvailability = 'idle' | 'checking' | 'available' | 'unavailable' | 'error';

/**
 * States: idle, checking, available, unavailable, error. The check runs 500 ms after typing stops,
 * once the (normalised, well-formed) username has 3 or more characters. While the pause is running
 * the state is already 'checking': the name is not verified yet.
 */
export function useUsernameAvailability(raw: string, delay = USERNAME_DEBOUNCE_MS): UsernameAvailability {
  const port = usePort('users');
  const username = normalizeUsername(raw);
  const checkable = username.length >= USERNAME_MIN_LENGTH && USERNAME_PATTERN.test(username);
  const debounced = useDebouncedValue(username, delay);
  const settled = debounced === username;
  const query = useQuery({
    queryKey: usersKeys.checkUsername(debounced),
    queryFn: ({ signal }) => port.checkUsername(debounced, { signal }),
    enabled: checkable && settled,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  if (!checkable) return 'idle';
  if (!settled || query.isPending || query.isFetching) return 'checking';
  if (query.isError) return 'error';
  return query.data.available ? 'available' : 'unavailable';
}

/** True while a create (or edit) is being sent: the modal then cannot be closed. */
export function useIsSaving(kind: 'create' | 'edit'): boolean {
  return useIsMutating({ mutationKey: usersKeys[kind] }) > 0;
}
