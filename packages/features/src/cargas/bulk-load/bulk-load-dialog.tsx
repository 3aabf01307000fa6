import type { LoadType } from '@socio/contracts';
import {
  Banner,
  Button,
  ConfirmDialog,
  Modal,
  ModalBody,
  ModalContent,
  ModalDescription,
  ModalFooter,
  ModalHeader,
  ModalTitle,
  Wizard,
  type WizardStep,
} from '@socio/ui';
import { FileSpreadsheet } from 'lucide-react';
import { type RefObject, useMemo, useState } from 'react';
import { TextSet } from '../../text-keys';
import { useActiveVisitors } from '../use-cargas';
import { AddFolioDialog } from './add-folio-dialog';
import { canConfirm, canContinue, hasUnsavedRows, isBusy, stepOf } from './bulk-load.reducer';
import { bulkLoadMessages as m } from './messages.es';
import { ResultsStep } from './results-step';
import { SavedStep } from './saved-step';
import { UploadStep } from './upload-step';
import { useBulkLoad } from './use-bulk-load';
import { ValidationStep } from './validation-step';

export interface BulkLoadDialogProps {
  /**
   * Whether the dialog is shown. Closing resets the wizard to step 1; once rows were read it asks first
   * ('¿Descartar la carga?').
   */
  open: boolean;
  /** The load type of the file (shown in the title and sent with the rows). */
  loadType: LoadType;
  /** Asked to open or close; never asked to close while reading, processing or saving. */
  onOpenChange(open: boolean): void;
  /**
   * The carga was saved: reload the list. Without refused rows the success toast is shown and the dialog
   * asks to close; with refused rows it stays open on the result until the user closes it.
   */
  onSaved(): void;
  /** Where focus goes on close: the dialog opens from a menu entry that is gone by then. */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

const STEPS: readonly WizardStep[] = [
  { id: 'upload', title: m.steps.upload },
  { id: 'validation', title: m.steps.validation },
  { id: 'results', title: m.steps.results },
];

/**
 * Escape in a control that handles it itself (a native select: the visitor dropdown cancels its edit, the
 * by-state assignment's selects, `m.assignTitle`, keep their choice) closes that control only, not the wizard.
 */
function escapeHandledInside(event: KeyboardEvent): boolean {
  return event.target instanceof HTMLSelectElement;
}

/**
 * The bulk-load wizard 'Nueva Carga': 1 upload a spreadsheet, 2 review valid and invalid rows,
 * 3 review the processed folios and their visitors, then save. Reads the `spreadsheet` and `cargas` ports.
 * Its state lives only while open, so closing always starts over at step 1.
 */
export function BulkLoadDialog(props: BulkLoadDialogProps) {
  return props.open ? <BulkLoadSession {...props} /> : null;
}

function BulkLoadSession({ loadType, onOpenChange, onSaved, returnFocusRef }: BulkLoadDialogProps) {
  const wizard = useBulkLoad({ loadType, onSaved, onDone: () => onOpenChange(false) });
  const { state, dispatch } = wizard;
  const step = stepOf(state.phase);
  const busy = isBusy(state.phase);
  const visitors = useActiveVisitors(step === 3);
  const [addingFolio, setAddingFolio] = useState(false);
  const existingFolios = useMemo(() => {
    // A `TextSet`: a Set of a million folios made V8 internalize every one of them (text-keys.ts). Filled from
    // the rows themselves, not from an array of their folios made first.
    const folios = new TextSet();
    if (addingFolio) for (const row of state.processed) folios.add(row.id_folio);
    return folios;
  }, [addingFolio, state.processed]);

  const [askingDiscard, setAskingDiscard] = useState(false);

  const discard = () => {
    wizard.reset();
    onOpenChange(false);
  };
  /** Esc, the X, a click outside and Cancelar: with rows read (and not saved) it asks first. */
  const close = () => {
    if (busy) return;
    if (hasUnsavedRows(state)) setAskingDiscard(true);
    else discard();
  };

  let primary = null;
  if (step === 2) {
    primary = (
      <Button
        onClick={() => void wizard.process()}
        disabled={!canContinue(state)}
        loading={state.phase === 'processing'}
      >
        {m.acceptAndContinue}
      </Button>
    );
  } else if (state.phase === 'saved') {
    primary = <Button onClick={discard}>{m.close}</Button>;
  } else if (step === 3) {
    const saving = state.phase === 'saving';
    // Disabled while saving; while folios lack a visitor it only looks disabled, so that pressing it
    // says why ('Error: Todas las filas deben tener un visitador asignado…').
    const blocked = !saving && !canConfirm(state);
    primary = (
      <Button
        onClick={() => void wizard.confirm()}
        aria-disabled={blocked || undefined}
        data-blocked={blocked || undefined}
        className={blocked ? 'cursor-not-allowed opacity-60' : undefined}
        disabled={saving}
        loading={saving}
      >
        {saving ? m.saving : m.confirm}
      </Button>
    );
  }

  return (
    <>
      <Modal
        open
        onOpenChange={(next) => {
          if (!next) close();
        }}
      >
        <ModalContent
          size="full"
          busy={busy}
          returnFocusRef={returnFocusRef}
          data-slot="bulk-load-dialog"
          onEscapeKeyDown={(event) => {
            if (escapeHandledInside(event)) event.preventDefault();
          }}
        >
          <ModalHeader>
            <ModalTitle>{m.titleWithType(loadType)}</ModalTitle>
            <ModalDescription>{m.description}</ModalDescription>
          </ModalHeader>
          <ModalBody className="flex flex-col gap-4">
            {state.error ? (
              <Banner
                tone="error"
                message={state.error}
                onDismiss={() => dispatch({ type: 'dismissError' })}
              />
            ) : null}
            <Wizard steps={STEPS} currentStep={step} stepsLabel={m.stepsLabel}>
              {step === 1 ? (
                <UploadStep
                  state={state}
                  onFile={(file) => void wizard.selectFile(file)}
                  onReject={(message) => dispatch({ type: 'readFailed', message })}
                  onCancelRead={wizard.cancelRead}
                />
              ) : step === 2 ? (
                <ValidationStep
                  state={state}
                  onDownloadInvalid={wizard.downloadInvalid}
                  onSelectSheet={(sheet) => void wizard.selectSheet(sheet)}
                />
              ) : state.phase === 'saved' && state.saved ? (
                <SavedStep
                  result={state.saved}
                  headers={state.headers}
                  onDownloadFailed={wizard.downloadFailed}
                />
              ) : (
                <ResultsStep
                  state={state}
                  dispatch={dispatch}
                  visitors={visitors.data ?? []}
                  onDownloadInvalid={wizard.downloadInvalid}
                  onAddFolio={() => setAddingFolio(true)}
                />
              )}
            </Wizard>
          </ModalBody>
          <ModalFooter className="justify-between">
            <p data-slot="bulk-load-file" className="flex min-w-0 items-center gap-2 text-ink-muted text-sm">
              <FileSpreadsheet aria-hidden="true" className="size-4 shrink-0" />
              <span className="sr-only">{m.fileLabel} </span>
              <span className="truncate">{state.fileName ?? m.noFile}</span>
            </p>
            <div className="flex flex-wrap items-center gap-2">
              {state.phase === 'saved' ? null : (
                <Button variant="outline" onClick={close} disabled={busy}>
                  {m.cancel}
                </Button>
              )}
              {primary}
            </div>
          </ModalFooter>
        </ModalContent>
      </Modal>
      <ConfirmDialog
        open={askingDiscard}
        onOpenChange={setAskingDiscard}
        title={m.discardTitle}
        description={m.discardMessage(state.rowCount)}
        confirmLabel={m.discard}
        cancelLabel={m.keepEditing}
        tone="danger"
        onConfirm={discard}
      />
      {step === 3 ? (
        <AddFolioDialog
          open={addingFolio}
          existingFolios={existingFolios}
          onClose={() => setAddingFolio(false)}
          onSubmit={(row) => {
            dispatch({ type: 'folioAdded', row });
            setAddingFolio(false);
          }}
        />
      ) : null}
    </>
  );
}
