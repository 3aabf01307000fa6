/**
 * Helpers of the port scenarios (`<feature>/<feature>.scenarios.ts`), which run on both a fake and the HTTP
 * adapter against the real API. Not exported by the testing barrel: only those scenario files import it.
 */
import { errorDetail, isApiError } from '../errors';

/** A failed call as a screen sees it: the status, the stable code it decides by and the text it shows. */
export async function refusal(
  call: Promise<unknown>,
): Promise<{ status: number; code: string | undefined; detail: string }> {
  try {
    await call;
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { status: error.status, code: error.code, detail: errorDetail(error) };
  }
  throw new Error('la llamada no falló');
}

/** What a failed call looks like from a screen: the status and the text it would show. */
export async function failure(call: Promise<unknown>): Promise<{ status: number; detail: string }> {
  const { status, detail } = await refusal(call);
  return { status, detail };
}
