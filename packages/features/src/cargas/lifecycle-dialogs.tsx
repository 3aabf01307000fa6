import type { Assignment } from '@socio/contracts';
import {
  Banner,
  Button,
  Modal,
  ModalBody,
  ModalClose,
  ModalContent,
  ModalDescription,
  ModalFooter,
  ModalHeader,
  ModalTitle,
  NativeSelect,
  Spinner,
} from '@socio/ui';
import { type RefObject, useState } from 'react';
import { isApiError } from '../errors';
import { cargasMessages as m } from './messages.es';
import { useActiveVisitors } from './use-cargas';

export interface CancelAssignmentDialogProps {
  /** The assignment to cancel; null keeps the dialog closed. */
  assignment: Assignment | null;
  /** True while the cancellation is being sent. */
  busy: boolean;
  onConfirm: (assignment: Assignment) => void;
  onClose: () => void;
  /** Where the focus goes on close (the row's menu button). */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/** Confirmation before cancelling (a cancelled assignment cannot come back). */
export function CancelAssignmentDialog({
  assignment,
  busy,
  onConfirm,
  onClose,
  returnFocusRef,
}: CancelAssignmentDialogProps) {
  return (
    <Modal open={assignment !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <ModalContent size="sm" busy={busy} returnFocusRef={returnFocusRef}>
        <ModalHeader>
          <ModalTitle>{m.cancelTitle}</ModalTitle>
          {assignment ? (
            <ModalDescription>
              {m.cancelDescription(assignment.id_asignacion, assignment.folio)}
            </ModalDescription>
          ) : null}
        </ModalHeader>
        <ModalFooter>
          <ModalClose asChild>
            <Button variant="outline" disabled={busy}>
              {m.cancelBack}
            </Button>
          </ModalClose>
          <Button
            variant="destructive"
            loading={busy}
            onClick={() => (assignment ? onConfirm(assignment) : undefined)}
          >
            {busy ? m.cancelling : m.cancelConfirm}
          </Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  );
}

export interface ReassignDialogProps {
  /** The open assignment to reassign; null keeps the dialog closed. */
  assignment: Assignment | null;
  busy: boolean;
  /** The server's answer to the last attempt, shown in the dialog. */
  error: unknown;
  onConfirm: (assignment: Assignment, visitorId: number) => void;
  onClose: () => void;
  /** Where the focus goes on close (the row's menu button). */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/** Reassign an open assignment to another active visitor of the same state. */
export function ReassignDialog({
  assignment,
  busy,
  error,
  onConfirm,
  onClose,
  returnFocusRef,
}: ReassignDialogProps) {
  const visitors = useActiveVisitors(assignment !== null);
  const [choice, setChoice] = useState('');
  const candidates = (visitors.data ?? []).filter(
    (v) => assignment && v.region === assignment.estado && v.id_usuario !== assignment.id_usuario,
  );
  const estado = assignment?.estado ?? m.noState;
  const close = () => {
    setChoice('');
    onClose();
  };
  const errorText = error
    ? isApiError(error) && error.detailText
      ? error.detailText
      : m.reassignError
    : null;

  return (
    <Modal open={assignment !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <ModalContent busy={busy} returnFocusRef={returnFocusRef}>
        <ModalHeader>
          <ModalTitle>{m.reassignTitle}</ModalTitle>
          {assignment ? (
            <ModalDescription>
              {m.reassignDescription(assignment.id_asignacion, assignment.folio, estado)}
            </ModalDescription>
          ) : null}
        </ModalHeader>
        <ModalBody className="grid gap-3">
          {errorText ? <Banner tone="error" message={errorText} /> : null}
          {visitors.isPending ? (
            <Spinner label={m.loadingVisitors} />
          ) : candidates.length === 0 ? (
            <p className="text-ink-muted text-sm">{m.reassignNone(estado)}</p>
          ) : (
            <NativeSelect
              label={m.reassignVisitor}
              placeholder={m.reassignPlaceholder}
              value={choice}
              onChange={(event) => setChoice(event.target.value)}
              options={candidates.map((v) => ({
                value: String(v.id_usuario),
                label: m.visitorOption(v.name, v.id_usuario, v.region),
              }))}
            />
          )}
        </ModalBody>
        <ModalFooter>
          <ModalClose asChild>
            <Button variant="outline" disabled={busy}>
              {m.cancel}
            </Button>
          </ModalClose>
          <Button
            loading={busy}
            disabled={!choice}
            onClick={() => (assignment && choice ? onConfirm(assignment, Number(choice)) : undefined)}
          >
            {busy ? m.reassigning : m.reassignConfirm}
          </Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  );
}
