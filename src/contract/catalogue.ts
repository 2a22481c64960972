/**
 * The endpoint catalogue (`schemas/api/endpoints.json`) as the client sees it. The client takes
 * it as a parameter rather than importing the file, so tests run against small fixtures.
 */

/** `image` endpoints are URLs for `<img src>` (the captcha), never fetched as JSON. */
export type ClientKind = 'json' | 'form' | 'multipart' | 'image';
export type HttpMethod = 'GET' | 'POST';
/** `"0"` accepts number 0 or string "0"; `"00"` accepts exactly the string "00". */
export type SuccessCode = '0' | '00';

export interface EndpointSpec {
  /** Without the `/vexed` prefix; may contain the literal `{provider}`. */
  path: string;
  method: HttpMethod;
  client: ClientKind;
  success: SuccessCode;
  request?: string;
  response?: string;
  description?: string;
}

export interface Catalogue {
  endpoints: Readonly<Record<string, EndpointSpec>>;
}

/** Own entries only: a layout naming `constructor` or `__proto__` must not find anything. */
export function findEndpoint(catalogue: Catalogue, name: string): EndpointSpec | undefined {
  return Object.prototype.hasOwnProperty.call(catalogue.endpoints, name)
    ? catalogue.endpoints[name]
    : undefined;
}

export function substituteProvider(path: string, provider: string): string {
  return path.split('{provider}').join(encodeURIComponent(provider));
}

/** The path as the app's catalogue holds it: the older family lives under one configurable prefix. */
export function clientPath(path: string, legacyPrefix: string): string {
  return path.replace('/{legacyPrefix}', legacyPrefix);
}

const CLIENTS: readonly string[] = ['json', 'form', 'multipart', 'image'];

/**
 * Check a parsed `endpoints.json` and narrow it to `Catalogue`. JSON imports are typed with plain
 * `string`s, so the shell goes through this instead of a cast; it also catches a hand-edited
 * catalogue with a typo before the first call does.
 */
export function parseCatalogue(
  raw: unknown,
): { ok: true; catalogue: Catalogue } | { ok: false; errors: string[] } {
  const endpoints: unknown =
    raw !== null && typeof raw === 'object'
      ? (raw as Record<string, unknown>).endpoints
      : undefined;
  if (endpoints === null || typeof endpoints !== 'object')
    return { ok: false, errors: ['missing "endpoints" object'] };
  const errors: string[] = [];
  for (const [name, value] of Object.entries(endpoints)) {
    const e = (value ?? {}) as Record<string, unknown>;
    if (typeof e.path !== 'string' || !e.path.startsWith('/'))
      errors.push(`${name}: path must start with /`);
    if (e.method !== 'GET' && e.method !== 'POST')
      errors.push(`${name}: method must be GET or POST`);
    if (typeof e.client !== 'string' || !CLIENTS.includes(e.client))
      errors.push(`${name}: unknown client`);
    if (e.success !== '0' && e.success !== '00')
      errors.push(`${name}: success must be "0" or "00"`);
  }
  return errors.length === 0
    ? { ok: true, catalogue: { endpoints: endpoints as Record<string, EndpointSpec> } }
    : { ok: false, errors };
}
