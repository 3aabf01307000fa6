import { Banner, Button, Modal, TextField } from '@socio/ui';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { type ChangePasswordValues, changePasswordErrorMessage, validateChangePassword } from './auth-errors';
import { authMessages } from './messages.es';
import { useSession } from './session-provider';
import { useChangePassword } from './use-auth';

/** Spec §4/§9: the dialog closes itself 2 seconds after success. */
export const CHANGE_PASSWORD_AUTO_CLOSE_MS = 2000;

export interface ChangePasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Milliseconds before closing after success (stories may shorten it). */
  autoCloseMs?: number;
}

type Feedback = { kind: 'error' | 'success'; text: string } | null;

const EMPTY: ChangePasswordValues = { current: '', next: '', confirm: '' };

/** 'Cambiar contraseña': current, new and confirmation; spec §5 rules, §8 messages. */
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
}: ChangePasswordDialogProps) {
  const m = authMessages.changePassword;
  const { token } = useSession();
  const mutation = useChangePassword();
  const [values, setValues] = useState<ChangePasswordValues>(EMPTY);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const formId = useId();
  const submitting = mutation.isPending;
  const done = feedback?.kind === 'success';

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => onOpenChange(false), autoCloseMs);
    return () => clearTimeout(timer);
  }, [done, autoCloseMs, onOpenChange]);

  function update(field: keyof ChangePasswordValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || done) return;
    const problem = validateChangePassword(values, token !== null);
    if (problem) {
      setFeedback({ kind: 'error', text: problem });
      return;
    }
    setFeedback(null);
    mutation.mutate(
      { current_password: values.current, new_password: values.next },
      {
        onSuccess: () => setFeedback({ kind: 'success', text: m.success }),
        onError: (error) => setFeedback({ kind: 'error', text: changePasswordErrorMessage(error) }),
      },
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={m.title}
      description={m.description}
      size="sm"
      busy={submitting}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={submitting}>
            {m.cancel}
          </Button>
          <Button type="submit" form={formId} loading={submitting} disabled={done}>
            {submitting ? m.submitting : m.submit}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="grid gap-4">
        {feedback ? (
          <Banner tone={feedback.kind === 'success' ? 'success' : 'error'}>{feedback.text}</Banner>
        ) : null}
        <TextField
          label={m.current}
          name="current_password"
          type="password"
          autoComplete="current-password"
          value={values.current}
          onChange={(e) => update('current', e.target.value)}
          disabled={submitting || done}
        />
        <TextField
          label={m.next}
          name="new_password"
          type="password"
          autoComplete="new-password"
          hint={m.nextHint}
          value={values.next}
          onChange={(e) => update('next', e.target.value)}
          disabled={submitting || done}
        />
        <TextField
          label={m.confirm}
          name="confirm_password"
          type="password"
          autoComplete="new-password"
          value={values.confirm}
          onChange={(e) => update('confirm', e.target.value)}
          disabled={submitting || done}
        />
      </form>
    </Modal>
  );
}
