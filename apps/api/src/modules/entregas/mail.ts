/**
 * The e-mail of a report and the two ways to hand it over: SMTP (nodemailer) when SMTP_URL is set, or
 * a `.eml` file under DATA_DIR/outbox/ (the embedded default, so `npm start` works offline).
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TransporteModo } from '@socio/contracts';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
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

/** The SMTP server's answer, or where the file went. */
export interface HandOver {
  response: string;
}

/**
 * A failed hand-over: `permanent` (5xx) gives up at once; anything else is retried. `messageRefused`: the
 * server received the whole message (its Message-ID included) and refused it after DATA, as a receiver
 * does with a copy of a message it already accepted.
 */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
  readonly permanent: boolean;
  readonly messageRefused: boolean;
  constructor(message: string, permanent: boolean, messageRefused = false) {
    super(message);
    this.permanent = permanent;
    this.messageRefused = messageRefused;
  }
}

export interface MailTransport {
  readonly transporte: TransporteModo;
  send(message: Mail.Options): Promise<HandOver>;
  close(): void;
}

function toDeliveryError(error: unknown): DeliveryError {
  const e = error as { responseCode?: unknown; response?: unknown; message?: unknown; command?: unknown };
  const code = typeof e.responseCode === 'number' ? e.responseCode : null;
  const response = typeof e.response === 'string' ? e.response : '';
  const message = typeof e.message === 'string' ? e.message : String(error);
  const text = (response || message || 'Error desconocido').slice(0, 500);
  // nodemailer names the SMTP command the server answered; 'DATA' is the answer to the message itself.
  return new DeliveryError(text, code !== null && code >= 500 && code < 600, e.command === 'DATA');
}

/** Real SMTP (pooled connections) through nodemailer. */
export function createSmtpTransport(settings: { smtpUrl: string; maxConnections?: number }): MailTransport {
  const transporter = nodemailer.createTransport({
    url: settings.smtpUrl,
    pool: true,
    maxConnections: settings.maxConnections ?? 5,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    transporte: 'smtp',
    async send(message) {
      try {
        const info = await transporter.sendMail(message);
        const rejected = (info.rejected ?? []).map(String);
        if (rejected.length > 0 && (info.accepted ?? []).length === 0) {
          throw new DeliveryError(`Destinatarios rechazados: ${rejected.join(', ')}`, true);
        }
        return { response: String(info.response ?? '250 OK') };
      } catch (error) {
        if (error instanceof DeliveryError) throw error;
        throw toDeliveryError(error);
      }
    },
    close() {
      transporter.close();
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
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    transporte: 'archivo',
    async send(message) {
      const info = await composer.sendMail(message);
      const raw = info.message as unknown as Buffer;
      mkdirSync(dir, { recursive: true });
      const name = emlFileName(String(message.messageId ?? info.messageId));
      const target = path.join(dir, name);
      const temp = `${target}.${process.pid}.tmp`;
      writeFileSync(temp, raw);
      renameSync(temp, target);
      return { response: `Guardado en ${path.join('outbox', name)}` };
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
