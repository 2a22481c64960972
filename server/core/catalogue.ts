/**
 * The endpoint catalogue (schemas/api/endpoints.json) and the request/response validators.
 * Validators are compiled once at server start (fine on the server; the browser uses
 * precompiled ones so it can run without unsafe-eval).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { loadAppConfig, ROOT } from './config';

export type ClientKind = 'json' | 'form' | 'multipart' | 'image';

export interface Endpoint {
  key: string;
  /** Logical path with {provider} and /{legacyPrefix} substituted, without the /vexed prefix. */
  path: string;
  method: 'GET' | 'POST';
  client: ClientKind;
  /** '0' -> number 0 on the wire, '00' -> string "00". */
  success: '0' | '00';
  request: string;
  response: string;
  /** No session needed (otherwise userId + sessionId of a live session, 401 without). */
  public?: boolean;
}

export type ServerCatalogue = Record<string, Endpoint>;

export function loadEndpointCatalogue(
  provider: string,
  root = ROOT,
  legacyPrefix = loadAppConfig(root).legacyPrefix,
): ServerCatalogue {
  const raw = JSON.parse(readFileSync(join(root, 'schemas/api/endpoints.json'), 'utf8')) as {
    endpoints: Record<string, Omit<Endpoint, 'key'>>;
  };
  const out: ServerCatalogue = {};
  for (const [key, e] of Object.entries(raw.endpoints)) {
    out[key] = {
      ...e,
      key,
      path: e.path.replaceAll('{provider}', provider).replace('/{legacyPrefix}', legacyPrefix),
    };
  }
  return out;
}

export interface Validators {
  /** Validates a JSON body (strict types). */
  json(name: string): ValidateFunction;
  /** Validates form fields / query strings: strings are coerced to the schema's types in place. */
  coercing(name: string): ValidateFunction;
  /** Validates a response payload (tests and dev assertions). */
  response(name: string): ValidateFunction;
}

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({ allErrors: false, strict: true, coerceTypes: coerce, useDefaults: false });
  addFormats(ajv);
  return ajv;
}

export function compileApiValidators(root = ROOT): Validators {
  const dir = join(root, 'schemas/api');
  const strict = makeAjv(false);
  const coerce = makeAjv(true);
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.schema.json'))) {
    const schema = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, unknown>;
    strict.addSchema(schema);
    coerce.addSchema(schema);
  }
  // ajv.getSchema resolves its id on every call (getSchEnv was a per-request cost in the server
  // bench's profile): each validator is looked up once, then kept.
  const cache = new Map<Ajv, Map<string, ValidateFunction>>([
    [strict, new Map()],
    [coerce, new Map()],
  ]);
  const get = (ajv: Ajv, name: string): ValidateFunction => {
    const known = cache.get(ajv)?.get(name);
    if (known) return known;
    const fn = ajv.getSchema(`${name}.schema.json`);
    if (!fn) throw new Error(`schema ${name} not found in schemas/api`);
    cache.get(ajv)?.set(name, fn);
    return fn;
  };
  return {
    json: (n) => get(strict, n),
    coercing: (n) => get(coerce, n),
    response: (n) => get(strict, n),
  };
}

/** One readable reason from ajv errors, e.g. "amount: must be >= 1". */
export function describeErrors(errors: ErrorObject[] | null | undefined): string {
  const e = errors?.[0];
  if (!e) return 'invalid request';
  const where = e.instancePath ? e.instancePath.slice(1).replaceAll('/', '.') : 'body';
  if (e.keyword === 'additionalProperties') {
    const p = (e.params as { additionalProperty?: string }).additionalProperty;
    return `${where}: unknown field "${p ?? ''}"`;
  }
  if (e.keyword === 'required') {
    const p = (e.params as { missingProperty?: string }).missingProperty;
    return `${p ?? 'field'}: is required`;
  }
  return `${where}: ${e.message ?? 'is invalid'}`;
}
