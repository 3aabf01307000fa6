import { AUTH_MESSAGES, apiRoutes } from '@socio/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from '../../domain-errors';
import { currentUser } from '../../http/auth';
import { registerRoute } from '../../http/route';
import { deviceCookieHeader } from './device';
import { changePassword, login, logout, me } from './service';

/** Login, session user, change own password. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, apiRoutes.auth.login, async (request, reply) => {
    const { session, deviceToken } = await login(app, request.body, request.ip, request.headers.cookie);
    reply.header('set-cookie', deviceCookieHeader(deviceToken, app.config.https === true));
    return session;
  });

  registerRoute(app, apiRoutes.auth.me, async (request) => me(app.db, currentUser(request)));

  registerRoute(app, apiRoutes.auth.changePassword, async (request) => {
    const user = currentUser(request);
    const answer = await changePassword(app.db, user, currentToken(request), request.body, request.id);
    app.authCache.invalidate(user.id_usuario);
    return answer;
  });

  registerRoute(app, apiRoutes.auth.logout, async (request) => {
    const user = currentUser(request);
    const answer = await logout(app.db, user, currentToken(request));
    app.authCache.invalidate(user.id_usuario);
    return answer;
  });
}

function currentToken(request: FastifyRequest) {
  if (!request.authToken) fail('unauthorized', 'not_authenticated', AUTH_MESSAGES.notAuthenticated);
  return request.authToken;
}
