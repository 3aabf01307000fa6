export { CompetitivenessTable } from './competitiveness-table';
export { usersMessages } from './messages.es';
export { type UsernameAvailability, usersKeys, useUsernameAvailability } from './use-users';
export { createUserErrorMessage, editUserErrorMessage } from './user-errors';
export {
  type AddUserInput,
  type AddUserValues,
  addUserSchema,
  type EditUserInput,
  type EditUserValues,
  editDefaults,
  editUserSchema,
  emptyAddUser,
  toEditUserRequest,
  toNewUserRequest,
} from './user-forms';
export { AddUserModal, type AddUserModalProps, EditUserModal, type EditUserModalProps } from './user-modals';
export * from './users.model';
export type { CallOptions, UserMutationResult, UsersPort } from './users.port';
export type {
  CompetitivenessDTO,
  EditUserRequest,
  EstadoDTO,
  NewUserRequest,
  SupervisorDTO,
  UsernameCheckDTO,
  UsuarioDTO,
} from './users.wire';
export { UsersScreen, type UsersScreenProps } from './users-screen';
