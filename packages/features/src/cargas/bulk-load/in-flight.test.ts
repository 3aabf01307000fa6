import { describe, expect, it } from 'vitest';
import { type Held, held } from '../../testing';
import { createSlots, runPrepared } from './in-flight';

describe('createSlots', () => {
  it('gives freed slots to the requests waiting, in the order asked', async () => {
    const slot = createSlots(2);
    const signal = new AbortController().signal;
    const order: string[] = [];
    const first = await slot(signal);
    const second = await slot(signal);
    const taken = (name: string) =>
      slot(signal).then((release) => {
        order.push(name);
        return release;
      });
    const partA = taken('parte 2');
    const partB = taken('parte 3');
    const partC = taken('parte 4');
    first();
    await partA;
    expect(order).toEqual(['parte 2']);
    second();
    (await partB)();
    await partC;
    expect(order).toEqual(['parte 2', 'parte 3', 'parte 4']);
  });

  it('a request aborted while waiting stops waiting and takes no slot', async () => {
    const slot = createSlots(1);
    const held = await slot(new AbortController().signal);
    const controller = new AbortController();
    const waiting = slot(controller.signal);
    controller.abort(new Error('cerrado'));
    await expect(waiting).rejects.toThrow('cerrado');
    const next = slot(new AbortController().signal);
    held();
    await expect(next).resolves.toBeTypeOf('function');
  });
});

/** Lets every pending callback run. */
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** `runPrepared` of `count` tasks, two at once, whose bodies the test makes (`bodies`) and whose sends end at once. */
function heldBodies(count: number, signal: AbortSignal) {
  const bodies: Held<string>[] = [];
  const sent: number[] = [];
  const run = runPrepared(
    count,
    2,
    () => {
      const body = held<string>();
      bodies.push(body);
      return body.promise;
    },
    async (i) => {
      sent.push(i);
    },
    signal,
  );
  return { run, bodies, sent };
}

describe('runPrepared', () => {
  it("makes task k+limit's body once task k is sent: never more than limit sends, nor bodies ahead", async () => {
    const events: string[] = [];
    const bodies = new Map<number, Held<string>>();
    const sends = new Map<number, Held<void>>();
    const run = runPrepared(
      5,
      2,
      (i) => {
        events.push(`prepare ${i}`);
        const body = held<string>();
        bodies.set(i, body);
        return body.promise;
      },
      (i, body) => {
        events.push(`send ${i} ${body}`);
        const sent = held<void>();
        sends.set(i, sent);
        return sent.promise;
      },
      new AbortController().signal,
    );
    await flush();
    expect(events).toEqual(['prepare 0', 'prepare 1']);
    bodies.get(0)?.release('b0');
    bodies.get(1)?.release('b1');
    await flush();
    expect(events).toEqual(['prepare 0', 'prepare 1', 'send 0 b0', 'prepare 2', 'send 1 b1', 'prepare 3']);
    bodies.get(2)?.release('b2');
    bodies.get(3)?.release('b3');
    await flush();
    // Both made, neither sent: two requests are out.
    expect(events.filter((e) => e.startsWith('send'))).toEqual(['send 0 b0', 'send 1 b1']);
    sends.get(1)?.release();
    await flush();
    expect(events.slice(6)).toEqual(['send 2 b2', 'prepare 4']);
    sends.get(0)?.release();
    await flush();
    expect(events.slice(8)).toEqual(['send 3 b3']);
    bodies.get(4)?.release('b4');
    for (const i of [2, 3]) sends.get(i)?.release();
    await flush();
    sends.get(4)?.release();
    await expect(run).resolves.toBeUndefined();
    expect(events.slice(9)).toEqual(['send 4 b4']);
  });

  it('a body that fails to be made sends nothing more and is thrown once the rest settled', async () => {
    const { run, bodies, sent } = heldBodies(4, new AbortController().signal);
    const failure = new Error('sin memoria');
    const thrown = expect(run).rejects.toBe(failure);
    bodies[1]?.fail(failure);
    await flush();
    bodies[0]?.release('b0');
    await thrown;
    expect(sent).toEqual([]);
    expect(bodies).toHaveLength(2);
  });

  it('an abort while a body is being made sends nothing more', async () => {
    const controller = new AbortController();
    const { run, bodies, sent } = heldBodies(3, controller.signal);
    controller.abort(new Error('cancelado'));
    for (const body of bodies) body.release('b');
    await expect(run).rejects.toThrow('cancelado');
    expect(sent).toEqual([]);
  });
});
