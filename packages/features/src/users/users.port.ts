/**
 * What the users feature needs from the outside world. The app injects an HTTP adapter;
 * stories and tests inject `createFakeUsersPort` / `stubUsersPort`.
 *
 * The shapes are the wire shapes of /api/users and /api/catalogos (see `@socio/contracts`).
 */
import type {
  CompetitivenessDTO,
  EditUserRequest,
  NewUserRequest,
  SupervisorDTO,
  UsernameCheckDTO,
  UsuarioDTO,
} from './users.wire';

export interface CallOptions {
  signal?: AbortSignal;
}

/** Answer of `POST /users/new_user` and `PUT /users/edit_user/{id}`; `usuario` may be missing on a broken server. */
export interface UserMutationResult {
  usuario?: UsuarioDTO | null;
}

export interface UsersPort {
  /** `GET /users/all_users` → the `usuarios` list. */
  allUsers(o?: CallOptions): Promise<UsuarioDTO[]>;
  /** `POST /users/new_user`. */
  createUser(body: NewUserRequest): Promise<UserMutationResult>;
  /** `PUT /users/edit_user/{id}` where `id` is the `id_usuario`. */
  editUser(id: number, body: EditUserRequest): Promise<UserMutationResult>;
  /** `GET /users/check_username/{username}`. */
  checkUsername(username: string, o?: CallOptions): Promise<UsernameCheckDTO>;
  /** `GET /users/supervisors_list` → the active supervisors. */
  supervisors(o?: CallOptions): Promise<SupervisorDTO[]>;
  /** `GET /users/competitiviness_stats` → one row per active visitor. */
  competitiveness(o?: CallOptions): Promise<CompetitivenessDTO[]>;
  /** `GET /users/percentage_completion_last_30_days` → the percentage (0–100). */
  completionLast30Days(o?: CallOptions): Promise<number>;
}
