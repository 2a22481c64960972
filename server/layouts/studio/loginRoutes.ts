/**
 * Who is logged in to the studio, logging in (counted against a shared limit before the password
 * is read) and logging out (the session ends on the server).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import type { CounterStore } from '../../http/counters';
import { notFound, tooMany } from '../../core/errors';
import { cookieValue, SESSION_MS, STUDIO_COOKIE, type StudioCredentials } from './auth';
import { lockMessage, loginFailed, loginLimiter } from './loginLimit';
import { authenticate, envAccounts } from './operators';
import { ok, text } from './replies';
import { openSession, revokeSession, sessionCookie, sessionOperator } from './sessions';

export interface LoginDeps {
  db: Db;
  now: () => number;
  creds: StudioCredentials | null;
  counters: CounterStore;
  secureCookies: boolean;
}

export function registerLogin(app: FastifyInstance, deps: LoginDeps): void {
  const { db, now, creds } = deps;
  const limiter = loginLimiter(deps.counters);
  const accounts = envAccounts(creds);
  const sessionTokenOf = (req: FastifyRequest) =>
    cookieValue(req.headers.cookie, STUDIO_COOKIE) ?? '';
  const cookie = (req: FastifyRequest, token: string, maxAgeMs: number) =>
    sessionCookie(req, token, maxAgeMs, deps.secureCookies);

  // Who is logged in, asked by every studio load: logged out is an answer (user null), not a
  // 401, so opening the studio logs no error in the browser's console.
  app.get('/studio/api/session', async (req) => {
    const operator = await sessionOperator(db, sessionTokenOf(req), now());
    return ok(operator ? { user: operator.name, role: operator.role } : { user: null });
  });
  app.post('/studio/api/login', async (req, reply) => {
    if (!creds) throw notFound('The studio is off.');
    const user = text(req.body, 'user');
    const password = text(req.body, 'password');
    // Per address and per account, counted before the password is read (one atomic count in the
    // shared store: concurrent tries, or tries on other instances, cannot slip past the limit);
    // guesses from rotating addresses still lock the account.
    const lock = await limiter.attempt(req.ip, user);
    if (lock) throw tooMany(lockMessage(lock));
    const operator = await authenticate(db, accounts, user, password);
    if (!operator) throw loginFailed();
    await limiter.succeeded(req.ip, user);
    reply.header(
      'Set-Cookie',
      cookie(req, await openSession(db, operator.name, now()), SESSION_MS),
    );
    return ok({ user: operator.name, role: operator.role });
  });

  // The session ends on the server: the token opens nothing any more, wherever a copy of it is.
  app.post('/studio/api/logout', async (req, reply) => {
    await revokeSession(db, sessionTokenOf(req), now());
    reply.header('Set-Cookie', cookie(req, '', 0));
    return ok(null);
  });
}
