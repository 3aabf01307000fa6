import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { apiRoutes, type ErrorCode, isLoginPath, PRERENDERED_LOGIN_PAGE } from '@socio/contracts';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchema,
  type FastifyServerOptions,
} from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppConfig } from './config';
import { type DatabaseHandle, type DatabaseKind, pingDatabase } from './db/index';
import type { Database } from './db/schema';
import { DomainError } from './domain-errors';
import { registerAuth, subscribeAuthInvalidation } from './http/auth';
import { domainErrorReply, ERROR_MESSAGES, type ErrorBody, isCutMultipart } from './http/errors';
import { API_BASE, registerRoute } from './http/route';
import {
  RequestValidationError,
  type ZodTypeProvider,
  zodSerializerCompiler,
  zodToJsonSchema,
  zodValidatorCompiler,
} from './http/zod';
import { authRoutes } from './modules/auth/routes';
import { createTokenService } from './modules/auth/tokens';
import { cargasRoutes } from './modules/cargas/routes';
import { catalogosRoutes } from './modules/catalogos/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { entregasRoutes } from './modules/entregas/routes';
import { foliosRoutes } from './modules/folios/routes';
import { reportesRoutes } from './modules/reportes/routes';
import { usersRoutes } from './modules/users/routes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbKind: DatabaseKind;
    config: AppConfig;
    /** Every route registered (method and URL, HEAD included): the route-table test reads it. */
    registeredRoutes: ReadonlyArray<{ method: string; url: string }>;
  }
}

export interface BuildAppOptions {
  /** The database: a handle from `createDatabase`, or a Kysely instance plus `kind`. */
  db: DatabaseHandle | Kysely<Database>;
  kind?: DatabaseKind;
  config: AppConfig;
}

/** Default JSON body limit; routes that take big payloads (cargas) raise it with `bodyLimit`. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** Responses smaller than this are sent as they are (compressing them costs more than it saves). */
export const COMPRESS_THRESHOLD = 1024;

/** Content-Security-Policy compatible with the SPA (pdf.js workers, blob: PDFs, inline styles of charts). */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  imgSrc: ["'self'", 'data:', 'blob:'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ["'self'", 'blob:'],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  // The app is often served over plain HTTP on an internal network: never rewrite requests to https.
  upgradeInsecureRequests: null,
};

const INPUT_PARTS = ['body', 'querystring', 'params', 'headers'] as const;

/** @fastify/swagger transform: route zod schemas → JSON Schema. */
function openApiTransform({ schema, url }: { schema: FastifySchema; url: string }) {
  if (!schema) return { schema, url };
  const out: Record<string, unknown> = { ...schema };
  for (const part of INPUT_PARTS) {
    const s = (schema as Record<string, unknown>)[part];
    if (s instanceof z.ZodType) out[part] = zodToJsonSchema(s, 'input');
  }
  const response = (schema as { response?: Record<string, unknown> }).response;
  if (response) {
    out.response = Object.fromEntries(
      Object.entries(response).map(([code, s]) => [
        code,
        s instanceof z.ZodType ? zodToJsonSchema(s, 'output') : s,
      ]),
    );
  }
  return { schema: out as FastifySchema, url };
}

/** Errors caused by the request's content rather than by the server (see the error handler). */
function classifyInputError(error: unknown): { status: number; detail: string; code: ErrorCode } | null {
  const e = error as { code?: unknown; severity?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  // A body cut off by the client (connection closed inside a multipart file part) is the request's fault.
  if (isCutMultipart(error))
    return { status: 400, detail: ERROR_MESSAGES.badMultipart, code: 'bad_multipart' };
  if (/^[0-9A-Z]{5}$/.test(code) && e.severity !== undefined) {
    if (code === '23505') return { status: 409, detail: ERROR_MESSAGES.duplicate, code: 'duplicate' };
    if (code.startsWith('22') || code === '23502' || code === '23503' || code === '23514') {
      return { status: 422, detail: ERROR_MESSAGES.invalidData, code: 'invalid_data' };
    }
  }
  return null;
}

/** Fastify's own failures that keep one fixed answer per status. */
const PLAIN_STATUS_ERRORS = {
  404: { detail: ERROR_MESSAGES.notFound, code: 'not_found' },
  405: { detail: ERROR_MESSAGES.methodNotAllowed, code: 'method_not_allowed' },
  413: { detail: ERROR_MESSAGES.bodyTooLarge, code: 'body_too_large' },
  415: { detail: ERROR_MESSAGES.unsupportedMediaType, code: 'unsupported_media_type' },
} as const satisfies Record<number, ErrorBody>;

function isApiPath(url: string): boolean {
  return url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`);
}

/** The `schemaController.compilersFactory` option of Fastify. */
type SchemaCompilersFactory = NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

/**
 * Swagger UI at `/api/docs`, loaded by the first request for it, not by every start: requiring @fastify/swagger-ui
 * (and the static-file server and YAML writer it brings) cost each start 68-167 ms and ~10 MB of a server that
 * mostly never shows its documentation. Its plugin runs in a Fastify instance of its own, built on that first
 * request, with this app's OpenAPI document; the app forwards the request to it and sends back its answer
 * (through this app's hooks: headers, compression).
 */
function registerLazyDocs(app: FastifyInstance): void {
  const prefix = `${API_BASE}/docs`;
  let docs: Promise<FastifyInstance> | null = null;
  const load = async () => {
    const { fastifySwaggerUi } = await import('@fastify/swagger-ui');
    const ui = Fastify({ logger: false });
    ui.decorate('swagger', app.swagger.bind(app));
    // Called inside a plugin of our own: registered as itself, its declared dependency on @fastify/swagger (which
    // lives in the app, not here) would be checked in this instance.
    // (Typed as a callback plugin; it is an async function that takes no callback.)
    const plugin = fastifySwaggerUi as unknown as (instance: FastifyInstance, opts: object) => Promise<void>;
    await ui.register(async (instance) => {
      await plugin(instance, { routePrefix: prefix, uiConfig: { docExpansion: 'list' } });
    });
    await ui.ready();
    return ui;
  };
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    docs ??= load().catch((err) => {
      docs = null;
      throw err;
    });
    const res = await (await docs).inject({ method: 'GET', url: request.url, headers: request.headers });
    const {
      'content-length': _length,
      'transfer-encoding': _chunked,
      connection: _connection,
      ...headers
    } = res.headers;
    return reply.code(res.statusCode).headers(headers).send(res.rawPayload);
  };
  app.get(prefix, { schema: { hide: true } }, forward);
  app.get(`${prefix}/*`, { schema: { hide: true } }, forward);
}

/** Builds the Fastify app: plugins, error shapes, security headers, docs and every module under `/api`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const db = 'db' in options.db && 'kind' in options.db ? options.db.db : (options.db as Kysely<Database>);
  const kind: DatabaseKind =
    'db' in options.db && 'kind' in options.db ? options.db.kind : (options.kind ?? 'pglite');

  const app = Fastify({
    logger: config.logLevel === false ? false : { level: config.logLevel },
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Fastify accepts each form of TRUST_PROXY, but its overloads cannot pick one for the union.
    trustProxy: (config.trustProxy ?? false) as boolean,
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Every schema is zod: given here, Fastify never loads its default compilers (ajv and
    // fast-json-stringify, ~55 ms of every start).
    schemaController: {
      // Fastify types these factories for ajv's schemas only; ours take zod schemas (http/zod.ts).
      compilersFactory: {
        buildValidator: () => zodValidatorCompiler,
        buildSerializer: () => zodSerializerCompiler(config.validateResponses),
      } as unknown as SchemaCompilersFactory,
    },
    // Router-level failures (malformed %-encoding, over-long path parameter) keep the `{ detail }` shape.
    frameworkErrors(error, _request, reply) {
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      const body: ErrorBody =
        error.code === 'FST_ERR_BAD_URL'
          ? { detail: ERROR_MESSAGES.badUrl, code: 'bad_url' }
          : status === 414
            ? { detail: ERROR_MESSAGES.uriTooLong, code: 'uri_too_long' }
            : { detail: ERROR_MESSAGES.badRequest, code: 'bad_request' };
      void (reply as unknown as FastifyReply).code(status).send(body);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('db', db);
  app.decorate('dbKind', kind);
  app.decorate('config', config);
  const registeredRoutes: Array<{ method: string; url: string }> = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) registeredRoutes.push({ method, url: r.url });
  });
  registerAuth(app, createTokenService(config.jwtSecret, config.jwtExpiresInSeconds));
  // Other servers' deactivations, logouts and password changes reach this one's auth cache at once.
  if ('listen' in options.db) await subscribeAuthInvalidation(app, options.db.listen);

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    return payload;
  });

  app.setErrorHandler((error: FastifyError | DomainError | RequestValidationError, request, reply) => {
    if (error instanceof DomainError) {
      const answer = domainErrorReply(error);
      return reply.status(answer.status).headers(answer.headers).send(answer.body);
    }
    if (error instanceof RequestValidationError) {
      return reply.status(422).send({ detail: error.issues, code: 'validation' } satisfies ErrorBody);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    const code = 'code' in error ? error.code : undefined;
    if (
      code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      (status === 400 && error instanceof SyntaxError)
    ) {
      return reply.status(422).send({
        detail: [{ loc: ['body'], msg: ERROR_MESSAGES.invalidJson, type: 'json_invalid' }],
        code: 'invalid_json',
      } satisfies ErrorBody);
    }
    const plain = (PLAIN_STATUS_ERRORS as Partial<Record<number, ErrorBody>>)[status];
    if (plain) return reply.status(status).send(plain);
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'petición rechazada');
      return reply
        .status(status)
        .send({ detail: ERROR_MESSAGES.badRequest, code: 'bad_request' } satisfies ErrorBody);
    }
    // Safety net for bad input that slipped past a route's own checks: malformed multipart bodies
    // (busboy errors carry no status) and PostgreSQL data/integrity errors. Logged, answered 4xx.
    const inputError = classifyInputError(error);
    if (inputError) {
      request.log.warn({ err: error }, 'entrada inválida detectada fuera de la validación');
      return reply
        .status(inputError.status)
        .send({ detail: inputError.detail, code: inputError.code } satisfies ErrorBody);
    }
    request.log.error({ err: error, request_id: request.id }, 'error no controlado');
    return reply
      .status(500)
      .send({ detail: ERROR_MESSAGES.internal, code: 'internal', request_id: request.id });
  });

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    // HSTS only when the app is reached over HTTPS (HTTPS=1, a TLS proxy in front): over plain HTTP on an
    // internal network it would make browsers refuse the other internal HTTP sites of the domain.
    hsts: config.https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  });

  // Responses over 1 KB compressed when the client accepts it (brotli at a fast level, else gzip);
  // request bodies sent with `Content-Encoding: gzip|deflate|br` are decompressed before parsing, and
  // the route's body limit counts the DECOMPRESSED bytes (fastify's raw-body reader, or for the cargas'
  // files http/big-json.ts), so a zip bomb gets 413 instead of filling the memory. Precompressed static
  // files already carry their encoding.
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    requestEncodings: ['gzip', 'deflate', 'br'],
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Socioeconómico API',
        description:
          'API del back-office de estudios socioeconómicos. Errores con la forma `{ "detail": ..., "code": ... }`: `code` es estable, `detail` es el texto para la persona.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: openApiTransform,
  });
  registerLazyDocs(app);
  app.get(`${API_BASE}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());

  // Not compressed (a few bytes): @fastify/compress's hook asks whether the answer is a fetch Response, and the
  // first read of that class loads Node's fetch (~80 ms of CPU), which the first /api/health of a start paid.
  registerRoute(app, apiRoutes.sistema.health, { compress: false }, async () => ({
    status: 'ok' as const,
    db: await pingDatabase(db, kind),
  }));

  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(catalogosRoutes);
  await app.register(cargasRoutes);
  await app.register(reportesRoutes);
  await app.register(dashboardRoutes);
  await app.register(entregasRoutes);
  await app.register(foliosRoutes);

  const appDir = config.serveAppDir;
  const serveApp = appDir !== null && existsSync(path.join(appDir, 'index.html'));
  // The build's /login with the form already in the HTML (an app built without it has none).
  const loginPage = serveApp && existsSync(path.join(appDir, PRERENDERED_LOGIN_PAGE));
  if (appDir !== null && !serveApp) {
    app.log.warn({ dir: appDir }, 'SERVE_APP_DIR no contiene index.html: solo se sirve la API');
  }
  if (serveApp) {
    await app.register(fastifyStatic, {
      root: appDir,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      // dist/ holds .br/.gz twins from the build (apps/backoffice/build/precompress.ts): chosen by
      // Accept-Encoding, with `Vary: Accept-Encoding`.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const rel = path.relative(appDir, filePath).split(path.sep).join('/');
        reply.header(
          'cache-control',
          rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (
      serveApp &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(pathname) &&
      // A missing hashed asset (or a source map, never served) is a 404, not the SPA's index.html.
      !pathname.startsWith('/assets/')
    ) {
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile(loginPage && isLoginPath(pathname) ? PRERENDERED_LOGIN_PAGE : 'index.html');
    }
    return reply.status(404).send(PLAIN_STATUS_ERRORS[404]);
  });

  return app;
}
