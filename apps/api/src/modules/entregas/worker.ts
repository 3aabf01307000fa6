/**
 * The delivery worker: claims due outbox rows (FOR UPDATE SKIP LOCKED, with a lease), hands each
 * message to the transport and records the outcome under the attempt's fencing token.
 *
 * - Every step of an attempt is recorded before the next one (`etapa`: connected, envelope accepted,
 *   body sent; then the answer with the outcome), under the attempt's fencing token.
 * - Success → 'entregado' with the server's answer, and the recipients it refused at RCPT, if any
 *   ('entregado a 1 de 2'; 'Reintentar' sends to those only).
 * - A transient error (4xx, connection refused, timeout) → back to 'en_cola' after an exponential
 *   backoff (base · 2^(attempt−1), capped), until `max_intentos`; then 'fallido' with the reason.
 * - A permanent error (5xx) → 'fallido' at once.
 * - A crash (or any error) mid-attempt leaves the row 'enviando': when its lease ends another worker
 *   records the lost attempt (with the stage it had reached) and resends with the same Message-ID. If an
 *   earlier attempt had written the whole body out without getting the answer, the server may hold the
 *   message, and refuses the copy: that refusal (a 5xx answer to the message itself) is recorded as
 *   'entregado' with a note, not 'fallido', whose 'Reintentar' would send a second copy under a new
 *   Message-ID. When no earlier attempt got that far, nothing can have arrived: a refusal is 'fallido'.
 * - A row whose last allowed attempt was interrupted is not claimed again: 'fallido' with the reason.
 *
 * Started by main.ts only (never by buildApp), so other test suites never see it run.
 */

import type { EtapaEnvio } from '@socio/contracts';
import type { Db } from '../../db/schema';
import { reportFileName } from '../reportes/service';
import { composeReportMail, DeliveryError, type MailTransport } from './mail';
import {
  type ClaimedEntrega,
  claimDue,
  type EtapaRecorded,
  failExhausted,
  type Outcome,
  recordOutcome,
  recordProgress,
  reporteForMail,
} from './repo';

/** How far an attempt got, in the words of the history. */
const ETAPA_TEXTO: Record<EtapaEnvio, string> = {
  conectado: 'conectado al servidor, sin aceptar el sobre',
  sobre_aceptado: 'sobre aceptado, sin terminar de enviar el mensaje',
  cuerpo_enviado: 'mensaje enviado completo, sin recibir la respuesta del servidor',
  respondido: 'el servidor ya había respondido',
};

/** What the worker writes in a delivery's history (Spanish, shown in the Reportes screen). */
export const WORKER_MESSAGES = {
  reporteGone: 'El reporte ya no existe',
  duplicateRefused: (response: string) =>
    `El servidor rechazó la copia repetida: el mensaje ya se había entregado en un intento interrumpido (${response})`,
  exhausted:
    'Se agotaron los intentos: el último envío se interrumpió sin registrar la respuesta del servidor',
  interrupted: (etapa: EtapaRecorded) =>
    `Intento interrumpido (${etapa ? ETAPA_TEXTO[etapa] : 'antes de conectar con el servidor'})`,
  leaseLost: 'Otro intento tomó esta entrega (se perdió la concesión)',
} as const;

/** Thrown from a progress record when a newer attempt holds the row: this one stops sending. */
class LeaseLost extends Error {
  override name = 'LeaseLost';
}

export interface DeliveryWorkerOptions {
  db: Db;
  transport: MailTransport;
  from: string;
  /** Idle wait between polls (ms). */
  pollMs?: number;
  /** Rows claimed per round; they are handed over concurrently. */
  batchSize?: number;
  /** How long a claim holds a row before another worker may take it over (ms). */
  leaseMs?: number;
  /** Backoff of the first retry, doubled per attempt (ms), and its cap. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  log?: {
    info(obj: Record<string, unknown>, msg: string): void;
    warn(obj: Record<string, unknown>, msg: string): void;
    error(obj: Record<string, unknown>, msg: string): void;
  };
  /** Runs after the transport accepted a message and before the outcome is recorded (fault-injection in tests). */
  afterHandOver?: (claim: ClaimedEntrega) => Promise<void> | void;
  /** Runs after each recorded step of an attempt (tests wait on it to stop a worker at a given point). */
  onProgress?: (claim: ClaimedEntrega, etapa: EtapaEnvio) => void;
}

export interface DeliveryWorker {
  /** One round: claim due rows and deliver them; returns how many were claimed. */
  runOnce(): Promise<number>;
  /** Rounds until nothing is due (tests, bench). */
  drain(): Promise<number>;
  /** Polls in the background until `stop`. */
  start(): void;
  /** Finishes the round in progress and stops polling. */
  stop(): Promise<void>;
}

/** Backoff before retry number `attempt` (1-based): base · 2^(attempt−1), capped. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const {
    db,
    transport,
    from,
    pollMs = 2_000,
    batchSize = 10,
    leaseMs = 5 * 60_000,
    baseDelayMs = 30_000,
    maxDelayMs = 60 * 60_000,
    log,
    afterHandOver,
    onProgress,
  } = options;

  async function deliver(claim: ClaimedEntrega): Promise<void> {
    const report = await reporteForMail(db, claim.id_reporte);
    const target = {
      id_entrega: claim.id_entrega,
      intento: claim.intentos,
      destinatarios: claim.destinatarios,
    };
    if (!report) {
      await db.transaction().execute((trx) =>
        recordOutcome(trx, target, {
          estado: 'fallido',
          motivo: WORKER_MESSAGES.reporteGone,
          etapa: null,
          rechazados: [],
        }),
      );
      return;
    }
    let etapa: EtapaRecorded = null;
    const progress = async (next: Exclude<EtapaEnvio, 'respondido'>) => {
      if (!(await recordProgress(db, target, next))) throw new LeaseLost(WORKER_MESSAGES.leaseLost);
      etapa = next;
      onProgress?.(claim, next);
    };
    let handOver: { response: string; rechazados: Outcome['rechazados'] };
    try {
      handOver = await transport.send(
        composeReportMail({
          messageId: claim.message_id,
          from,
          to: claim.destinatarios,
          folio: report.folio,
          cliente: report.cliente,
          fileName: reportFileName(report.folio),
          pdf: report.pdf,
        }),
        progress,
      );
    } catch (error) {
      const failure =
        error instanceof DeliveryError
          ? error
          : new DeliveryError(String((error as Error)?.message ?? error), false);
      const last = failure.permanent || claim.intentos >= claim.max_intentos;
      // The server answered the message itself only if this attempt got the whole body out.
      const answered = failure.messageRefused && etapa === 'cuerpo_enviado';
      // An earlier attempt wrote the whole message out and never heard back, so the server may hold it;
      // it now refuses this very message (same Message-ID) for good: the copy it holds is the delivery.
      const alreadyThere = claim.cuerpo_enviado_antes && failure.permanent && answered;
      const base = { etapa: answered ? ('respondido' as const) : etapa, rechazados: failure.rechazados };
      const outcome: Outcome = alreadyThere
        ? { ...base, estado: 'entregado', respuesta: WORKER_MESSAGES.duplicateRefused(failure.message) }
        : last
          ? { ...base, estado: 'fallido', motivo: failure.message }
          : {
              ...base,
              estado: 'en_cola',
              motivo: failure.message,
              retryInMs: backoffMs(claim.intentos, baseDelayMs, maxDelayMs),
            };
      const recorded = await db.transaction().execute((trx) => recordOutcome(trx, target, outcome));
      log?.warn(
        {
          id_entrega: claim.id_entrega,
          intento: claim.intentos,
          estado: recorded ? outcome.estado : null,
          etapa,
          motivo: failure.message,
        },
        alreadyThere ? 'copia repetida rechazada: entrega ya hecha' : 'entrega de reporte no aceptada',
      );
      return;
    }
    await afterHandOver?.(claim);
    const recorded = await db.transaction().execute((trx) =>
      recordOutcome(trx, target, {
        estado: 'entregado',
        respuesta: handOver.response,
        etapa: 'respondido',
        rechazados: handOver.rechazados,
      }),
    );
    if (!recorded) {
      log?.warn(
        { id_entrega: claim.id_entrega },
        'entrega registrada por otro intento (se perdió la concesión)',
      );
    }
  }

  async function runOnce(): Promise<number> {
    const exhausted = await failExhausted(db, WORKER_MESSAGES.exhausted);
    if (exhausted > 0) log?.warn({ entregas: exhausted }, 'entregas sin intentos tras interrupciones');
    const claims = await claimDue(db, batchSize, leaseMs, WORKER_MESSAGES.interrupted);
    const results = await Promise.allSettled(claims.map((c) => deliver(c)));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    // The rows of a failed round stay 'enviando' until their lease ends, then are retried.
    if (failed) throw failed.reason;
    return claims.length;
  }

  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> | null = null;

  const loop = async () => {
    timer = null;
    if (!running) return;
    let claimed = 0;
    try {
      claimed = await runOnce();
    } catch (error) {
      log?.error({ err: error }, 'error del repartidor de correos');
    }
    if (running) timer = setTimeout(tick, claimed > 0 ? 0 : pollMs);
  };
  const tick = () => {
    current = loop();
  };

  return {
    runOnce,
    async drain() {
      let total = 0;
      for (;;) {
        const n = await runOnce();
        if (n === 0) return total;
        total += n;
      }
    },
    start() {
      if (running) return;
      running = true;
      tick();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await current;
    },
  };
}
