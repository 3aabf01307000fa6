/**
 * Helpers of the port scenarios (`<feature>/<feature>.scenarios.ts`), which run on both a fake and the HTTP
 * adapter against the real API. Not exported by the testing barrel: only those scenario files import it.
 */
import { errorDetail, isApiError } from '../errors';

/** What a failed call looks like from a screen: the status and the text it would show. */
export async function failure(call: Promise<unknown>): Promise<{ status: number; detail: string }> {
  try {
    await call;
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { status: error.status, detail: errorDetail(error) };
  }
  throw new Error('la llamada no falló');
}
