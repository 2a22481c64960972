import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BANNER } from './genTypes';
import { SCHEMA_DIR } from './schemas';

const ENDPOINTS_FILE = 'src/contract/generated/endpoints.ts';
const TYPES_FILE = 'src/contract/schema/generated/types.ts';

interface CatalogueEntry {
  path: string;
  method: string;
  request: string;
  response: string;
  description?: string;
}

/**
 * The endpoint contract as types: one entry per logical endpoint of
 * schemas/api/endpoints.json, naming the request and response types that json-schema-to-typescript
 * already wrote into types.ts. Read from that file's index (`api_<file>_schema_json?: TypeName;`)
 * rather than re-deriving names, so the two files can never disagree on a name.
 * Types only: the client and the server both import it, and neither bundles any code from it.
 */
export function generateEndpointTypes(typesTs: string): Record<string, string> {
  const raw = JSON.parse(readFileSync(join(SCHEMA_DIR, 'api/endpoints.json'), 'utf8')) as {
    endpoints: Record<string, CatalogueEntry>;
  };
  const typeOf = new Map<string, string>();
  for (const m of typesTs.matchAll(/^ {2}(api_[A-Za-z0-9_]+_schema_json)\?: ([A-Za-z0-9_]+);$/gm))
    typeOf.set(m[1] ?? '', m[2] ?? '');
  const typeName = (key: string, schema: string): string => {
    const name = typeOf.get(`api_${schema.replace(/[^A-Za-z0-9]/g, '_')}_schema_json`);
    if (!name)
      throw new Error(
        `schemas/api/endpoints.json: ${key} names schema "${schema}", which has no generated type in ${TYPES_FILE}`,
      );
    return name;
  };

  const used = new Set<string>();
  const entries: string[] = [];
  for (const key of Object.keys(raw.endpoints).sort()) {
    const e = raw.endpoints[key];
    if (!e) continue;
    const req = typeName(key, e.request);
    const res = typeName(key, e.response);
    used.add(req).add(res);
    const doc = `${e.description ? `${e.description} ` : ''}${e.method} ${e.path}`.replaceAll(
      '*/',
      '* /',
    );
    entries.push(`  /** ${doc} */\n  ${key}: { request: ${req}; response: ${res} };`);
  }
  const imports = [...used].sort();
  // Without the banner's eslint-disable: this file is linted like any other (the layer rule included).
  const text = `${BANNER.replace('/* eslint-disable */\n', '')}/*
 * The endpoint contract (schemas/api/endpoints.json): for every logical endpoint, the type of its
 * request body and of its response data. Types only, shared by the client (src/app/http) and the
 * reference server (server/http/endpoint.ts), so a handler for key K receives RequestOf<K> and must
 * return ResponseOf<K>.
 */
import type {
${imports.map((n) => `  ${n},`).join('\n')}
} from '../schema/generated/types';

export interface Endpoints {
${entries.join('\n')}
}

/** A logical endpoint name, checked at compile time. */
export type EndpointKey = keyof Endpoints;
/** The request body (or query payload for GET) of endpoint K, after wire names are translated. */
export type RequestOf<K extends EndpointKey> = Endpoints[K]['request'];
/** The data of a success answer of endpoint K (the envelope's \`data\`). */
export type ResponseOf<K extends EndpointKey> = Endpoints[K]['response'];
`;
  return { [ENDPOINTS_FILE]: text };
}
