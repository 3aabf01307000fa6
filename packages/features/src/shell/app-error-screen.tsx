import { Button, ErrorScreen } from '@socio/ui';
import { RotateCw, Trash2 } from 'lucide-react';
import { DocumentTitle } from './document-title';
import { shellMessages } from './messages.es';

export interface AppErrorScreenProps {
  /** What was thrown; its message (or text) is shown. */
  error: unknown;
  /** 'Recargar página'. */
  onReload: () => void;
  /** 'Limpiar datos y volver al inicio' (the app clears local + session storage and goes to /). */
  onReset: () => void;
}

/** Readable text of anything that can be thrown. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/** The 'Algo salió mal' screen for unexpected rendering errors: the error text, reload, clear data, console hint. */
export function AppErrorScreen({ error, onReload, onReset }: AppErrorScreenProps) {
  const m = shellMessages.appError;
  return (
    <>
      <DocumentTitle page={m.title} />
      <ErrorScreen
        title={m.title}
        message={m.description}
        details={errorText(error)}
        hint={m.consoleHint}
        actions={
          <>
            <Button onClick={onReload}>
              <RotateCw aria-hidden="true" />
              {m.reload}
            </Button>
            <Button variant="outline" onClick={onReset}>
              <Trash2 aria-hidden="true" />
              {m.reset}
            </Button>
          </>
        }
      />
    </>
  );
}
