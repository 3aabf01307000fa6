/**
 * 0003: hardening of sign-in and uploads.
 *
 * - `login_throttle`: one counter row per throttle key (`e:<email>|<ip>` and `a:<ip>`), checked and counted by a
 *   single `INSERT … ON CONFLICT … DO UPDATE … RETURNING`, so parallel attempts (and several servers on one
 *   PostgreSQL) cannot all read "under the limit" before any of them is counted.
 * - `revoked_tokens`: tokens signed out (`POST /api/auth/logout`), kept until they would have expired.
 * - `usuarios.kept_jti` / `kept_tv`: the one token that survives its own password change (every other token of
 *   the user stops working because `token_version` is bumped).
 * - `reportes.pdf_paginas`: page count of the uploaded PDF, read by parsing it on the server.
 */
export const migration0003 = {
  name: '0003_hardening',
  up: /* sql */ `
CREATE TABLE login_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  window_start timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_throttle_window_idx ON login_throttle (window_start);

CREATE TABLE revoked_tokens (
  jti text PRIMARY KEY,
  id_usuario integer NOT NULL REFERENCES usuarios (id_usuario) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX revoked_tokens_user_idx ON revoked_tokens (id_usuario, expires_at);

ALTER TABLE usuarios ADD COLUMN kept_jti text, ADD COLUMN kept_tv integer;

ALTER TABLE reportes ADD COLUMN pdf_paginas integer;
`,
};
