import {
  Modal,
  ModalBody,
  ModalContent,
  ModalDescription,
  ModalFormActions,
  ModalHeader,
  ModalTitle,
} from '@socio/ui';
import { type RefObject, useId, useState } from 'react';
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
  /** The button that opened the modal: the focus returns to it on close. */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * 'Añadir Nuevo Usuario'. The form lives inside the dialog content, so closing it by X, backdrop,
 * Escape or 'Cancelar' discards everything typed. It cannot close while sending. The buttons sit
 * in the modal's footer, always visible while the form scrolls; 'Crear usuario' submits the form
 * through its id (Enter in a field submits too).
 */
export function AddUserModal({ open, onOpenChange, photoUpload, returnFocusRef }: AddUserModalProps) {
  const saving = useIsSaving('create');
  const formId = useId();
  const [usernameTaken, setUsernameTaken] = useState(false);
  return (
    <Modal open={open} onOpenChange={onOpenChange}>
      <ModalContent size="lg" busy={saving} returnFocusRef={returnFocusRef}>
        <ModalHeader>
          <ModalTitle>{m.addTitle}</ModalTitle>
          <ModalDescription>{m.addDescription}</ModalDescription>
        </ModalHeader>
        <ModalBody>
          <AddUserForm
            id={formId}
            onCreated={() => onOpenChange(false)}
            onUsernameTakenChange={setUsernameTaken}
            photoUpload={photoUpload}
          />
        </ModalBody>
        <ModalFormActions
          formId={formId}
          cancelLabel={m.cancel}
          submitLabel={m.create}
          pendingLabel={m.creating}
          pending={saving}
          submitDisabled={usernameTaken}
        />
      </ModalContent>
    </Modal>
  );
}

export interface EditUserModalProps {
  /** The user being edited; null keeps the modal closed. */
  user: UserRow | null;
  onClose: () => void;
  /** The button that opened the modal (the row's 'Editar'): the focus returns to it on close. */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/** 'Editar usuario' for one row; 'Cancelar' and 'Guardar cambios' sit in the modal's footer. */
export function EditUserModal({ user, onClose, returnFocusRef }: EditUserModalProps) {
  const saving = useIsSaving('edit');
  const formId = useId();
  return (
    <Modal
      open={user !== null}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <ModalContent size="lg" busy={saving} returnFocusRef={returnFocusRef}>
        <ModalHeader>
          <ModalTitle>{m.editTitle}</ModalTitle>
          {user ? <ModalDescription>{m.editDescription(user.id)}</ModalDescription> : null}
        </ModalHeader>
        <ModalBody>
          {user ? <EditUserForm key={user.idUsuario} id={formId} user={user} onSaved={onClose} /> : null}
        </ModalBody>
        <ModalFormActions
          formId={formId}
          cancelLabel={m.cancel}
          submitLabel={m.save}
          pendingLabel={m.saving}
          pending={saving}
        />
      </ModalContent>
    </Modal>
  );
}
