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

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a valid token, or null (bad signature, expired, malformed). */
  verify(token: string): Promise<TokenClaims | null>;
}

/** Most verified tokens remembered (see `verify`). */
const VERIFIED_CACHE_SIZE = 10_000;

/** HS256 JWTs signed with `secret`, valid `expiresInSeconds`. */
export function createTokenService(secret: string, expiresInSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();
  return {
    async sign({ sub, rol, tv }) {
      return new SignJWT({ rol, tv })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(sub))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
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
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const sub = Number(payload.sub);
        const tv = payload.tv;
        const rol = payload.rol;
        if (!Number.isInteger(sub) || sub <= 0 || typeof tv !== 'number' || typeof rol !== 'string')
          return null;
        const claims: TokenClaims = { sub, tv, rol: rol as Rol };
        if (typeof payload.exp === 'number') {
          if (verified.size >= VERIFIED_CACHE_SIZE) verified.clear();
          verified.set(token, { claims, expiresAt: payload.exp * 1000 });
        }
        return claims;
      } catch {
        // Any failure (bad signature, expired, malformed, wrong claims) means "not a valid token".
        return null;
      }
    },
  };
}
