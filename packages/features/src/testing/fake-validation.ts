/**
 * Request validation in the in-memory ports, with the server's own schema from `@socio/contracts`: the parsed
 * value, or the 422 `{ code: 'validation' }` the API answers, one issue per problem (`loc`, `msg`, `type`).
 */
import type { z } from 'zod';
import { ApiError } from '../errors';

export function parseLikeServer<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({
    loc: ['body', ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
    msg: issue.message,
    type: issue.code,
  }));
  throw new ApiError(422, issues, 'validation');
}
