/**
 * docs/openapi.json: the borrower API as an OpenAPI 3.1 document, for backend teams to generate
 * mocks, clients and tests from. Everything in it comes from schemas/api (request, response and
 * session-query schemas), the endpoint catalogue (paths, methods, clients, success codes, who needs
 * a session, refusal codes) and config/app.json (API prefix, provider, legacy prefix). The wire
 * names are the identity table's (config/wire-names.json), as the reference server answers by
 * default. tests/unit/openapi.test.ts validates it; tests/server/openapi.test.ts and
 * tests/server/endpoints.test.ts hold the reference server's answers against it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SchemaFile } from './schemas';
import {
  errorComponents,
  errorEnvelope,
  errorResponses,
  refusalCode,
  sessionErrorEnvelope,
} from './openApiErrors';

const ROOT = join(import.meta.dirname, '..', '..');
export const OPENAPI_FILE = 'docs/openapi.json';

type Json = Record<string, unknown>;

interface CatalogueEntry {
  path: string;
  method: 'GET' | 'POST';
  client: 'json' | 'form' | 'multipart' | 'image';
  success: '0' | '00';
  request: string;
  response: string;
  description?: string;
  errors?: Record<string, string>;
  public?: boolean;
  idempotencyKey?: boolean;
  refusals?: Record<string, string>;
}

const MEDIA = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
} as const;

/** Session parameters the server needs on every borrower call (contract section 2). */
const SESSION_KEYS = new Set(['userId', 'sessionId']);

/**
 * A schemas/api schema as an OpenAPI 3.1 Schema Object (JSON Schema 2020-12). Ours use only
 * keywords that mean the same in draft-07 and 2020-12; one that does not stops the generator
 * rather than being passed on with another meaning.
 */
function toSchemaObject(id: string, schema: Json): Json {
  const text = JSON.stringify(schema);
  for (const word of ['"definitions"', '"dependencies"', '"additionalItems"', '"$ref"'])
    if (text.includes(word)) throw new Error(`${id}: ${word} needs a translation to 2020-12`);
  const { $schema: _s, $id: _i, ...rest } = schema;
  const items = JSON.stringify(rest).match(/"items":\[/);
  if (items) throw new Error(`${id}: tuple items need a translation to 2020-12`);
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Component name of an api schema: its title (RepaymentWayResponse), unique across schemas/api. */
function componentNames(api: SchemaFile[]): Map<string, string> {
  const names = new Map<string, string>();
  const seen = new Set<string>();
  for (const { id, schema } of api) {
    const title = String(schema.title ?? '');
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(title) || seen.has(title))
      throw new Error(`${id}: needs a unique title to name it in ${OPENAPI_FILE}`);
    seen.add(title);
    names.set(id.replace(/^api\//, '').replace(/\.schema\.json$/, ''), title);
  }
  return names;
}

function sessionParameters(sessionQuery: Json): Json {
  const props = (sessionQuery.properties ?? {}) as Record<string, Json>;
  const out: Json = {};
  for (const [name, schema] of Object.entries(props)) {
    const { description, ...rest } = schema;
    const param = { name, in: 'query', description, schema: rest };
    out[name] = param;
    if (SESSION_KEYS.has(name)) out[`${name}Required`] = { ...param, required: true };
  }
  return out;
}

/** The query parameters of one call: the session's, then a GET's payload (which wins a name clash). */
function parametersOf(e: CatalogueEntry, requestSchema: Json, sessionNames: string[]): Json[] {
  const payload =
    e.method === 'GET' ? ((requestSchema.properties ?? {}) as Record<string, Json>) : {};
  const required = new Set((requestSchema.required ?? []) as string[]);
  const params: Json[] = sessionNames
    .filter((n) => !(n in payload))
    .map((n) => ({
      $ref: `#/components/parameters/${!e.public && SESSION_KEYS.has(n) ? `${n}Required` : n}`,
    }));
  for (const [name, schema] of Object.entries(payload)) {
    const { description, ...rest } = schema;
    params.push({ name, in: 'query', required: required.has(name), description, schema: rest });
  }
  if (e.idempotencyKey)
    params.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: true,
      description:
        'One key per money movement, reused when the same call is retried after a lost answer: the retry gets the first answer, never a second payment.',
      schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,128}$' },
    });
  return params;
}

function successEnvelope(e: CatalogueEntry, data: Json): Json {
  const code =
    e.success === '00'
      ? { const: '00', description: 'Success (the string "00").' }
      : { enum: [0, '0'], description: 'Success (0; a backend may send "0").' };
  return {
    type: 'object',
    required: ['code', 'message', 'data'],
    properties: { code, message: { type: 'string' }, data },
  };
}

function refusalEnvelope(e: CatalogueEntry): Json {
  const codes: Record<string, string> = { ...e.refusals };
  for (const [code, text] of Object.entries(e.errors ?? {}))
    if (/^-?\d+$/.test(code)) codes[code] ??= `The app shows "${text}".`;
  return {
    type: 'object',
    description:
      'A refusal: HTTP 200, a code other than the success code; the app shows the message (spec section 8).',
    required: ['code', 'message'],
    properties: {
      code: refusalCode(e.success, codes),
      message: { type: 'string', description: 'Shown to the borrower as it is.' },
      data: {},
    },
  };
}

function operation(
  key: string,
  e: CatalogueEntry,
  names: Map<string, string>,
  schemas: Map<string, Json>,
  sessionNames: string[],
): Json {
  const requestName = names.get(e.request);
  const responseName = names.get(e.response);
  const requestSchema = schemas.get(e.request);
  if (!requestName || !responseName || !requestSchema)
    throw new Error(`${key}: request or response schema missing from schemas/api`);
  const op: Json = {
    operationId: key,
    summary: e.description ?? key,
    tags: [e.public ? 'public' : 'borrower'],
    parameters: parametersOf(e, requestSchema, sessionNames),
  };
  if (e.method === 'POST' && e.client !== 'image') {
    const required = ((requestSchema.required ?? []) as string[]).length > 0;
    op.requestBody = { required, content: { [MEDIA[e.client]]: { schema: ref(requestName) } } };
  }
  const ok =
    e.client === 'image'
      ? { description: 'The image.', content: { 'image/png': { schema: ref(responseName) } } }
      : {
          description: `The envelope: success code ${e.success === '00' ? '"00"' : '0'} with the data, or a refusal.`,
          content: {
            'application/json': {
              schema: { anyOf: [successEnvelope(e, ref(responseName)), refusalEnvelope(e)] },
            },
          },
        };
  op.responses = { '200': ok, ...errorResponses(!e.public, e.method === 'POST') };
  return op;
}

export function generateOpenApi(all: SchemaFile[]): Record<string, string> {
  const app = JSON.parse(readFileSync(join(ROOT, 'config/app.json'), 'utf8')) as Json;
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Json;
  const catalogue = JSON.parse(readFileSync(join(ROOT, 'schemas/api/endpoints.json'), 'utf8')) as {
    endpoints: Record<string, CatalogueEntry>;
  };
  const api = all.filter(
    (s) => s.id.startsWith('api/') && s.id !== 'api/session-query.schema.json',
  );
  const sessionQuery = all.find((s) => s.id === 'api/session-query.schema.json')?.schema ?? {};
  const names = componentNames(api);
  const schemas = new Map(
    api.map((s) => [
      s.id.replace(/^api\//, '').replace(/\.schema\.json$/, ''),
      toSchemaObject(s.id, s.schema),
    ]),
  );
  const components: Json = {};
  for (const [name, title] of names) components[title] = schemas.get(name);
  components.ErrorEnvelope = errorEnvelope;
  components.SessionErrorEnvelope = sessionErrorEnvelope;
  const parameters = sessionParameters(sessionQuery);
  const sessionNames = Object.keys((sessionQuery.properties ?? {}) as Json);

  const paths: Record<string, Json> = {};
  for (const [key, e] of Object.entries(catalogue.endpoints)) {
    const path = `${String(app.apiPrefix)}${e.path
      .replaceAll('{provider}', String(app.provider))
      .replace('/{legacyPrefix}', String(app.legacyPrefix))}`;
    const method = e.method.toLowerCase();
    const item = (paths[path] ??= {});
    if (item[method]) throw new Error(`${key}: ${e.method} ${path} is another endpoint's`);
    item[method] = operation(key, e, names, schemas, sessionNames);
  }
  const doc = {
    openapi: '3.1.0',
    info: {
      title: 'Kopa borrower API',
      version: String(pkg.version),
      description:
        'The calls the Kopa app makes (spec section 7, contract section 3), as the reference server answers them. ' +
        'GENERATED by npm run gen from schemas/api and schemas/api/endpoints.json: do not edit. ' +
        'Every answer is the envelope {code, message, data}: HTTP 200 with the success code and the data, or HTTP 200 with another code and a message the app shows (a refusal, spec section 8). ' +
        'Transport failures are HTTP 4xx/5xx with {code: "<status>", message}. ' +
        "Borrower calls (tag borrower) need userId and sessionId of a live session in the query (401 otherwise, with data.reason) and are refused 403 for another borrower's order. " +
        'Field and path names are the logical ones; a deployment that fills config/wire-names.json renames them on the wire.',
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    tags: [
      { name: 'borrower', description: 'Needs the session query parameters userId and sessionId.' },
      { name: 'public', description: 'No session: registration, promotion, contact info.' },
    ],
    paths,
    components: { schemas: components, parameters, responses: errorComponents },
  };
  return { [OPENAPI_FILE]: `${JSON.stringify(doc, null, 2)}\n` };
}
