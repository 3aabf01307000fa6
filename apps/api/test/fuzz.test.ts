import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng, type Rng } from '../src/lib/prng';
import { createTestContext, dbKinds, type TestContext } from './helpers';
import { API_ROUTES } from './routes';

/**
 * Fuzz: thousands of malformed requests over every route of the OpenAPI document (random path params,
 * query strings, headers and bodies — wrong types, huge strings, nulls, arrays, broken JSON, wrong
 * content types, row cells that are objects, arrays nested 10,000 deep, multipart bodies cut inside the
 * file part — with and without a valid token). None may answer 5xx. Deterministic (seeded PRNG);
 * FUZZ_SEED and FUZZ_REQUESTS override the seed and the count.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 5_000);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  required?: string[];
};

interface FuzzRoute {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  body: JsonSchema | null;
}

const STRINGS = [
  '',
  ' ',
  'a',
  'abc',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  'ñandú ü 😀',
  '../../etc/passwd',
  "'; DROP TABLE usuarios; --",
  '<script>alert(1)</script>',
  '%00',
  '\u0000',
  '\uffff',
  '\ud800',
  'admin@socioeconomico.mx',
  'TEC_MTY',
  'Nuevo León',
  '2026-13-45',
  '31/02/2026',
  '9'.repeat(40),
  '$' + '{jndi:ldap://x}',
];

function randomString(rng: Rng): string {
  switch (rng.below(4)) {
    case 0:
      return rng.pick(STRINGS);
    case 1:
      return 'x'.repeat(rng.pick([100, 1_000, 10_000, 100_000]));
    case 2:
      return Array.from({ length: rng.below(30) }, () => String.fromCharCode(rng.below(0x2fff))).join('');
    default:
      return String(rng.below(1_000_000));
  }
}

function randomScalar(rng: Rng): unknown {
  return rng.pick([
    () => null,
    () => true,
    () => false,
    () => 0,
    () => -1,
    () => 1.5,
    () => 2 ** 53,
    () => -(2 ** 31) - 1,
    () => 2 ** 31,
    () => 1e308,
    () => randomString(rng),
  ])();
}

function randomJson(rng: Rng, depth = 0): unknown {
  if (depth > 3 || rng.chance(0.5)) return randomScalar(rng);
  if (rng.chance(0.5)) return Array.from({ length: rng.below(5) }, () => randomJson(rng, depth + 1));
  const obj: Record<string, unknown> = {};
  for (let i = rng.below(5); i > 0; i--)
    obj[rng.pick(['a', 'id', '__proto__', 'constructor', randomString(rng).slice(0, 20)])] = randomJson(
      rng,
      depth + 1,
    );
  return obj;
}

/** A value of the schema's type (plausible), or, with probability `mutate`, anything else. */
function valueFor(schema: JsonSchema | undefined, rng: Rng, mutate: number, depth = 0): unknown {
  if (!schema || rng.chance(mutate)) return randomJson(rng);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return valueFor(rng.pick(alternatives), rng, mutate, depth);
  if (schema.enum?.length) return rng.pick(schema.enum);
  const type = Array.isArray(schema.type) ? rng.pick(schema.type) : schema.type;
  switch (type) {
    case 'string':
      return rng.chance(0.7)
        ? rng.pick(['abc', 'Juan', 'a@b.mx', '2026-01-15', 'TEC_MTY', 'CDMX'])
        : randomString(rng);
    case 'integer':
    case 'number':
      return rng.pick([1, 2, 0, -5, 10, 999_999]);
    case 'boolean':
      return rng.chance(0.5);
    case 'null':
      return null;
    case 'array':
      return depth > 3
        ? []
        : Array.from({ length: rng.below(4) }, () => valueFor(schema.items, rng, mutate, depth + 1));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) {
        if (rng.chance(0.85)) out[key] = depth > 3 ? null : valueFor(prop, rng, mutate, depth + 1);
      }
      if (rng.chance(0.2)) out[randomString(rng).slice(0, 10)] = randomJson(rng);
      return out;
    }
    default:
      return randomJson(rng);
  }
}

function routesFromOpenApi(doc: {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ name: string; in: string }>;
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = op.parameters ?? [];
      routes.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return routes;
}

/** encodeURIComponent that survives lone surrogates (they become '?'). */
const enc = (value: string) => encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '?'));

function pathValue(rng: Rng): string {
  return rng.pick([
    () => String(rng.below(100)),
    () => String(2 ** 31 + rng.below(10)),
    () => '-1',
    () => '0',
    () => '1.5',
    () => 'abc',
    () => enc(randomString(rng).slice(0, 300)),
    () => '%E0%A4%A',
    () => '%00',
    () => 'admin',
    () => 'a'.repeat(600),
  ])();
}

function buildRequest(route: FuzzRoute, rng: Rng, tokens: Record<string, string>): InjectOptions {
  let url = route.path;
  for (const p of route.pathParams) url = url.replace(`{${p}}`, pathValue(rng));
  const query: string[] = [];
  for (const q of route.queryParams) {
    if (!rng.chance(0.7)) continue;
    const repeat = rng.chance(0.15) ? 2 : 1;
    for (let i = 0; i < repeat; i++) query.push(`${q}=${enc(String(randomScalar(rng)))}`);
  }
  if (rng.chance(0.2))
    query.push(`${enc(randomString(rng).slice(0, 20))}=${enc(randomString(rng).slice(0, 50))}`);
  if (rng.chance(0.05)) query.push('%E0%A4%A=1');
  if (query.length) url += `?${query.join('&')}`;

  const method = rng.chance(0.08)
    ? rng.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'])
    : route.method;
  const headers: Record<string, string> = {};
  const auth = rng.pick(['admin', 'admin', 'admin', 'supervisor', 'visitor', 'none', 'garbage', 'malformed']);
  if (auth === 'garbage')
    headers.authorization = `Bearer ${
      randomString(rng)
        .slice(0, 200)
        .replace(/[^\x21-\x7e]/g, 'x') || 'x'
    }`;
  else if (auth === 'malformed')
    headers.authorization = rng.pick(['Bearer', 'Basic abc', 'Bearer a.b.c', 'bearer   ']);
  else if (auth !== 'none') headers.authorization = `Bearer ${tokens[auth]}`;
  if (rng.chance(0.05))
    headers['x-request-id'] = randomString(rng)
      .slice(0, 100)
      .replace(/[^\x20-\x7e]/g, '');
  if (rng.chance(0.05)) headers['accept-language'] = 'es-MX,\u00ff';

  const options: InjectOptions = { method: method as InjectOptions['method'], url, headers };
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || method === 'DELETE') {
    if (rng.chance(0.1)) {
      headers['content-type'] = 'application/json';
      options.payload = JSON.stringify(randomJson(rng));
    }
    return options;
  }
  switch (rng.below(12)) {
    case 9: {
      // Row cells that are objects (issue 13: 500 in process_carga and save_carga).
      const cell = rng.pick<unknown>([{ toString: 1 }, { valueOf: 'x' }, [1, 2], { a: { b: 1 } }]);
      headers['content-type'] = 'application/json';
      options.payload = JSON.stringify({
        rows: [{ row_index: 2, Folio: 'F-1', Estado: cell }],
        processedData: [{ id_folio: 'F-1', Estado: cell }],
        loadType: 'TEC_MTY',
        folio: cell,
      });
      break;
    }
    case 10: {
      // Arrays nested 10,000 deep in a random field.
      const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
      headers['content-type'] = 'application/json';
      options.payload = rng.pick([
        `{"rows":[{"row_index":2,"Folio":${deep}}],"loadType":"TEC_MTY"}`,
        `{"processedData":${deep},"loadType":"TEC_MTY"}`,
        `{"a":${deep}}`,
        deep,
      ]);
      break;
    }
    case 11: {
      // A multipart body cut off inside the file part.
      const full =
        '--x\r\nContent-Disposition: form-data; name="folio"\r\n\r\nF-1\r\n' +
        '--x\r\nContent-Disposition: form-data; name="file"; filename="r.pdf"\r\nContent-Type: application/pdf\r\n\r\n' +
        `%PDF-1.4\n${'x'.repeat(rng.below(2_000))}\n%%EOF\r\n--x--\r\n`;
      headers['content-type'] = 'multipart/form-data; boundary=x';
      options.payload = full.slice(0, 60 + rng.below(full.length - 60));
      break;
    }
    case 0:
      headers['content-type'] = 'application/json';
      options.payload = rng.pick([
        '{',
        '{"a":',
        '[1,2',
        'nul',
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{"x":1}}}',
        '',
        ' ',
        '\u0000',
      ]);
      break;
    case 1:
      headers['content-type'] = rng.pick([
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'image/png',
        'application/octet-stream',
        'multipart/form-data',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        'application/json; charset=utf-16',
      ]);
      options.payload = rng.chance(0.5)
        ? randomString(rng)
        : '--x\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nabc\r\n--x--';
      break;
    case 2:
      options.payload = randomString(rng);
      break;
    case 3:
      headers['content-type'] = 'application/json';
      options.payload = JSON.stringify(randomJson(rng));
      break;
    default:
      headers['content-type'] = 'application/json';
      options.payload = JSON.stringify(valueFor(route.body ?? undefined, rng, rng.pick([0.05, 0.2, 0.5])));
  }
  return options;
}

describe.each(dbKinds())('fuzz (%s)', (kind) => {
  let ctx: TestContext;
  let routes: FuzzRoute[];
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    // FUZZ_LOG=error prints the server's own log of a failing request (stack included).
    ctx = await createTestContext(kind, { config: { logLevel: process.env.FUZZ_LOG ?? false } });
    tokens.admin = await ctx.tokenFor('Administrador');
    tokens.supervisor = await ctx.tokenFor('Supervisor');
    tokens.visitor = await ctx.tokenFor('Visitador');
    routes = routesFromOpenApi((await ctx.app.inject({ url: '/api/openapi.json' })).json());
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('reads every listed route from the OpenAPI document', () => {
    const keys = new Set(routes.map((r) => `${r.method} ${r.path}`));
    for (const r of API_ROUTES) expect(keys.has(`${r.method} ${r.path}`), `${r.method} ${r.path}`).toBe(true);
  });

  it('answers 400 with a Spanish detail to uploads cut inside the file part, and keeps none of their bytes', async () => {
    // A PDF of ~600 KB (its parts are stored as they arrive: a cut comes after some were written).
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.context.register(doc.context.stream(randomBytes(600 * 1024)));
    const pdf = Buffer.from(await doc.save({ useObjectStreams: false }));
    const head = Buffer.from(
      '--x\r\nContent-Disposition: form-data; name="folio"\r\n\r\nCORTE-1\r\n' +
        '--x\r\nContent-Disposition: form-data; name="cliente"\r\n\r\nUDEM\r\n' +
        '--x\r\nContent-Disposition: form-data; name="file"; filename="r.pdf"\r\nContent-Type: application/pdf\r\n\r\n',
    );
    const files = async () =>
      Number((await sql<{ n: string }>`SELECT count(*) AS n FROM pdfs`.execute(ctx.db)).rows[0]?.n);
    const before = await files();
    for (const fraction of [0.001, 0.3, 0.5, 0.7, 0.999]) {
      // The body ends inside the file's bytes; its Content-Length says exactly that many bytes.
      const payload = Buffer.concat([head, pdf.subarray(0, Math.floor(pdf.length * fraction))]);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/reportes',
        headers: {
          authorization: `Bearer ${tokens.supervisor}`,
          'content-type': 'multipart/form-data; boundary=x',
        },
        payload,
      });
      expect(res.statusCode, `${fraction}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ detail: 'Formulario multipart inválido', code: 'bad_multipart' });
    }
    expect(await files()).toBe(before);
  });

  it(`answers ${REQUESTS} malformed requests without a 5xx`, { timeout: 900_000 }, async () => {
    const rng = createRng(SEED);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < REQUESTS; i++) {
      const route = routes[i % routes.length]!;
      const options = buildRequest(route, rng, tokens);
      const res = await ctx.app.inject(options);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) {
        failures.push(
          `#${i} ${options.method} ${String(options.url).slice(0, 200)} content-type=${(options.headers as Record<string, string>)['content-type']} ${String(options.payload ?? '').slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`,
        );
      } else if (
        res.statusCode >= 400 &&
        options.method !== 'HEAD' &&
        String(res.headers['content-type'] ?? '').includes('json')
      ) {
        // Every JSON error keeps the FastAPI shape.
        const body = res.json();
        if (!('detail' in body))
          failures.push(`#${i} ${options.method} ${options.url} → ${res.statusCode} sin detail`);
      }
    }
    expect(failures, failures.slice(0, 10).join('\n')).toEqual([]);
    // The fuzzer reached past validation at least sometimes.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(422) ?? 0).toBeGreaterThan(0);
  });
});
