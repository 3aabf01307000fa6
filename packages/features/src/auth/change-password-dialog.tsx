import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePasswordForm, changePasswordFormSchema } from '@socio/contracts';
import {
  Banner,
  Modal,
  ModalBody,
  ModalContent,
  ModalDescription,
  ModalFormActions,
  ModalHeader,
  ModalTitle,
  TextField,
} from '@socio/ui';
import { type RefObject, useEffect, useId, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { changePasswordErrorMessage } from './auth-errors';
import { authMessages } from './messages.es';
import { useSession } from './session-provider';
import { useChangePassword } from './use-auth';

/** After a successful change the dialog closes itself after 2 seconds. */
export const CHANGE_PASSWORD_AUTO_CLOSE_MS = 2000;

export interface ChangePasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Milliseconds before closing after success (stories may shorten it). */
  autoCloseMs?: number;
  /** Where the focus goes on close when the element that opened the dialog is gone (a menu entry). */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

type Feedback = { kind: 'error' | 'success'; text: string } | null;

const EMPTY: ChangePasswordForm = { current_password: '', new_password: '', confirm_password: '' };

/** The one message of a failed check: the form's schema reports the first broken rule only. */
function firstMessage(errors: FieldErrors<ChangePasswordForm>): string {
  const found = Object.values(errors).find((error) => typeof error?.message === 'string');
  return String(found?.message ?? '');
}

/**
 * 'Cambiar contraseña': current, new and confirmation. The contracts' `changePasswordFormSchema`
 * checks them in order (all filled, new ≥ 8, confirmation matches, new ≠ current) and the first
 * broken rule shows in a banner; the server's answer shows there too.
 */
export function ChangePasswordDialog(props: ChangePasswordDialogProps) {
  // A fresh form every time the dialog opens.
  const [generation, setGeneration] = useState(0);
  const [wasOpen, setWasOpen] = useState(props.open);
  if (props.open !== wasOpen) {
    setWasOpen(props.open);
    if (props.open) setGeneration((g) => g + 1);
  }
  return <ChangePasswordModal key={generation} {...props} />;
}

function ChangePasswordModal({
  open,
  onOpenChange,
  autoCloseMs = CHANGE_PASSWORD_AUTO_CLOSE_MS,
  returnFocusRef,
}: ChangePasswordDialogProps) {
  const m = authMessages.changePassword;
  const { token } = useSession();
  const mutation = useChangePassword();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const formId = useId();
  const submitting = mutation.isPending;
  const done = feedback?.kind === 'success';
  const { register, handleSubmit } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
    reValidateMode: 'onSubmit',
    // The message is one banner above the fields, not a field's own error.
    shouldFocusError: false,
  });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => onOpenChange(false), autoCloseMs);
    return () => clearTimeout(timer);
  }, [done, autoCloseMs, onOpenChange]);

  const submit = handleSubmit(
    ({ current_password, new_password }) => {
      if (submitting || done) return;
      if (token === null) {
        setFeedback({ kind: 'error', text: m.notAuthenticated });
        return;
      }
      setFeedback(null);
      mutation.mutate(
        { current_password, new_password },
        {
          onSuccess: () => setFeedback({ kind: 'success', text: m.success }),
          onError: (error) => setFeedback({ kind: 'error', text: changePasswordErrorMessage(error) }),
        },
      );
    },
    (errors) => setFeedback({ kind: 'error', text: firstMessage(errors) }),
  );

  const locked = submitting || done;
  return (
    <Modal open={open} onOpenChange={onOpenChange}>
      <ModalContent size="sm" busy={submitting} returnFocusRef={returnFocusRef}>
        <ModalHeader>
          <ModalTitle>{m.title}</ModalTitle>
          <ModalDescription>{m.description}</ModalDescription>
        </ModalHeader>
        <ModalBody>
          <form id={formId} noValidate onSubmit={submit} className="grid gap-4">
            {feedback ? (
              <Banner tone={feedback.kind === 'success' ? 'success' : 'error'}>{feedback.text}</Banner>
            ) : null}
            <TextField
              label={m.current}
              type="password"
              autoComplete="current-password"
              {...register('current_password')}
              disabled={locked}
            />
            <TextField
              label={m.next}
              type="password"
              autoComplete="new-password"
              hint={m.nextHint}
              {...register('new_password')}
              disabled={locked}
            />
            <TextField
              label={m.confirm}
              type="password"
              autoComplete="new-password"
              {...register('confirm_password')}
              disabled={locked}
            />
          </form>
        </ModalBody>
        <ModalFormActions
          formId={formId}
          submitLabel={m.submit}
          pendingLabel={m.submitting}
          pending={submitting}
          submitDisabled={done}
          cancelLabel={m.cancel}
        />
      </ModalContent>
    </Modal>
  );
}
