/**
 * The e-mail of a report and the two ways to hand it over: SMTP (nodemailer's SMTP connection, step by
 * step so the worker can record how far each attempt got) when SMTP_URL is set, or
 * a `.eml` file under DATA_DIR/outbox/ (the embedded default, so `npm start` works offline).
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import type { EtapaEnvio, Rechazo, TransporteModo } from '@socio/contracts';
import type Mail from 'nodemailer/lib/mailer';
import type SMTPConnection from 'nodemailer/lib/smtp-connection';
import { isMemoryDir, recordOwnedEntry } from '../../data-dir';

/** Sender when MAIL_FROM is unset. */
export const DEFAULT_MAIL_FROM = 'Socioeconómico <reportes@socioeconomico.local>';

export interface MailSettings {
  transporte: TransporteModo;
  smtpUrl: string | null;
  from: string;
  /** Folder of the `.eml` files (transporte 'archivo'). */
  outboxDir: string;
  /** The DATA_DIR holding `outboxDir` (null in memory: the folder is then under the system's temporary one). */
  dataDir: string | null;
}

/** Mail settings from the app configuration: SMTP when `smtpUrl` is set, else files in `<dataDir>/outbox`. */
export function mailSettings(config: {
  smtpUrl?: string | null;
  mailFrom?: string;
  dataDir: string;
}): MailSettings {
  const smtpUrl = config.smtpUrl?.trim() || null;
  const inMemory = isMemoryDir(config.dataDir);
  return {
    transporte: smtpUrl ? 'smtp' : 'archivo',
    smtpUrl,
    from: config.mailFrom?.trim() || DEFAULT_MAIL_FROM,
    outboxDir: inMemory ? path.join(tmpdir(), 'socio-outbox') : path.join(config.dataDir, 'outbox'),
    dataDir: inMemory ? null : config.dataDir,
  };
}

/** The domain of Message-IDs: the sender's, so receivers see them as ours. */
export function messageIdDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim());
  return match?.[1]?.toLowerCase() || 'socioeconomico.local';
}

export interface ReportMail {
  messageId: string;
  from: string;
  to: readonly string[];
  folio: string;
  cliente: string;
  fileName: string;
  pdf: Uint8Array;
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** Spanish subject and body naming folio and client; text and HTML parts; the PDF attached; no tracking. */
export function composeReportMail(mail: ReportMail): Mail.Options {
  const subject = `Reporte socioeconómico del folio ${mail.folio} · ${mail.cliente}`;
  const text = [
    `Estimado equipo de ${mail.cliente}:`,
    '',
    `Adjuntamos el reporte del estudio socioeconómico del folio ${mail.folio} (archivo ${mail.fileName}).`,
    '',
    'Este mensaje se envió automáticamente desde el sistema Socioeconómico. Si tienen dudas sobre el',
    'reporte, respondan a este correo.',
    '',
    'Atentamente,',
    'Equipo Socioeconómico',
  ].join('\n');
  const html = [
    '<!doctype html><html lang="es"><body>',
    `<p>Estimado equipo de ${escapeHtml(mail.cliente)}:</p>`,
    `<p>Adjuntamos el reporte del estudio socioeconómico del folio <strong>${escapeHtml(mail.folio)}</strong> (archivo ${escapeHtml(mail.fileName)}).</p>`,
    '<p>Este mensaje se envió automáticamente desde el sistema Socioeconómico. Si tienen dudas sobre el reporte, respondan a este correo.</p>',
    '<p>Atentamente,<br>Equipo Socioeconómico</p>',
    '</body></html>',
  ].join('\n');
  return {
    from: mail.from,
    to: [...mail.to],
    subject,
    text,
    html,
    messageId: mail.messageId,
    attachments: [
      {
        filename: mail.fileName,
        content: Buffer.from(mail.pdf.buffer, mail.pdf.byteOffset, mail.pdf.byteLength),
        contentType: 'application/pdf',
      },
    ],
    // No tracking: no remote content, no read receipts, nothing fetched on the server's behalf.
    disableUrlAccess: true,
    disableFileAccess: true,
  };
}

/** The SMTP server's answer (or where the file went), and the recipients it refused meanwhile. */
export interface HandOver {
  response: string;
  /** Recipients refused at RCPT while the others were accepted, each with the server's answer. */
  rechazados: Rechazo[];
}

/**
 * A failed hand-over: `permanent` (5xx) gives up at once; anything else is retried. `messageRefused`: the
 * server answered the message itself (after DATA) with a refusal.
 */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
  readonly permanent: boolean;
  readonly messageRefused: boolean;
  /** The recipients refused at RCPT (all of them when nobody was accepted), with the server's answers. */
  readonly rechazados: Rechazo[];
  constructor(message: string, permanent: boolean, messageRefused = false, rechazados: Rechazo[] = []) {
    super(message);
    this.permanent = permanent;
    this.messageRefused = messageRefused;
    this.rechazados = rechazados;
  }
}

/**
 * Called when an attempt gets further; the hand-over waits for it before the next step, so a crash at any
 * point leaves the last step recorded. A rejection aborts the attempt (nothing more is sent).
 */
export type OnProgress = (etapa: Exclude<EtapaEnvio, 'respondido'>) => Promise<void>;

export interface MailTransport {
  readonly transporte: TransporteModo;
  send(message: Mail.Options, onProgress?: OnProgress): Promise<HandOver>;
  close(): void;
}

interface SmtpFailure {
  responseCode?: unknown;
  response?: unknown;
  message?: unknown;
  command?: unknown;
  recipient?: unknown;
  rejectedErrors?: unknown;
}

/** The refused recipients an SMTP error or answer lists (nodemailer's `rejectedErrors`). */
function rechazosOf(errors: unknown): Rechazo[] {
  if (!Array.isArray(errors)) return [];
  return errors.map((e: SmtpFailure) => ({
    destinatario: String(e.recipient ?? ''),
    respuesta: String(e.response ?? e.message ?? '').slice(0, 500),
  }));
}

function toDeliveryError(error: unknown): DeliveryError {
  const e = error as SmtpFailure;
  const code = typeof e.responseCode === 'number' ? e.responseCode : null;
  const response = typeof e.response === 'string' ? e.response : '';
  const message = typeof e.message === 'string' ? e.message : String(error);
  const text = (response || message || 'Error desconocido').slice(0, 500);
  // nodemailer names the SMTP command the server answered; 'DATA' is the answer to the message itself.
  return new DeliveryError(
    text,
    code !== null && code >= 500 && code < 600,
    e.command === 'DATA',
    rechazosOf(e.rejectedErrors),
  );
}

type NodemailerLib = typeof import('./nodemailer-lib');
let nodemailerLib: Promise<NodemailerLib> | undefined;
/** nodemailer, imported at the first message composed (not at start); the same module afterwards. */
const loadNodemailer = () => {
  nodemailerLib ??= import('./nodemailer-lib');
  return nodemailerLib;
};

type Composer = ReturnType<NodemailerLib['nodemailer']['createTransport']>;

/**
 * nodemailer's stream transport that turns a message into its bytes, made at its first use; `close()` closes
 * it when it was made.
 */
function lazyComposer(newline: 'windows' | 'unix') {
  let composer: Composer | null = null;
  return {
    async get(): Promise<Composer> {
      const { nodemailer } = await loadNodemailer();
      composer ??= nodemailer.createTransport({ streamTransport: true, buffer: true, newline });
      return composer;
    },
    close() {
      composer?.close();
    },
  };
}

/** The message as bytes and its envelope, built once (the same bytes for every attempt). */
async function compose(
  composer: Composer,
  message: Mail.Options,
): Promise<{ raw: Buffer; envelope: { from: string; to: string[] } }> {
  const info = await composer.sendMail(message);
  const envelope = info.envelope as { from: string | false; to: string[] };
  return {
    raw: info.message as unknown as Buffer,
    envelope: { from: envelope.from || '', to: envelope.to },
  };
}

/**
 * The message source handed to nodemailer's SMTP connection: it pipes to the connection's data stream
 * only once DATA was answered 354, which is when the envelope is known to be accepted. The hook runs
 * there and may delay (or refuse) the body.
 */
class HeldMessage extends Readable {
  constructor(private readonly onPipe: (dest: NodeJS.WritableStream) => void) {
    super();
  }
  override _read(): void {}
  override pipe<T extends NodeJS.WritableStream>(destination: T): T {
    this.onPipe(destination);
    return destination;
  }
}

/**
 * Resolves once everything written to the connection's socket so far has left the process (handed to
 * the operating system, which sends it even if this process dies now). nodemailer keeps the socket
 * private; without one there is nothing buffered to wait for.
 */
function socketFlushed(connection: SMTPConnection): Promise<void> {
  const socket = (connection as unknown as { _socket?: Writable | false })._socket;
  if (!socket || socket.destroyed) return Promise.resolve();
  return new Promise((resolve) => socket.write(Buffer.alloc(0), () => resolve()));
}

/**
 * Real SMTP through nodemailer's SMTP connection, one connection per message, step by step: connect
 * (→ 'conectado'), envelope and DATA 354 (→ 'sobre_aceptado'), the body and its final dot written out
 * (→ 'cuerpo_enviado'), then the answer. Each step waits for `onProgress` before going on.
 */
export function createSmtpTransport(settings: { smtpUrl: string }): MailTransport {
  const composer = lazyComposer('windows');
  const open = new Set<SMTPConnection>();

  function handOver(
    lib: NodemailerLib,
    raw: Buffer,
    envelope: { from: string; to: string[] },
    onProgress: OnProgress,
  ): Promise<HandOver> {
    const target = lib.parseConnectionUrl(settings.smtpUrl);
    const connection = new lib.SMTPConnection({
      ...target,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    open.add(connection);
    return new Promise<HandOver>((resolve, reject) => {
      let settled = false;
      const finish = (error: unknown, result?: HandOver) => {
        if (settled) return;
        settled = true;
        open.delete(connection);
        if (error === null && result) {
          connection.quit();
          resolve(result);
        } else {
          connection.close();
          reject(toDeliveryError(error));
        }
      };
      const step = (etapa: Exclude<EtapaEnvio, 'respondido'>, next: () => void) => {
        onProgress(etapa).then(
          () => (settled ? undefined : next()),
          (error: unknown) => finish(error),
        );
      };
      connection.on('error', (error) => finish(error));
      connection.once('end', () => finish(new Error('La conexión con el servidor de correo se cerró')));

      /** Settles once the body's step is recorded (or at once when the body never went out). */
      let bodyRecorded: Promise<void> = Promise.resolve();
      const message = new HeldMessage((dest) => {
        bodyRecorded = new Promise<void>((bodyDone) => {
          step('sobre_aceptado', () => {
            const data = dest as NodeJS.WritableStream & Readable;
            data.once('end', () => {
              socketFlushed(connection)
                .then(() => onProgress('cuerpo_enviado'))
                .then(bodyDone, (error: unknown) => {
                  bodyDone();
                  finish(error);
                });
            });
            data.end(raw);
          });
        });
      });

      const send = () =>
        connection.send(envelope, message, (error, info) => {
          void bodyRecorded.then(() =>
            error
              ? finish(error)
              : finish(null, {
                  response: String(info.response ?? '250 OK'),
                  rechazados: rechazosOf(info.rejectedErrors),
                }),
          );
        });

      connection.connect((error?: unknown) => {
        if (error) {
          finish(error);
          return;
        }
        step('conectado', () => {
          if (!target.auth) {
            send();
            return;
          }
          connection.login(target.auth, (loginError) => (loginError ? finish(loginError) : send()));
        });
      });
    });
  }

  return {
    transporte: 'smtp',
    async send(message, onProgress = async () => {}) {
      const { raw, envelope } = await compose(await composer.get(), message);
      return handOver(await loadNodemailer(), raw, envelope, onProgress);
    },
    close() {
      for (const connection of open) connection.close();
      open.clear();
      composer.close();
    },
  };
}

/** A file name for a Message-ID (`<a.b@c>` → `a.b_c.eml`). */
export function emlFileName(messageId: string): string {
  return `${messageId.replace(/^<|>$/g, '').replace(/[^A-Za-z0-9._-]+/g, '_')}.eml`;
}

/**
 * `.eml` files in `dir`, named after the Message-ID: handing one message over twice rewrites the same
 * file (written to a temporary name and renamed, so a reader never sees half a message).
 */
export function createFileTransport(dir: string): MailTransport {
  const composer = lazyComposer('unix');
  return {
    transporte: 'archivo',
    async send(message) {
      const { raw } = await compose(await composer.get(), message);
      mkdirSync(dir, { recursive: true });
      const name = emlFileName(String(message.messageId));
      const target = path.join(dir, name);
      const temp = `${target}.${process.pid}.tmp`;
      writeFileSync(temp, raw);
      renameSync(temp, target);
      return { response: `Guardado en ${path.join('outbox', name)}`, rechazados: [] };
    },
    close() {
      composer.close();
    },
  };
}

export function createMailTransport(settings: MailSettings): MailTransport {
  if (settings.smtpUrl) return createSmtpTransport({ smtpUrl: settings.smtpUrl });
  // DATA_DIR/outbox is the product's: recorded before the first file is written there.
  if (settings.dataDir) recordOwnedEntry(settings.dataDir, 'outbox');
  return createFileTransport(settings.outboxDir);
}
