/**
 * Issue 12, goal 6: the bodies and answers of a 100,000-row carga are never held whole. The parser of those
 * bodies must give exactly what Fastify's JSON body parser gives (value or error), and a streamed answer
 * exactly the text of `JSON.stringify`.
 */
import type { Readable } from 'node:stream';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import type { ProcessCargaResponse } from '@socio/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JsonBodySplitter,
  jsonAnswer,
  parseJsonBodiesAsTheyArrive,
  STREAM_FROM_ITEMS,
} from '../src/http/big-json';
import { createRng } from '../src/lib/prng';
import { createTestContext, type TestContext } from './helpers';

const fastify = Fastify();
const defaultParser = fastify.getDefaultJsonParser('error', 'error') as (
  request: unknown,
  body: string,
  done: (error: (Error & { code?: string }) | null, value?: unknown) => void,
) => void;

function parseWhole(text: string): unknown {
  let failure: Error | null = null;
  let value: unknown;
  defaultParser(null, text, (error, parsed) => {
    failure = error;
    value = parsed;
  });
  if (failure) throw failure;
  return value;
}

/** What a parser answers, comparable: the value, or the error's code. */
function outcome(parse: () => unknown): unknown {
  try {
    return { value: parse() };
  } catch (error) {
    return { error: (error as { code?: string }).code ?? String(error) };
  }
}

/** The splitter fed `bytes` in pieces of `sizes()` bytes. */
function parseSplit(bytes: Buffer, sizes: () => number): unknown {
  const splitter = new JsonBodySplitter(parseWhole);
  for (let i = 0; i < bytes.length; ) {
    const n = sizes();
    splitter.write(bytes.subarray(i, i + n));
    i += n;
  }
  return splitter.end();
}

const TRICKY = [
  '',
  ' ',
  '{}',
  '[]',
  '"rows"',
  '{"rows":[]}',
  '{"rows":[ ]}',
  '{"rows":[,]}',
  '{"rows":[1,]}',
  '{"rows":[,1]}',
  '{"rows":[1,,2]}',
  '{"rows":[1}',
  '{"rows":[1]]}',
  '{"rows":[{"a":1},{"b":[2,{"c":"]},["}]}],"loadType":"TEC_MTY"}',
  '{"rows":["a\\"b","c\\\\","\\\\\\"",",]}[{"]}',
  '{"r\\u006fws":[1,2],"x":{"y":[3]}}',
  '{"rows":[1],"rows":[2,3]}',
  '{"rows":[1],"rows":5}',
  '{"rows":5,"rows":[1]}',
  '{"rows":[{"__proto__":{"x":1}}]}',
  '{"rows":[{"constructor":{"prototype":{"x":1}}}]}',
  '{"rows":[{"__proto__":{"x":1}}],"rows":[]}',
  '{"__proto__":[1]}',
  '\ufeff{"rows":[1]}',
  ' \ufeff{"rows":[1]}',
  '{"rows":[\ufeff1]}',
  '{"rows":[1, \ufeff2]}',
  '{"rows":[\u00a01]}',
  '{"rows":["ñé€😀","\u2028"],"fileName":"Año 2026.xlsx"}',
  '{"rows":[1]} x',
  '{"rows":[1]}\n',
  '{"rows" : [ 1 , 2 ] , "n" : null}',
  '{"rows":[[[[[]]]]]}',
  '{"rows":[1]',
  '{"rows":["abc',
  '{"a":"\\',
];

describe('JsonBodySplitter: the same value or error as parsing the whole body', () => {
  it.each(TRICKY)('%j', (text) => {
    const bytes = Buffer.from(text);
    const whole = outcome(() => parseWhole(text));
    for (const size of [1, 2, 3, 7, 64, bytes.length || 1]) {
      expect(
        outcome(() => parseSplit(bytes, () => size)),
        `pieces of ${size}`,
      ).toEqual(whole);
    }
  });

  it('on random bodies and broken copies of them, cut at random', () => {
    const rng = createRng(12);
    const scalars = [1, -2.5e3, 'x', '\\', '\\"', 'a"b\\c', 'ñé€😀', '', null, true, ',]}[{', '\u2028'];
    const keys = ['a', 'rows', 'b"q', '__x', 'constructor', 'prototype', '__proto__'];
    const value = (depth: number): unknown => {
      if (depth > 3 || rng.chance(0.3)) return rng.pick(scalars);
      if (rng.chance(0.5)) return Array.from({ length: rng.below(4) }, () => value(depth + 1));
      const out: Record<string, unknown> = {};
      for (let i = rng.below(4); i > 0; i--) out[rng.pick(keys)] = value(depth + 1);
      return out;
    };
    const body = () => {
      const members = Array.from({ length: 1 + rng.below(4) }, () => {
        const list = Array.from({ length: rng.below(5) }, () => value(1));
        const text = rng.chance(0.6)
          ? JSON.stringify(list, null, rng.chance(0.3) ? 1 : 0)
          : JSON.stringify(value(1));
        return `${JSON.stringify(rng.pick(['rows', 'processedData', 'x', '__proto__']))}${rng.pick(['', ' '])}:${text}`;
      });
      return `${rng.pick(['', ' ', '\ufeff'])}{${members.join(rng.pick([',', ' ,\n']))}}`;
    };
    const edits = ['', ',', '[', ']', '{', '}', '"', '\\', ':', ' ', '\ufeff', '"__proto__":', '1'];
    const broken = (text: string) => {
      let out = text;
      for (let n = rng.below(3); n >= 0; n--) {
        const at = rng.below(out.length + 1);
        out = out.slice(0, at) + rng.pick(edits) + out.slice(at + rng.below(2));
      }
      return out;
    };
    let valid = 0;
    for (let t = 0; t < 3_000; t++) {
      const text = rng.chance(0.5) ? body() : broken(body());
      // As a client sends it: UTF-8 (an edit may have cut a surrogate pair).
      const bytes = Buffer.from(text);
      const whole = outcome(() => parseWhole(bytes.toString('utf8')));
      if ('value' in (whole as object)) valid++;
      const split = outcome(() => parseSplit(bytes, () => 1 + rng.below(rng.chance(0.5) ? 3 : 40)));
      expect(split, text).toEqual(whole);
    }
    expect(valid).toBeGreaterThan(500);
  });
});

async function textOf(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

describe('jsonAnswer', () => {
  it('is JSON.stringify for ordinary answers', () => {
    const answer = { a: [1, 2], b: 'x', c: undefined };
    expect(jsonAnswer(answer)).toBe(JSON.stringify(answer));
    expect(jsonAnswer(undefined)).toBeUndefined();
  });

  it("streams an answer with a list of more than STREAM_FROM_ITEMS items: JSON.stringify's text", async () => {
    const rows = Array.from({ length: STREAM_FROM_ITEMS + 1 }, (_, i) => ({
      i,
      s: `fila "${i}" ñ😀`,
      u: undefined,
    }));
    const answer = { skipped: undefined, rows, holes: [1, undefined, () => 1], empty: [], n: rows.length };
    const out = jsonAnswer(answer);
    expect(typeof out).not.toBe('string');
    expect(await textOf(out as Readable)).toBe(JSON.stringify(answer));
  });
});

describe('parseJsonBodiesAsTheyArrive: as Fastify reads JSON bodies', () => {
  const LIMIT = 2_000;
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(compress, { requestEncodings: ['gzip'] });
    const echo = async (request: { body: unknown }) => ({ body: request.body });
    // The same route with Fastify's own parser and with ours: bodies parsed whole (shorter than the default
    // `PARSE_WHOLE_BELOW_BYTES`), always cut as they arrive, and cut from their 16th byte on.
    app.post('/fastify', { bodyLimit: LIMIT }, echo);
    for (const [url, wholeBelowBytes] of [
      ['/whole', undefined],
      ['/streamed', 0],
      ['/from-16', 16],
    ] as const) {
      await app.register(async (scope) => {
        parseJsonBodiesAsTheyArrive(scope, undefined, { wholeBelowBytes });
        scope.post(url, { bodyLimit: LIMIT }, echo);
      });
    }
  });
  afterAll(async () => {
    await app.close();
  });

  const both = async (payload: string | Buffer, headers: Record<string, string> = {}) => {
    const send = (url: string) =>
      app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/json', ...headers },
      });
    const [fastifyRes, ...ours] = await Promise.all(
      ['/fastify', '/whole', '/streamed', '/from-16'].map(send),
    );
    for (const res of ours) {
      expect(res.statusCode).toBe(fastifyRes!.statusCode);
      expect(res.json()).toEqual(fastifyRes!.json());
    }
    return ours[1]!;
  };

  it('parses plain and gzip bodies', async () => {
    const body = JSON.stringify({ rows: [{ a: 1 }, { b: 'ñ' }], loadType: 'TEC_MTY' });
    expect((await both(body)).json()).toEqual({ body: JSON.parse(body) });
    expect((await both(gzipSync(body), { 'content-encoding': 'gzip' })).json()).toEqual({
      body: JSON.parse(body),
    });
  });

  it('answers the same errors: invalid, empty, poisoned, over the limit (also once inflated)', async () => {
    expect((await both('{"rows":[1,]}')).statusCode).toBe(400);
    expect((await both('')).statusCode).toBe(400);
    expect((await both('{"rows":[{"__proto__":{"x":1}}]}')).statusCode).toBe(400);
    expect((await both(`{"rows":["${'x'.repeat(LIMIT)}"]}`)).statusCode).toBe(413);
    const bomb = gzipSync(`{"rows":[${'1,'.repeat(LIMIT)}1]}`);
    expect(bomb.length).toBeLessThan(LIMIT);
    expect((await both(bomb, { 'content-encoding': 'gzip' })).statusCode).toBe(413);
    expect((await both('{"rows":[1]}', { 'content-encoding': 'gzip' })).statusCode).toBe(400);
  });
});

describe('process_carga with more than STREAM_FROM_ITEMS rows: read and answered piece by piece', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', { demoOperations: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('gives every row, compressed or not, gzip body or not', async () => {
    const rows = Array.from({ length: STREAM_FROM_ITEMS + 1 }, (_, i) => ({
      row_index: i + 2,
      Folio: `S-${i}`,
      Calle: 'Av. Juárez 1',
      Colonia: 'Centro',
      Ciudad: 'Monterrey',
      Estado: i === 0 ? 'Atlántida' : 'Nuevo León',
      'Codigo Postal': '64000',
      Tel1: '8112345678',
    }));
    const body = JSON.stringify({ rows, loadType: 'TEC_MTY' });
    const url = '/api/cargas/process_carga';
    const headers = { 'content-type': 'application/json' };
    const plain = await ctx.request({ method: 'POST', url, payload: body, headers }, 'Administrador');
    expect(plain.statusCode, plain.body.slice(0, 300)).toBe(200);
    const answer = plain.json() as ProcessCargaResponse;
    expect(answer.validCount).toBe(STREAM_FROM_ITEMS);
    expect(answer.invalidRows).toEqual([
      expect.objectContaining({ row_index: 2, reason: 'Estado no reconocido: "Atlántida"' }),
    ]);
    expect(answer.processedData[0]).toMatchObject({
      row_index: 3,
      id_folio: 'S-1',
      state_of_folio: 'Nuevo León',
    });

    const br = await ctx.request(
      {
        method: 'POST',
        url,
        payload: gzipSync(body),
        headers: { ...headers, 'content-encoding': 'gzip', 'accept-encoding': 'br' },
      },
      'Administrador',
    );
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(answer);
  });
});
