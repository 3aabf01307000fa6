import type {
  AllUsersResponse,
  CompetitivenessStatsResponse,
  EstadosResponse,
  PercentageCompletionResponse,
  SupervisorsListResponse,
} from '@socio/contracts';
import type { UserMutationResult, UsersPort } from '@socio/features/users';
import type { HttpClient } from './client';

/** UsersPort over the API (`/users/*` and `/catalogos/estados`). */
export function createHttpUsersPort(http: HttpClient): UsersPort {
  return {
    async allUsers(o) {
      const body = await http.get<AllUsersResponse>('/users/all_users', { signal: o?.signal });
      return body.usuarios;
    },
    createUser: (body) => http.post<UserMutationResult>('/users/new_user', body),
    editUser: (id, body) =>
      http.put<UserMutationResult>(`/users/edit_user/${encodeURIComponent(String(id))}`, body),
    checkUsername: (username, o) =>
      http.get(`/users/check_username/${encodeURIComponent(username)}`, { signal: o?.signal }),
    async supervisors(o) {
      const body = await http.get<SupervisorsListResponse>('/users/supervisors_list', { signal: o?.signal });
      return body.supervisors;
    },
    estados: (o) => http.get<EstadosResponse>('/catalogos/estados', { signal: o?.signal }),
    competitiveness: (o) =>
      http.get<CompetitivenessStatsResponse>('/users/competitiviness_stats', { signal: o?.signal }),
    async completionLast30Days(o) {
      const body = await http.get<PercentageCompletionResponse>('/users/percentage_completion_last_30_days', {
        signal: o?.signal,
      });
      return body.percentage_completion;
    },
  };
}
