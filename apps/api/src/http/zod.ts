import type { ValidationIssue } from '@socio/contracts';
import type { FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider } from 'fastify';
import { z } from 'zod';
import { jsonAnswer } from './big-json';

// People read the API's answers in Spanish: zod's own messages (checks without a message of ours) too.
z.config(z.locales.es());

/** Fastify type provider: route schemas are zod schemas; handlers see the parsed (output) types. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** Largest PostgreSQL `integer` (int4): no id is above it. */
export const MAX_INT4 = 2 ** 31 - 1;

/** Where a part of the request sits in a FastAPI `loc`. */
const LOC_PREFIX: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

/** Validation failure carrying the FastAPI `detail` array. */
export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  readonly statusCode = 422;
  readonly issues: ValidationIssue[];
  constructor(issues: ValidationIssue[]) {
    super('Error de validación');
    this.issues = issues;
  }
}

/** Maps zod issues to FastAPI `{loc, msg, type}` items under `part` ('body', 'query', 'path', 'header'). */
export function toValidationIssues(error: z.ZodError, part: string): ValidationIssue[] {
  return error.issues.map((issue) => ({
    loc: [part, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
    msg: issue.message,
    type: issue.code,
  }));
}

function isZodSchema(schema: unknown): schema is z.ZodType {
  return schema instanceof z.ZodType;
}

/** Validator compiler: parses with the route's zod schema; the parsed value replaces the raw one. */
export const zodValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (!isZodSchema(schema)) {
    throw new Error(`El esquema de ${httpPart ?? 'la petición'} debe ser un esquema zod`);
  }
  const part = LOC_PREFIX[httpPart ?? 'body'] ?? 'body';
  return (data: unknown) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(toValidationIssues(result.error, part)) };
  };
};

/**
 * Serializer compiler: the answer's JSON text (`jsonAnswer`: streamed when it carries a very long list),
 * optionally checking the body against the response schema first (enabled in tests so a handler drifting
 * from the contract fails loudly).
 */
export function zodSerializerCompiler(validate: boolean): FastifySerializerCompiler<unknown> {
  // Fastify types a serializer's result as a string; a stream it returns is sent as a stream.
  const serialize = jsonAnswer as (data: unknown) => string;
  return ({ schema, url, method }) => {
    if (!validate || !isZodSchema(schema)) return serialize;
    return (data) => {
      const result = schema.safeParse(data);
      if (!result.success) {
        throw new Error(
          `La respuesta de ${method} ${url} no cumple su contrato: ${JSON.stringify(result.error.issues.slice(0, 3))}`,
        );
      }
      return serialize(data);
    };
  };
}

/** zod → JSON Schema for the OpenAPI document (inputs as accepted, outputs as produced). */
export function zodToJsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<
    string,
    unknown
  >;
  delete json.$schema;
  return json;
}
