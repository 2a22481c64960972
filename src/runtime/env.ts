/**
 * Everything the runtime needs from its host, injected as one object (amis calls it `env`) so
 * tests swap in fakes. Only src/app/shell builds the real one.
 */
import type { ApiResult } from '@kopa/contract';

/** What env.call resolves to: the HTTP client's own result type (src/contract/result.ts), not a copy. */
export type CallResult = ApiResult<unknown>;

/**
 * The error a layout sees (onError scope, a data source's error nodes): code (the server's code or
 * the transport kind: timeout, network, bad-response, ...), message (never empty) and
 * serverMessage (the server's own message, '' when it sent none or never answered); requestId
 * when the server named the failed request (the error screen shows it as a reference).
 */
export interface CallError {
  code: string;
  message: string;
  serverMessage: string;
  requestId?: string;
}

export function callError(result: Exclude<CallResult, { ok: true }>): CallError {
  const error: CallError =
    result.kind === 'server'
      ? {
          code: result.code,
          message: result.message,
          serverMessage: result.serverMessage ?? result.message,
        }
      : { code: result.kind, message: result.message, serverMessage: '' };
  if (result.requestId) error.requestId = result.requestId;
  return error;
}

export interface CallOptions {
  signal?: AbortSignal;
  idempotencyKey?: string;
  query?: Record<string, unknown>;
}

export interface BridgeOutcome {
  ok: boolean;
  reason?: string;
}

/**
 * The labels of the data that reach each URL (or message) of a layout, by the JSON pointer of
 * the value that holds it: the checker's information flow, carried by the compiled layout
 * (schemas/compiled-layout.schema.json `labels`).
 */
export type UrlLabels = Readonly<Record<string, readonly string[] | undefined>>;

/** Where a URL is written and the labels of the data it carries ([] when none). */
export interface UrlSite {
  pointer: string;
  labels: readonly string[];
}

export interface ToastOptions {
  kind?: 'default' | 'info' | 'loading';
  duration?: number;
}

/**
 * The values the app keeps on the device (localStorage under the prefix `kopa:`, the spec's own
 * keys such as `repaymentInfo` under their own name; JSON values).
 * Keys here are without the prefix. Never throws: storage may be disabled or full.
 */
export interface LocalStore {
  /** Every kept value by key; unreadable or corrupt entries are left out (read as absent). */
  readAll(): Record<string, unknown>;
  /** Writes one value; `ok: false` (with why) when the browser refused it, e.g. over quota. */
  set(key: string, value: unknown): { ok: true } | { ok: false; reason: string };
  remove(key: string): void;
}

export interface RuntimeEnv {
  call(
    endpoint: string,
    params: Record<string, unknown>,
    options?: CallOptions,
  ): Promise<CallResult>;
  /**
   * The app's bridge loads with its own chunk, so its outcome may come later (src/app/shell/createEnv.ts).
   * `labels`: those of the data each argument carries, by argument name (none: no label).
   */
  bridge(
    action: string,
    args: Record<string, unknown>,
    labels?: Readonly<Record<string, readonly string[]>>,
  ): BridgeOutcome | Promise<BridgeOutcome>;
  /** In-app navigation to a same-origin path (query included). */
  navigate(path: string, options?: { replace?: boolean }): void;
  /** Leave the app for an already-checked URL. */
  leave(url: string, options?: { replace?: boolean }): void;
  toast(message: string, options?: ToastOptions): () => void;
  copyText(text: string): Promise<boolean>;
  /** Report a problem (the shell logs each distinct one once and keeps it in window.__kopaReports). */
  report(problem: { pointer: string; message: string; kind: string }): void;
  newIdempotencyKey(): string;
  /** The page's own query string values (session parameters included). */
  query: Readonly<Record<string, string>>;
  /** Common session query string carried by in-app navigation (no leading '?'). */
  commonQuery(): string;
  /** Route table lookup: key -> path, or undefined. */
  routePath(key: string): string | undefined;
  /** Checks a link against the redirect allowlist; a labelled one (`at`) may not leave this origin. */
  checkUrl(
    raw: string,
    at?: UrlSite,
  ): { ok: true; url: string; external: boolean } | { ok: false; reason: string };
  /** URL of an image endpoint (client image, e.g. the captcha) with params and the session query; null for an unknown or non-GET endpoint. */
  imageUrl(endpoint: string, params: Record<string, unknown>): string | null;
  /** Checks an image source (same-origin path, https on an image host, data:image); null when refused. */
  checkImageUrl(raw: string, at?: UrlSite): string | null;
  /** Checks a frame source (same-origin path, https on a frame host, no session value in it). */
  checkFrameUrl(
    raw: string,
    at?: UrlSite,
  ): { ok: true; url: string; external: boolean } | { ok: false; reason: string };
  /** Values exposed to bindings as config.* (currency label, service phone, ...). */
  config: Readonly<Record<string, unknown>>;
  /** Shows development diagnostics (fallback boxes name the node and the error). */
  dev: boolean;
  /**
   * Subscribes to the native host's back signal (the host calls window.KopaHost.back(), see
   * src/app/bridge/README.md). The latest subscriber handles it; returns the unsubscribe.
   */
  onHostBack(handler: () => void): () => void;
  /** Values kept on the device: local.* in bindings, the storage action and layout persist. */
  local: LocalStore;
}
