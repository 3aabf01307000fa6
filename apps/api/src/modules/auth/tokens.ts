import { randomUUID } from 'node:crypto';
import type { Rol } from '@socio/contracts';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'socioeconomico-api';
const AUDIENCE = 'socioeconomico';

export interface TokenClaims {
  /** id_usuario */
  sub: number;
  rol: Rol;
  /** token_version of the user when the token was issued. */
  tv: number;
}

/** A verified token: its claims plus its id (`jti`, for revocation) and expiry (seconds since the epoch). */
export interface VerifiedToken extends TokenClaims {
  jti: string;
  exp: number;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a valid token, or null (bad signature, expired, malformed). */
  verify(token: string): Promise<VerifiedToken | null>;
}

/** Most verified tokens remembered (see `verify`). */
const VERIFIED_CACHE_SIZE = 10_000;

/** HS256 JWTs signed with `secret`, valid `expiresInSeconds`. */
export function createTokenService(secret: string, expiresInSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { claims: VerifiedToken; expiresAt: number }>();
  return {
    async sign({ sub, rol, tv }) {
      return new SignJWT({ rol, tv })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(sub))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
        .sign(key);
    },
    async verify(token) {
      // A token already verified is not verified again until it expires (HMAC via WebCrypto costs ~0.1 ms a
      // request). Only valid tokens are kept; the user's state is still checked on every request.
      const cached = verified.get(token);
      if (cached) {
        if (Date.now() < cached.expiresAt) return cached.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['sub', 'exp', 'iat', 'jti'],
        });
        const sub = Number(payload.sub);
        const tv = payload.tv;
        const rol = payload.rol;
        const { jti, exp } = payload;
        if (
          !Number.isInteger(sub) ||
          sub <= 0 ||
          typeof tv !== 'number' ||
          typeof rol !== 'string' ||
          typeof jti !== 'string' ||
          typeof exp !== 'number'
        )
          return null;
        const claims: VerifiedToken = { sub, tv, rol: rol as Rol, jti, exp };
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.clear();
        verified.set(token, { claims, expiresAt: exp * 1000 });
        return claims;
      } catch {
        // Any failure (bad signature, expired, malformed, wrong claims) means "not a valid token".
        return null;
      }
    },
  };
}
