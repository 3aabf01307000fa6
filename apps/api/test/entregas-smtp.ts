/**
 * A real SMTP server on loopback for the delivery tests and the bench (smtp-server): it parses what it
 * receives with mailparser, refuses a second message carrying a Message-ID it already accepted, and
 * can be told to refuse the next N messages (4xx by default, or a 5xx), to refuse some recipients at
 * RCPT, or to hang at the next RCPT until released (a server that stops answering mid-envelope).
 */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  messageId: string;
  to: string[];
  raw: Buffer;
  parsed: ParsedMail | null;
}

export interface TestSmtpServer {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Messages refused because their Message-ID was accepted before. */
  duplicates: string[];
  /** Refuse the next `n` messages after DATA with `code` (default 451, a temporary failure; 5xx: for good). */
  refuseNext(n: number, code?: number): void;
  /** Refuse these recipients at RCPT with 550 (an empty list accepts everyone again). */
  refuseRecipients(addresses: readonly string[]): void;
  /** The next RCPT gets no answer until `release()` (which then refuses it with 451). */
  hangAtNextRcpt(): { reached: Promise<void>; release(): void };
  close(): Promise<void>;
}

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

export async function startTestSmtpServer(options: { parse?: boolean } = {}): Promise<TestSmtpServer> {
  const parse = options.parse ?? true;
  const received: ReceivedMail[] = [];
  const duplicates: string[] = [];
  const seen = new Set<string>();
  let refuse = 0;
  let refuseCode = 451;
  let refusedRecipients = new Set<string>();
  let hang: { arrived: () => void; held: Promise<void> } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 50 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      const held = hang;
      if (held) {
        hang = null;
        held.arrived();
        void held.held.then(() => callback(smtpError(451, 'Servidor ocupado, intente más tarde')));
        return;
      }
      if (refusedRecipients.has(address.address.toLowerCase())) {
        callback(smtpError(550, `Buzón no disponible: ${address.address}`));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void (async () => {
          const raw = Buffer.concat(chunks);
          if (refuse > 0) {
            refuse -= 1;
            callback(
              smtpError(
                refuseCode,
                refuseCode >= 500 ? 'Mensaje rechazado por política' : 'Servidor ocupado, intente más tarde',
              ),
            );
            return;
          }
          const header = /^message-id:\s*(<[^>\r\n]+>)/im.exec(raw.toString('latin1'));
          const messageId = header?.[1] ?? '';
          if (messageId && seen.has(messageId)) {
            duplicates.push(messageId);
            callback(smtpError(550, `Mensaje duplicado: ${messageId} ya fue recibido`));
            return;
          }
          if (messageId) seen.add(messageId);
          const parsed = parse ? await simpleParser(raw) : null;
          received.push({
            messageId,
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            parsed,
          });
          callback(null);
        })().catch((err: unknown) => callback(err as Error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    duplicates,
    refuseNext(n, code = 451) {
      refuse = n;
      refuseCode = code;
    },
    refuseRecipients(addresses) {
      refusedRecipients = new Set(addresses.map((a) => a.toLowerCase()));
    },
    hangAtNextRcpt() {
      let arrived = () => {};
      let release = () => {};
      const reached = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      hang = { arrived, held };
      return { reached, release };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
