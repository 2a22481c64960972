/**
 * Server settings that several layers read and that depend on nothing: session lifetimes and
 * what a response breaking its schema does. Kept here, below http/, so that the context, the
 * endpoint wrapper and the session reader do not import each other for a type.
 */

export interface SessionLifetimes {
  /** No request for this long ends the session. */
  idleMs: number;
  /** Since creation, whatever the use. */
  absoluteMs: number;
}

const DAY = 86_400_000;
export const DEFAULT_SESSION_LIFETIMES: SessionLifetimes = {
  idleMs: 7 * DAY,
  absoluteMs: 90 * DAY,
};

/** SESSION_IDLE_DAYS / SESSION_MAX_DAYS (positive numbers of days) override the defaults. */
export function sessionLifetimesFromEnv(env: NodeJS.ProcessEnv): SessionLifetimes {
  const days = (v: string | undefined, fallback: number) => {
    const n = Number(v);
    return v && Number.isFinite(n) && n > 0 ? n * DAY : fallback;
  };
  return {
    idleMs: days(env.SESSION_IDLE_DAYS, DEFAULT_SESSION_LIFETIMES.idleMs),
    absoluteMs: days(env.SESSION_MAX_DAYS, DEFAULT_SESSION_LIFETIMES.absoluteMs),
  };
}

/**
 * What a response that breaks its schema does: `strict` (NODE_ENV development or test)
 * answers 500 so the drift is seen where it is made; `log` (production, or NODE_ENV unset as under
 * `npm start`) answers it as it is and logs, because a borrower is better served by data the
 * app's own boundary may still accept than by an error.
 */
export type ResponseCheck = 'strict' | 'log';

export function responseCheckFor(nodeEnv: string | undefined): ResponseCheck {
  return nodeEnv === 'development' || nodeEnv === 'test' ? 'strict' : 'log';
}
