/**
 * docs/openapi.json as a checker of the reference server's answers: the response schema the
 * document gives for an endpoint's path, method and status, compiled with ajv in the 2020-12
 * dialect (the one OpenAPI 3.1 schemas are written in).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { catalogue } from './helpers';

interface Operation {
  operationId: string;
  parameters?: Array<{ $ref?: string; name?: string; in?: string; required?: boolean }>;
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
}

export const openapi = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../docs/openapi.json'), 'utf8'),
) as {
  paths: Record<string, Record<string, Operation>>;
  components: {
    responses: Record<string, { content?: Record<string, unknown> }>;
    parameters: Record<string, { name: string; required?: boolean }>;
  };
};

const ajv = new Ajv2020({ strict: false, allErrors: false });
addFormats(ajv);
ajv.addSchema(openapi, 'openapi.json');

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** The document's path and operation for a catalogue endpoint (as the reference server serves it). */
export function operationOf(key: string): { path: string; method: string; op: Operation } {
  const ep = catalogue[key];
  if (!ep) throw new Error(`no endpoint ${key}`);
  const path = `/vexed${ep.path}`;
  const method = ep.method.toLowerCase();
  const op = openapi.paths[path]?.[method];
  if (!op) throw new Error(`${ep.method} ${path} (${key}) is not in docs/openapi.json`);
  return { path, method, op };
}

const compiled = new Map<string, ValidateFunction>();

/**
 * Why an answer does not match the document (status not documented, or the body against the
 * status's JSON schema), or null when it does.
 */
export function undocumented(key: string, status: number, body: unknown): string | null {
  const { path, method, op } = operationOf(key);
  const answer = op.responses[String(status)];
  if (!answer) return `${key}: HTTP ${status} is not documented`;
  // A named response (components.responses) or one written in place.
  const named = answer.$ref?.replace('#/components/responses/', '');
  const where = named
    ? pointer('components', 'responses', named, 'content', 'application/json', 'schema')
    : pointer(
        'paths',
        path,
        method,
        'responses',
        String(status),
        'content',
        'application/json',
        'schema',
      );
  let check = compiled.get(where);
  if (!check) {
    check = ajv.compile({ $ref: `openapi.json#/${where}` });
    compiled.set(where, check);
  }
  if (check(body)) return null;
  return `${key}: HTTP ${status} ${JSON.stringify(body).slice(0, 300)} does not match: ${ajv.errorsText(check.errors)}`;
}

/** Fails the test with the reason when the answer is not as documented. */
export function expectDocumented(key: string, res: { status: number; body: unknown }): void {
  const why = undocumented(key, res.status, res.body);
  if (why) throw new Error(why);
}
