/**
 * The server's Prometheus metrics (prom-client), one registry per process: the code that does a
 * thing counts it where it happens (a refused request, a failed login, a publish, an SMS), with no
 * handle to pass around, as the process metrics are per process too. Names follow Prometheus
 * style: the `kopa_` prefix, a unit suffix, `_total` on counters; labels take a few fixed values
 * each (a route's pattern, never its URL), so no session value, id or phone reaches a label.
 * The list is in docs/running.md ("Metrics").
 */
import type { LogEvent } from 'kysely';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

export const httpDuration = new Histogram({
  name: 'kopa_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const dbQueryDuration = new Histogram({
  name: 'kopa_db_query_duration_seconds',
  help: 'Time of one database query, by operation (select, insert, update, delete, raw) and outcome (ok, error).',
  labelNames: ['operation', 'outcome'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers,
});

export const rateLimitRefusals = new Counter({
  name: 'kopa_rate_limit_refusals_total',
  help: 'Requests refused by a rate limit (429), by limit: api (per address, the API), page (per address, the app pages) or sms (SMS codes per phone and per address).',
  labelNames: ['limit'] as const,
  registers,
});

export const studioLoginFailures = new Counter({
  name: 'kopa_studio_login_failures_total',
  help: 'Studio logins refused for a wrong user name or password.',
  registers,
});

export const studioLoginLockouts = new Counter({
  name: 'kopa_studio_login_lockouts_total',
  help: 'Studio login tries refused because the address or the account is locked, by kind (address, account).',
  labelNames: ['kind'] as const,
  registers,
});

export const layoutPublishes = new Counter({
  name: 'kopa_layout_publishes_total',
  help: 'New published layout versions, by action (publish, import, import-forced).',
  labelNames: ['action'] as const,
  registers,
});

export const layoutRollbacks = new Counter({
  name: 'kopa_layout_rollbacks_total',
  help: 'Layouts rolled back to an earlier version.',
  registers,
});

export const smsSent = new Counter({
  name: 'kopa_sms_sent_total',
  help: 'SMS codes issued, by purpose (login, register, repay, del).',
  labelNames: ['purpose'] as const,
  registers,
});

const OPERATIONS: Readonly<Record<string, string>> = {
  SelectQueryNode: 'select',
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
  RawNode: 'raw',
};

/** Kysely's `log` hook (server/db/index.ts): every query's time, on PGlite and PostgreSQL alike. */
export function observeQuery(event: LogEvent): void {
  const kind = event.query.query.kind;
  dbQueryDuration.observe(
    {
      operation: Object.hasOwn(OPERATIONS, kind) ? OPERATIONS[kind] : 'other',
      outcome: event.level === 'query' ? 'ok' : 'error',
    },
    event.queryDurationMillis / 1000,
  );
}
