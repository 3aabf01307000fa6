/**
 * Wire shapes of /api/users and /api/catalogos/estados, from `@socio/contracts`.
 * The request bodies are narrowed to what this client sends (typed role/status, ids as numbers)
 * and checked below to stay assignable to the contract's request types.
 */
import type {
  EditUserRequest as ContractEditUserRequest,
  NewUserRequest as ContractNewUserRequest,
  Estatus,
  Rol,
} from '@socio/contracts';

export type {
  CheckUsernameResponse as UsernameCheckDTO,
  CompetitivenessRow as CompetitivenessDTO,
  Estado as EstadoDTO,
  Estatus,
  Rol,
  SupervisorOption as SupervisorDTO,
  UsuarioDTO,
} from '@socio/contracts';

export interface NewUserRequest {
  nombres: string;
  apellido_paterno: string;
  apellido_materno: string;
  username: string;
  email: string;
  password: string;
  role: Rol;
  supervisor: number | null;
  estado: number | null;
  status: Estatus;
  avatar: string;
}

export interface EditUserRequest {
  nombres: string;
  apellido_paterno: string;
  apellido_materno: string;
  email: string;
  role: Rol;
  supervisor: number | null;
  status: Estatus;
}

// Compile-time guarantee that the narrowed bodies are valid contract requests.
type Assert<T extends true> = T;
export type _NewUserFits = Assert<NewUserRequest extends ContractNewUserRequest ? true : false>;
export type _EditUserFits = Assert<EditUserRequest extends ContractEditUserRequest ? true : false>;
