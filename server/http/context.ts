/** Everything a route needs, built once per server instance (no module-level state). */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../core/config';
import type { ServerCatalogue, Validators } from '../core/catalogue';
import type { Db } from '../db';
import type { SmsService } from '../domain/sms';
import type { UploadQuota } from '../domain/uploadQuota';
import type { WireMapper } from '../core/wire';
import type { ResponseCheck, SessionLifetimes } from '../core/settings';

export interface ServerContext {
  db: Db;
  cfg: AppConfig;
  catalogue: ServerCatalogue;
  validators: Validators;
  wire: WireMapper;
  sms: SmsService;
  now: () => Date;
  /** HMAC key of repayTokens: lib/tokens serverSecret, read (or created) once at start. */
  secret: string;
  dataDir: string;
  uploadsDir: string;
  log: FastifyBaseLogger;
  /** NODE_ENV=test: test-only routes exist. */
  testMode: boolean;
  /** What a response breaking its schema does: 500 in development and test, logged in production (endpoint.ts). */
  responseCheck: ResponseCheck;
  /** Idle and absolute session lifetimes (session.ts). */
  sessionLifetimes: SessionLifetimes;
  /** Per-user upload quota in a rolling window (lib/uploadQuota.ts). */
  uploadQuota: UploadQuota;
}
