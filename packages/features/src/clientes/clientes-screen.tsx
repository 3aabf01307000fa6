import { zodResolver } from '@hookform/resolvers/zod';
import type { ClienteDestinatarios } from '@socio/contracts';
import { Button, Card, ErrorState, IconButton, Spinner, TextField, toast } from '@socio/ui';
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorDetail } from '../errors';
import {
  type NewDestinatarioInput,
  type NewDestinatarioValues,
  newDestinatarioSchema,
  sameList,
} from './clientes.model';
import { clientesMessages as m } from './messages.es';
import { useClientesDestinatarios, useSaveDestinatarios } from './use-clientes';

interface ClienteEditorProps {
  cliente: ClienteDestinatarios;
}

/** One client's recipients: add (validated), remove, save or discard. */
function ClienteEditor({ cliente }: ClienteEditorProps) {
  const [draft, setDraft] = useState<string[]>(cliente.destinatarios);
  const [saved, setSaved] = useState<string[]>(cliente.destinatarios);
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors },
  } = useForm<NewDestinatarioInput, unknown, NewDestinatarioValues>({
    // Rebuilt each render: the list it checks against is the current draft.
    resolver: zodResolver(newDestinatarioSchema(draft)),
    defaultValues: { email: '' },
    // Checked on submit only; typing clears the message.
    reValidateMode: 'onSubmit',
  });
  const save = useSaveDestinatarios();
  const titleId = useId();
  // The server's copy changed (saved here or reloaded): start from it.
  if (!sameList(saved, cliente.destinatarios)) {
    setSaved(cliente.destinatarios);
    setDraft(cliente.destinatarios);
  }
  const dirty = !sameList(draft, cliente.destinatarios);

  const add = handleSubmit(({ email }) => {
    setDraft([...draft, email]);
    reset({ email: '' });
  });

  const submit = () =>
    save.mutate(
      { idCliente: cliente.id_cliente, destinatarios: draft },
      {
        onSuccess: () => toast.success(m.saved),
        onError: (e) => toast.error(m.saveError(errorDetail(e))),
      },
    );

  return (
    <Card data-slot="cliente-editor" className="gap-3" aria-labelledby={titleId} role="group">
      <h2 id={titleId} className="font-semibold text-ink text-lg">
        {cliente.nombre}
      </h2>
      {draft.length === 0 ? (
        <p className="text-ink-muted text-sm">{m.none}</p>
      ) : (
        <ul aria-label={m.destinatariosLabel(cliente.nombre)} className="flex flex-wrap gap-2">
          {draft.map((email) => (
            <li
              key={email}
              className="inline-flex items-center gap-1 rounded-full border border-line bg-canvas py-0.5 pr-1 pl-3 text-ink text-sm"
            >
              {email}
              <IconButton
                label={m.remove(email)}
                size="sm"
                variant="ghost"
                onClick={() => setDraft(draft.filter((d) => d !== email))}
              >
                <X aria-hidden="true" />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} noValidate className="flex flex-wrap items-start gap-2">
        <TextField
          label={m.newLabel}
          type="email"
          placeholder={m.newPlaceholder}
          {...register('email', { onChange: () => errors.email && clearErrors('email') })}
          error={errors.email?.message}
          className="min-w-64 flex-1"
        />
        <Button type="submit" variant="secondary" className="mt-6">
          <Plus aria-hidden="true" />
          {m.add}
        </Button>
      </form>
      <div className="flex justify-end gap-2">
        <Button
          variant="ghost"
          disabled={!dirty || save.isPending}
          onClick={() => {
            setDraft(cliente.destinatarios);
            clearErrors();
          }}
        >
          {m.cancel}
        </Button>
        <Button disabled={!dirty} loading={save.isPending} onClick={submit}>
          {save.isPending ? m.saving : m.save}
        </Button>
      </div>
    </Card>
  );
}

/** Settings › Clientes (Administrador): the e-mail recipients of each client's reports. */
export function ClientesScreen() {
  const clientes = useClientesDestinatarios();
  return (
    <div data-slot="clientes-screen" className="flex max-w-3xl flex-col gap-4">
      <header>
        <h1 className="font-semibold text-2xl text-ink">{m.pageTitle}</h1>
        <p className="text-ink-muted">{m.subtitle}</p>
      </header>
      {clientes.isPending ? (
        <Spinner label={m.loading} />
      ) : clientes.isError ? (
        <ErrorState
          message={m.loadError}
          retryLabel={m.retry}
          retrying={clientes.isFetching}
          onRetry={() => void clientes.refetch()}
        />
      ) : clientes.data.length === 0 ? (
        <p className="text-ink-muted">{m.empty}</p>
      ) : (
        clientes.data.map((c) => <ClienteEditor key={c.id_cliente} cliente={c} />)
      )}
    </div>
  );
}
