import { apiRoutes } from '@socio/contracts';
import type { UsersPort } from '@socio/features/users';
import type { HttpClient } from './client';

const { users } = apiRoutes;

/** UsersPort over the API (`apiRoutes.users`). */
export function createHttpUsersPort(http: HttpClient): UsersPort {
  return {
    allUsers: async (o) => (await http.call(users.all, { signal: o?.signal })).usuarios,
    createUser: (body) => http.call(users.create, { body }),
    editUser: (id, body) => http.call(users.edit, { params: { id }, body }),
    checkUsername: (username, o) =>
      http.call(users.checkUsername, { params: { username }, signal: o?.signal }),
    supervisors: async (o) => (await http.call(users.supervisors, { signal: o?.signal })).supervisors,
    competitiveness: (o) => http.call(users.competitiveness, { signal: o?.signal }),
    completionLast30Days: async (o) =>
      (await http.call(users.completion30d, { signal: o?.signal })).percentage_completion,
  };
}
