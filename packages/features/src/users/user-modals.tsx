import { Modal } from '@socio/ui';
import { AddUserForm } from './add-user-form';
import { EditUserForm } from './edit-user-form';
import { usersMessages as m } from './messages.es';
import { useIsSaving } from './use-users';
import type { UserRow } from './users.model';

export interface AddUserModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** See AddUserForm: the photo picker is disabled in the product. */
  photoUpload?: boolean;
}

/**
 * 'Añadir Nuevo Usuario'. The form lives inside the dialog content, so closing it by X, backdrop,
 * Escape or 'Cancelar' discards everything typed (spec §2). It cannot close while sending.
 */
export function AddUserModal({ open, onOpenChange, photoUpload }: AddUserModalProps) {
  const saving = useIsSaving('create');
  const close = () => onOpenChange(false);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={m.addTitle}
      description={m.addDescription}
      size="lg"
      busy={saving}
    >
      {open ? <AddUserForm onCreated={close} onCancel={close} photoUpload={photoUpload} /> : null}
    </Modal>
  );
}

export interface EditUserModalProps {
  /** The user being edited; null keeps the modal closed. */
  user: UserRow | null;
  onClose: () => void;
}

/** 'Editar usuario' for one row. */
export function EditUserModal({ user, onClose }: EditUserModalProps) {
  const saving = useIsSaving('edit');
  return (
    <Modal
      open={user !== null}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={m.editTitle}
      description={user ? m.editDescription(user.id) : undefined}
      size="lg"
      busy={saving}
    >
      {user ? <EditUserForm key={user.idUsuario} user={user} onSaved={onClose} onCancel={onClose} /> : null}
    </Modal>
  );
}
