/** Reads config/app.json and config/wire-names.json (shared with the app) once. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';

export const ROOT = join(import.meta.dirname, '..', '..');

export interface AppConfig {
  apiPrefix: string;
  provider: string;
  /** Path prefix of the older obfuscated endpoint family (catalogue paths /{legacyPrefix}/...). */
  legacyPrefix: string;
  defaultServicePhone: string;
  defaultMerchantNumber: string;
  currencyLabel: string;
  redirectAllowlist: string[];
}

export interface WireNames {
  /** Logical endpoint key or logical path -> wire path. */
  paths: Record<string, string>;
  /** Logical field name -> wire field name. */
  fields: Record<string, string>;
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function str(v: unknown, fallback: string): string {
  return typeof v === 'string' ? v : fallback;
}

function strMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (v && typeof v === 'object') {
    for (const [k, val] of Object.entries(v)) if (typeof val === 'string') out[k] = val;
  }
  return out;
}

/**
 * Throws, naming the field, when config/app.json breaks schemas/config/app.schema.json: a typo in
 * the deployment's config should stop the build and the server, not surface as a wrong screen.
 */
export function checkAppConfig(raw: unknown, root = ROOT): void {
  const schema = readJson(join(root, 'schemas/config/app.schema.json')) as Record<string, unknown>;
  const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);
  if (validate(raw)) return;
  const problems = (validate.errors ?? []).map((e) => {
    const field =
      e.keyword === 'required' || e.keyword === 'additionalProperties'
        ? `${e.instancePath}/${String(Object.values(e.params)[0])}`
        : e.instancePath;
    return `  ${field || '/'}: ${e.message ?? 'is invalid'}`;
  });
  throw new Error(
    `config/app.json does not match schemas/config/app.schema.json:\n${problems.join('\n')}`,
  );
}

export function loadAppConfig(root = ROOT): AppConfig {
  const raw = readJson(join(root, 'config/app.json')) as Record<string, unknown>;
  checkAppConfig(raw, root);
  return {
    apiPrefix: str(raw.apiPrefix, '/vexed'),
    provider: str(raw.provider, 'kopa'),
    legacyPrefix: str(raw.legacyPrefix, '/api/lx/v1'),
    defaultServicePhone: str(raw.defaultServicePhone, ''),
    defaultMerchantNumber: str(raw.defaultMerchantNumber, ''),
    currencyLabel: str(raw.currencyLabel, 'TZS'),
    redirectAllowlist: Array.isArray(raw.redirectAllowlist)
      ? raw.redirectAllowlist.filter((x): x is string => typeof x === 'string')
      : [],
  };
}

export function loadWireNames(root = ROOT): WireNames {
  const raw = readJson(join(root, 'config/wire-names.json')) as Record<string, unknown>;
  return { paths: strMap(raw.paths), fields: strMap(raw.fields) };
}
