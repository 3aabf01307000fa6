import { describe, expect, it } from 'vitest';
import { createSlots } from './in-flight';

describe('createSlots', () => {
  it('gives a freed slot to a waiting part before a waiting batch, each kind in the order asked', async () => {
    const slot = createSlots(2);
    const signal = new AbortController().signal;
    const order: string[] = [];
    const first = await slot('next', signal);
    const second = await slot('next', signal);
    const taken = (name: string, kind: 'first' | 'next') =>
      slot(kind, signal).then((release) => {
        order.push(name);
        return release;
      });
    const batch = taken('lote 2', 'next');
    const partA = taken('parte 0', 'first');
    const partB = taken('parte 1', 'first');
    first();
    await partA;
    expect(order).toEqual(['parte 0']);
    second();
    (await partB)();
    await batch;
    expect(order).toEqual(['parte 0', 'parte 1', 'lote 2']);
  });

  it('a request aborted while waiting stops waiting and takes no slot', async () => {
    const slot = createSlots(1);
    const held = await slot('next', new AbortController().signal);
    const controller = new AbortController();
    const waiting = slot('first', controller.signal);
    controller.abort(new Error('cerrado'));
    await expect(waiting).rejects.toThrow('cerrado');
    const next = slot('next', new AbortController().signal);
    held();
    await expect(next).resolves.toBeTypeOf('function');
  });
});
