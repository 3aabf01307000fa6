/**
 * Registers one call of the route table (`apiRoutes` in @socio/contracts): method, URL (API_BASE + its path),
 * zod schemas of params, query, body and success response, OpenAPI tag and summary, and the role guard.
 * A module's routes.ts only adds what is HTTP-specific (body limit, a pre-check) and its handler.
 */
import { ALL_ROLES, API_BASE, type ApiRoute, apiErrorSchema } from '@socio/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  preValidationAsyncHookHandler,
} from 'fastify';
import type { z } from 'zod';
import { requireRole } from './auth';

export { API_BASE };

/** The URL Fastify serves a call at: `API_BASE` + the table's path, `:name` params as Fastify reads them. */
export function apiUrl(route: Pick<ApiRoute, 'path'>): string {
  return `${API_BASE}${route.path}`;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : never;

/** A request of a call: params, query and body as its schemas parse them. */
export type RouteRequest<P, Q, B> = FastifyRequest & { params: Out<P>; query: Out<Q>; body: Out<B> };

/** A handler answers the call's response (serialised and checked against its schema), or sends itself. */
export type RouteHandler<P, Q, B, R> = (
  request: RouteRequest<P, Q, B>,
  reply: FastifyReply,
) => Promise<In<R> | FastifyReply>;

export interface RouteOptions {
  /** Body limit in bytes (the app's default otherwise). */
  bodyLimit?: number;
  /** Runs after parsing, before validation (e.g. a row-count check before validating 100,000 rows). */
  preValidation?: preValidationAsyncHookHandler;
  /** false: the answer never goes through @fastify/compress (its hook reads the fetch `Response` class). */
  compress?: false;
}

/** The error answers the OpenAPI document lists for a call. */
function errorResponses(route: ApiRoute): Record<number, z.ZodType> {
  const out: Record<number, z.ZodType> = {};
  if (route.roles !== 'public') out[401] = apiErrorSchema;
  if (route.roles !== 'public' && route.roles.length < ALL_ROLES.length) out[403] = apiErrorSchema;
  if (route.params || route.query || route.body) out[422] = apiErrorSchema;
  return out;
}

/** The success answer: the table's zod schema, or a file of the declared type (documented, never serialised). */
function successResponse(route: ApiRoute): unknown {
  if (route.response) return route.response;
  if (route.status === 204) return { description: route.summary, type: 'null' };
  const type = route.binary ?? 'application/octet-stream';
  return {
    description: route.summary,
    content: { [type]: { schema: { type: 'string', format: 'binary' } } },
  };
}

function schemaOf(route: ApiRoute): FastifySchema {
  const status = route.status ?? 200;
  return {
    tags: [route.tag],
    summary: route.summary,
    ...(route.roles === 'public' ? { security: [] } : {}),
    ...(route.params ? { params: route.params } : {}),
    ...(route.query ? { querystring: route.query } : {}),
    // A multipart body is read part by part by its handler; the table's schema checks its text fields there.
    ...(route.body && !route.multipart ? { body: route.body } : {}),
    ...(route.multipart ? { consumes: ['multipart/form-data'] } : {}),
    response: { [status]: successResponse(route), ...errorResponses(route) },
  } as FastifySchema;
}

type S = z.ZodType | undefined;

/** `registerRoute(app, apiRoutes.cargas.save, { bodyLimit }, handler)`; the options may be left out. */
export function registerRoute<P extends S, Q extends S, B extends S, R extends S>(
  app: FastifyInstance,
  route: ApiRoute<P, Q, B, R>,
  handler: RouteHandler<P, Q, B, R>,
): void;
export function registerRoute<P extends S, Q extends S, B extends S, R extends S>(
  app: FastifyInstance,
  route: ApiRoute<P, Q, B, R>,
  options: RouteOptions,
  handler: RouteHandler<P, Q, B, R>,
): void;
export function registerRoute(
  app: FastifyInstance,
  route: ApiRoute,
  optionsOrHandler: RouteOptions | RouteHandler<unknown, unknown, unknown, unknown>,
  maybeHandler?: RouteHandler<unknown, unknown, unknown, unknown>,
): void {
  const options = typeof optionsOrHandler === 'function' ? {} : optionsOrHandler;
  const handler = typeof optionsOrHandler === 'function' ? optionsOrHandler : maybeHandler;
  if (!handler) throw new Error(`Falta el manejador de ${route.method} ${route.path}`);
  const status = route.status ?? 200;
  app.route({
    method: route.method,
    url: apiUrl(route),
    schema: schemaOf(route),
    ...(route.roles === 'public' ? {} : { onRequest: requireRole(route.roles) }),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.preValidation ? { preValidation: options.preValidation } : {}),
    ...(options.compress === false ? { compress: false } : {}),
    handler: async (request, reply) => {
      if (status !== 200) reply.code(status);
      return handler(request as RouteRequest<unknown, unknown, unknown>, reply);
    },
  });
}
