import { Button, Modal } from '@socio/ui';
import { useId, useState } from 'react';
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
 * Escape or 'Cancelar' discards everything typed (spec §2). It cannot close while sending. The
 * buttons sit in the modal's footer, always visible while the form scrolls; 'Crear usuario' submits
 * the form through `form={formId}` (Enter in a field submits too).
 */
export function AddUserModal({ open, onOpenChange, photoUpload }: AddUserModalProps) {
  const saving = useIsSaving('create');
  const formId = useId();
  const [usernameTaken, setUsernameTaken] = useState(false);
  const close = () => onOpenChange(false);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={m.addTitle}
      description={m.addDescription}
      size="lg"
      busy={saving}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={saving}>
            {m.cancel}
          </Button>
          <Button type="submit" form={formId} loading={saving} disabled={usernameTaken}>
            {saving ? m.creating : m.create}
          </Button>
        </>
      }
    >
      {open ? (
        <AddUserForm
          id={formId}
          onCreated={close}
          onUsernameTakenChange={setUsernameTaken}
          photoUpload={photoUpload}
        />
      ) : null}
    </Modal>
  );
}

export interface EditUserModalProps {
  /** The user being edited; null keeps the modal closed. */
  user: UserRow | null;
  onClose: () => void;
}

/** 'Editar usuario' for one row; 'Cancelar' and 'Guardar cambios' sit in the modal's footer. */
export function EditUserModal({ user, onClose }: EditUserModalProps) {
  const saving = useIsSaving('edit');
  const formId = useId();
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
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            {m.cancel}
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {saving ? m.saving : m.save}
          </Button>
        </>
      }
    >
      {user ? <EditUserForm key={user.idUsuario} id={formId} user={user} onSaved={onClose} /> : null}
    </Modal>
  );
}
