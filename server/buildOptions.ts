/** What buildServer() can be given: main.ts sets them from the environment, tests from their needs. */
import type { SmsLimits } from './domain/sms';
import type { UploadQuota } from './domain/uploadQuota';
import type { CounterStore } from './http/counters';
import type { MetricsOptions } from './http/metricsRoute';
import type { LoggerSetting } from './http/requestLog';

export interface BuildOptions {
  /** postgres://... to use PostgreSQL; otherwise PGlite under dataDir/pglite. */
  databaseUrl?: string;
  /** PostgreSQL only: schema to run in (tests isolate themselves this way). */
  pgSchema?: string;
  dataDir?: string;
  distDir?: string;
  layoutsDir?: string;
  /** Fastify's logger: off by default; `{ level }` as main.ts sets it from LOG_LEVEL (`stream`: tests capture it). */
  logger?: LoggerSetting;
  /** Where /metrics is served and who may read it (default env METRICS_PORT, METRICS_HOST, METRICS_TOKEN). */
  metrics?: MetricsOptions;
  /** Injectable clock (tests fake time for SMS expiry and limits). */
  now?: () => Date;
  smsLimits?: Partial<SmsLimits>;
  /**
   * Demo mode (server/demo/mode.ts decides it for main.ts): seed the demo borrowers and open their
   * sessions (idempotent). Default false: the demo sessions found are revoked, nothing is seeded.
   */
  demo?: boolean;
  /** Session idle lifetime (default env SESSION_IDLE_DAYS, else 7 days). */
  sessionIdleMs?: number;
  /** Session absolute lifetime (default env SESSION_MAX_DAYS, else 90 days). */
  sessionMaxAgeMs?: number;
  /** API requests per IP per minute (default 600). */
  apiRateLimit?: number;
  /**
   * Where the API rate limit and the studio's login failures are counted (default: the database,
   * so every instance on one PostgreSQL shares the limits).
   */
  counters?: CounterStore;
  /** App pages per address per minute, counted per process (default 600: server/page/pageLimit.ts). */
  pageRateLimit?: number;
  /** Per-user upload quota (default 50 images / 50 MB per 24 h). */
  uploadQuota?: Partial<UploadQuota>;
  /** How often the published layout versions are polled (ms; default 2000, 5000 beside LISTEN on PostgreSQL). */
  layoutPollMs?: number;
  /** Proxies whose X-Forwarded-For/-Proto are believed (default env TRUST_PROXY; false: none). */
  trustProxy?: false | string[];
}
