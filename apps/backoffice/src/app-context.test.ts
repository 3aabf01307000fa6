import { ApiError } from '@socio/features/errors';
import { createMemorySessionStore } from '@socio/features/testing';
import { describe, expect, it } from 'vitest';
import { createAppContext } from './app-context';

/** How long a query that always fails waits in retries before it shows its error. */
function totalRetryWait(error: unknown): number {
  const { queryClient } = createAppContext({ store: createMemorySessionStore(null) });
  const { retry, retryDelay } = queryClient.getDefaultOptions().queries ?? {};
  let waited = 0;
  for (let failures = 0; failures < 10; failures++) {
    const again = typeof retry === 'function' ? retry(failures, error as Error) : Boolean(retry);
    if (!again) break;
    waited += typeof retryDelay === 'function' ? retryDelay(failures, error as Error) : (retryDelay ?? 1000);
  }
  return waited;
}

describe('query retry policy (issue 14 item 10)', () => {
  it('a network failure or a 5xx shows its error within 2 s (one quick retry, no backoff of seconds)', () => {
    expect(totalRetryWait(new TypeError('Failed to fetch'))).toBeLessThanOrEqual(1000);
    expect(totalRetryWait(new ApiError(503, 'No disponible'))).toBeLessThanOrEqual(1000);
  });

  it('an answer the server meant (4xx) is not asked again', () => {
    expect(totalRetryWait(new ApiError(404, 'No encontrado'))).toBe(0);
  });
});
