import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMAS_DIR } from './schemasDir';

export interface JsonSchemaLike {
  type?: string | string[];
  properties?: Record<string, JsonSchemaLike>;
  additionalProperties?: boolean | JsonSchemaLike;
  items?: JsonSchemaLike;
  $ref?: string;
  definitions?: Record<string, JsonSchemaLike>;
  oneOf?: JsonSchemaLike[];
  anyOf?: JsonSchemaLike[];
}

export interface EndpointEntry {
  path: string;
  method: string;
  client: string;
  success: string;
  request?: string;
  response?: string;
}

export interface ApiCatalogue {
  endpoints: Record<string, EndpointEntry>;
  /** Response `data` schema of an endpoint, with its file's definitions for local refs. */
  response(endpoint: string): { schema: JsonSchemaLike; root: JsonSchemaLike } | undefined;
  /** Request schema of an endpoint (the params a call sends), when it has one. */
  request?(endpoint: string): JsonSchemaLike | undefined;
}

const SCHEMAS = join(SCHEMAS_DIR, 'api');

/** Reads schemas/api once: the endpoint catalogue and the response schemas bindings are checked against. */
export function loadApiCatalogue(dir = SCHEMAS): ApiCatalogue {
  const { endpoints } = JSON.parse(readFileSync(join(dir, 'endpoints.json'), 'utf8')) as {
    endpoints: Record<string, EndpointEntry>;
  };
  const cache = new Map<string, JsonSchemaLike | undefined>();
  const load = (name: string): JsonSchemaLike | undefined => {
    if (!cache.has(name)) {
      try {
        cache.set(
          name,
          JSON.parse(readFileSync(join(dir, `${name}.schema.json`), 'utf8')) as JsonSchemaLike,
        );
      } catch {
        cache.set(name, undefined);
      }
    }
    return cache.get(name);
  };
  return {
    endpoints,
    response(endpoint) {
      const name = Object.hasOwn(endpoints, endpoint) ? endpoints[endpoint]?.response : undefined;
      const schema = name ? load(name) : undefined;
      return schema ? { schema, root: schema } : undefined;
    },
    request(endpoint) {
      const name = Object.hasOwn(endpoints, endpoint) ? endpoints[endpoint]?.request : undefined;
      return name ? load(name) : undefined;
    },
  };
}

function deref(schema: JsonSchemaLike, root: JsonSchemaLike): JsonSchemaLike {
  let s = schema;
  for (let i = 0; i < 20 && s.$ref?.startsWith('#/definitions/'); i++) {
    s = root.definitions?.[s.$ref.slice('#/definitions/'.length)] ?? {};
  }
  return s;
}

/**
 * Follows a member path through a response schema. Returns the schema at the end, or the
 * first segment the schema does not have. Schemas that do not list properties accept anything.
 */
export function followPath(
  start: JsonSchemaLike,
  root: JsonSchemaLike,
  segments: readonly string[],
):
  | { ok: true; schema: JsonSchemaLike | undefined }
  | { ok: false; missing: string; at: number; known: string[] } {
  let schema: JsonSchemaLike | undefined = start;
  for (let i = 0; i < segments.length; i++) {
    if (!schema) return { ok: true, schema: undefined };
    schema = deref(schema, root);
    const seg = segments[i] ?? '';
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (types.includes('array') && schema.items) {
      if (seg === 'length') return { ok: true, schema: { type: 'integer' } };
      schema = /^\d+$/.test(seg) ? schema.items : undefined;
      if (!/^\d+$/.test(seg)) return { ok: false, missing: seg, at: i, known: ['length'] };
      continue;
    }
    if (schema.oneOf || schema.anyOf || !schema.properties) return { ok: true, schema: undefined };
    if (Object.hasOwn(schema.properties, seg)) {
      schema = schema.properties[seg];
      continue;
    }
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
      schema = schema.additionalProperties;
      continue;
    }
    if (types.includes('string') && seg === 'length')
      return { ok: true, schema: { type: 'integer' } };
    return { ok: false, missing: seg, at: i, known: Object.keys(schema.properties) };
  }
  return { ok: true, schema };
}

/** The schema of one element of an array schema (for repeat's item), if known. */
export function itemSchema(
  schema: JsonSchemaLike | undefined,
  root: JsonSchemaLike,
): JsonSchemaLike | undefined {
  if (!schema) return undefined;
  const s = deref(schema, root);
  return s.items;
}
