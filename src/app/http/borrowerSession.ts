/**
 * Common session parameters (spec section 2, contract section 2). The host app opens every page
 * with them in the query string; every API call and every in-app navigation carries them on.
 */
import { readPageQuery } from '@kopa/contract';

/** In the order they are written to a query string, so URLs are stable and testable. */
export const SESSION_KEYS = [
  'deviceId',
  'appVersion',
  'userId',
  'appName',
  'sessionId',
  'clientType',
  'merchantNumber',
  'mobilePhone',
  'orderId',
  'productId',
  'product_id',
  'couponId',
  'couponMoney',
  'withholdingAmount',
] as const;

export type SessionKey = (typeof SESSION_KEYS)[number];

/**
 * The session values that identify a borrower or open their account: the page never puts them in
 * a URL to another origin (src/app/security/url.ts carriesSessionValue).
 */
export const IDENTIFYING_KEYS = [
  'userId',
  'sessionId',
  'mobilePhone',
  'deviceId',
  'orderId',
] as const satisfies readonly SessionKey[];

/** Every key is present; `''` means "not given". */
export type SessionParams = Readonly<Record<SessionKey, string>>;

/** Values for the custom request headers (spec section 7), read from the page query. */
export const HEADER_SOURCE_KEYS = ['building', 'gather', 'swift', 'eyes'] as const;
export type HeaderSourceKey = (typeof HEADER_SOURCE_KEYS)[number];
export type HeaderSources = Readonly<Record<HeaderSourceKey, string>>;

export interface Session {
  params: SessionParams;
  headers: HeaderSources;
  /**
   * The page's `lang` as the host wrote it ('' when not given). Every API call carries it, so the
   * server's texts (statuses, detail lines, notices, errors) come in the page's language
   * (contract section 7; docs/decisions/025-one-language-flows-phone-screens.md). Not a spec session
   * parameter: navigation carries the parsed language instead (src/app/shell/language.ts).
   */
  lang?: string;
}

export interface SessionDefaults {
  defaultMerchantNumber: string;
}

/** A key's value: the one reading of a query (src/contract/servedPage/query.ts, a repeated key's first value). */
function toReader(search: string | URLSearchParams): (key: string) => string | undefined {
  if (typeof search !== 'string') return (key) => search.get(key) ?? undefined;
  const query = readPageQuery(search);
  return (key) => query[key];
}

/** Read the session from a query string (`?a=1&b=2`, with or without `?`) or URLSearchParams. */
export function readSession(search: string | URLSearchParams, defaults: SessionDefaults): Session {
  const read = toReader(search);
  const get = (k: string): string => read(k) ?? '';

  const params = {} as Record<SessionKey, string>;
  for (const key of SESSION_KEYS) params[key] = get(key);

  // One parameter under two names: hosts send either, endpoints read either. Only a missing one
  // is filled (contract section 2): when both are given, each keeps its own value.
  if (params.productId === '') params.productId = params.product_id;
  if (params.product_id === '') params.product_id = params.productId;
  if (params.merchantNumber === '') params.merchantNumber = defaults.defaultMerchantNumber;

  const headers = {} as Record<HeaderSourceKey, string>;
  for (const key of HEADER_SOURCE_KEYS) headers[key] = get(key);

  return { params, headers, lang: get('lang') };
}

export interface CommonQueryOptions {
  /**
   * Also carry `building`/`gather`/`swift`/`eyes`. Navigation needs them so the next page (or a
   * reload) can still build its headers; API calls leave them out of the URL because they
   * already travel as headers and URLs end up in logs.
   */
  withHeaderSources?: boolean;
}

/** The common query string, without a leading `?`; empty values are left out. */
export function commonQueryString(session: Session, options: CommonQueryOptions = {}): string {
  const q = new URLSearchParams();
  for (const key of SESSION_KEYS) {
    const v = session.params[key];
    if (v !== '') q.append(key, v);
  }
  if (options.withHeaderSources) {
    for (const key of HEADER_SOURCE_KEYS) {
      const v = session.headers[key];
      if (v !== '') q.append(key, v);
    }
  }
  return q.toString();
}

/** A session with nothing but the defaults (tests, the developer preview page). */
export function emptySession(defaults: SessionDefaults): Session {
  return readSession('', defaults);
}
