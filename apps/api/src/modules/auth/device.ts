/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a browser that has signed in
 * to an account gets a signed cookie for that account. Its next sign-ins are throttled on their own counter,
 * so other people's failures from the same address (an office NAT, a TLS proxy) never lock it out; failures
 * of unknown browsers still throttle the account and the address.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'socio_dispositivo';
/** A year: the cookie only relaxes throttling for the account it was issued to. */
const DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function signature(secret: string, email: string, nonce: string): Buffer {
  return createHmac('sha256', secret).update(`dispositivo|${email}|${nonce}`).digest();
}

/** A new device token for `email`: `nonce.signature`; the e-mail itself is not in the cookie. */
export function issueDeviceToken(secret: string, email: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${signature(secret, email, nonce).toString('base64url')}`;
}

/** The value of the device cookie in a `Cookie` header, if any. */
function cookieValue(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === DEVICE_COOKIE) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The device's nonce when the request carries a valid device cookie issued for `email`; null otherwise. */
export function trustedDevice(
  secret: string,
  cookieHeader: string | undefined,
  email: string,
): string | null {
  const value = cookieValue(cookieHeader);
  const match = value ? /^([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{40,64})$/.exec(value) : null;
  if (!match) return null;
  const [, nonce = '', sig = ''] = match;
  const expected = signature(secret, email, nonce);
  const given = Buffer.from(sig, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}

/** The `Set-Cookie` value for a device token: sent only to the login call, never readable by scripts. */
export function deviceCookieHeader(token: string, secure: boolean): string {
  return [
    `${DEVICE_COOKIE}=${token}`,
    'Path=/api/auth/login',
    `Max-Age=${DEVICE_MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
