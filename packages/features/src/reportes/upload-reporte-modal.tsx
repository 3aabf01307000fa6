import { zodResolver } from '@hookform/resolvers/zod';
import { type Cliente, MAX_REPORT_PDF_BYTES, type ReportItem } from '@socio/contracts';
import {
  Banner,
  Button,
  FileDropzone,
  Modal,
  ModalBody,
  ModalContent,
  ModalDescription,
  ModalFormActions,
  ModalHeader,
  ModalTitle,
  NativeSelect,
  Progress,
  TextField,
  toast,
} from '@socio/ui';
import { FileText, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError, errorDetail } from '../errors';
import { reportesMessages as m } from './messages.es';
import { formatBytes } from './reportes.model';
import { useCreateReporte } from './use-reportes';

const PDF_ACCEPT = { 'application/pdf': ['.pdf'] };
const MAX_MB = MAX_REPORT_PDF_BYTES / (1024 * 1024);

export const uploadReporteSchema = z.object({
  folio: z.string().trim().min(1, m.required).max(100, m.tooLong(100)),
  cliente: z.string().min(1, m.required),
  notas: z.string().trim().max(2000, m.tooLong(2000)),
  file: z.custom<File>((value) => value instanceof Blob, { message: m.pdfRequired }),
});
export type UploadReporteInput = z.input<typeof uploadReporteSchema>;
export type UploadReporteValues = z.output<typeof uploadReporteSchema>;

const FIELD_NAMES = ['folio', 'cliente', 'notas', 'file'] as const;
type FieldName = (typeof FIELD_NAMES)[number];

/** The field a 422 issue points at (`loc: ['body', 'folio']`), if it is one of the form's. */
function fieldOf(loc: readonly (string | number)[]): FieldName | undefined {
  const last = loc[loc.length - 1];
  return FIELD_NAMES.find((name) => name === last);
}

export interface UploadReporteModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The client catalogue. */
  clientes: readonly Cliente[];
  /** Id of the client preselected (the one on screen). */
  defaultCliente?: string;
  /** Called with the stored report and the id of its client. */
  onUploaded: (reporte: ReportItem, clienteId: string) => void;
}

/**
 * 'Subir reporte': folio, client, notes and the PDF (drag and drop or picker; PDF only, the size
 * limit shown), upload progress while sending, the server's errors as they come. It cannot be
 * closed while uploading.
 */
export function UploadReporteModal({
  open,
  onOpenChange,
  clientes,
  defaultCliente,
  onUploaded,
}: UploadReporteModalProps) {
  const formId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useCreateReporte(setProgress);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<UploadReporteInput, unknown, UploadReporteValues>({
    resolver: zodResolver(uploadReporteSchema),
    defaultValues: { folio: '', cliente: defaultCliente ?? '', notas: '', file: undefined },
  });
  const { register, control, handleSubmit, formState, reset, setError, setFocus } = form;

  const changeOpen = (next: boolean) => {
    if (!next && upload.isPending) return;
    onOpenChange(next);
  };
  // Every opening starts from a clean form on the client shown on screen.
  const resetUpload = upload.reset;
  useEffect(() => {
    if (!open) return;
    reset({
      folio: '',
      cliente: defaultCliente ?? String(clientes[0]?.id_cliente ?? ''),
      notas: '',
      file: undefined,
    });
    setServerError(null);
    setProgress(null);
    resetUpload();
  }, [open, defaultCliente, clientes, reset, resetUpload]);

  const submit = handleSubmit((values) => {
    setServerError(null);
    setProgress(0);
    upload.mutate(
      {
        input: { folio: values.folio, cliente: values.cliente, notas: values.notas, file: values.file },
        clienteId: values.cliente,
      },
      {
        onSuccess: ({ reporte, clienteId }) => {
          toast.success(m.uploaded);
          onOpenChange(false);
          onUploaded(reporte, clienteId);
        },
        onError: (error) => {
          setProgress(null);
          // A 422 that names fields goes under those fields; anything else is shown as it came.
          if (error instanceof ApiError && Array.isArray(error.detail)) {
            const located = error.detail.filter((issue) => fieldOf(issue.loc));
            for (const issue of located) {
              const name = fieldOf(issue.loc);
              if (name) setError(name, { type: 'server', message: issue.msg });
            }
            const first = located[0] ? fieldOf(located[0].loc) : undefined;
            if (first && first !== 'file') setFocus(first);
            if (located.length === error.detail.length) return;
          }
          setServerError(m.uploadError(errorDetail(error)));
        },
      },
    );
  });

  const pending = upload.isPending;
  const percent =
    progress === null ? null : new Intl.NumberFormat('es-MX', { style: 'percent' }).format(progress);

  return (
    <Modal open={open} onOpenChange={changeOpen}>
      <ModalContent size="lg" busy={pending}>
        <ModalHeader>
          <ModalTitle>{m.uploadTitle}</ModalTitle>
          <ModalDescription>{m.uploadDescription}</ModalDescription>
        </ModalHeader>
        <ModalBody>
          <form id={formId} noValidate onSubmit={submit} className="grid gap-4">
            <p className="text-ink-muted text-sm">{m.requiredInfo}</p>
            {serverError ? <Banner tone="error" message={serverError} /> : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={m.fields.folio}
                required
                placeholder={m.folioPlaceholder}
                autoComplete="off"
                disabled={pending}
                error={formState.errors.folio?.message}
                {...register('folio')}
              />
              <NativeSelect
                label={m.fields.cliente}
                required
                placeholder={false}
                options={clientes.map((c) => ({ value: String(c.id_cliente), label: c.nombre }))}
                disabled={pending}
                error={formState.errors.cliente?.message}
                {...register('cliente')}
              />
            </div>
            <TextField
              label={m.fields.notas}
              autoComplete="off"
              disabled={pending}
              error={formState.errors.notas?.message}
              {...register('notas')}
            />
            <Controller
              control={control}
              name="file"
              render={({ field, fieldState }) => (
                <div className="grid gap-2">
                  <p className="font-medium text-ink text-sm">
                    {m.fields.pdf}
                    <span aria-hidden="true" className="text-danger-700">
                      {' *'}
                    </span>
                  </p>
                  {field.value ? (
                    <div
                      data-slot="upload-file"
                      className="flex items-center gap-3 rounded-[var(--radius-control)] border border-line bg-canvas px-3 py-2"
                    >
                      <FileText aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
                      <span className="min-w-0 flex-1 truncate text-ink text-sm">
                        {m.pdfChosen(
                          (field.value as File).name ?? m.fields.pdf,
                          formatBytes((field.value as File).size),
                        )}
                      </span>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={m.removeFile}
                        disabled={pending}
                        onClick={() => field.onChange(undefined)}
                      >
                        <X aria-hidden="true" />
                      </Button>
                    </div>
                  ) : null}
                  {field.value && !fieldState.error ? null : (
                    <FileDropzone
                      accept={PDF_ACCEPT}
                      maxSize={MAX_REPORT_PDF_BYTES}
                      instructions={m.pdfInstructions}
                      hint={m.pdfHint(MAX_MB)}
                      rejectionMessage={m.pdfRejected}
                      error={fieldState.error?.message}
                      disabled={pending}
                      onFile={(file) => {
                        field.onChange(file);
                        form.clearErrors('file');
                      }}
                    />
                  )}
                </div>
              )}
            />
            {percent !== null ? (
              <Progress
                label={m.uploadProgress}
                fraction={progress ?? 0}
                text={m.uploadingPercent(percent)}
              />
            ) : null}
          </form>
        </ModalBody>
        <ModalFormActions
          formId={formId}
          cancelLabel={m.cancel}
          submitLabel={m.uploadSubmit}
          pendingLabel={m.uploading}
          pending={pending}
        />
      </ModalContent>
    </Modal>
  );
}
