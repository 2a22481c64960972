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
  return Object.prototype.hasOwnProperty.call(catalogue.endpoints, name) ? catalogue.endpoints[name] : undefined;
}

export function substituteProvider(path: string, provider: string): string {
  return path.split('{provider}').join(encodeURIComponent(provider));
}
