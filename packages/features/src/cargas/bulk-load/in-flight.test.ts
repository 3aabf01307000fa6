import { describe, expect, it } from 'vitest';
import { createSlots } from './in-flight';

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
