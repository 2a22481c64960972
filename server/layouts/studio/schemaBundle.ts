/**
 * The layout schema as ONE document for the studio editor's completion and hover: every schema
 * file the layout reaches is put under `definitions` (keyed by its path) and every `$ref` is
 * rewritten to point there, so the editor needs no loader for relative file references.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { ROOT } from '../../core/config';

const SCHEMAS = join(ROOT, 'schemas');

const escapeKey = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

let bundled: unknown = null;

export function layoutSchemaBundle(): unknown {
  if (bundled) return bundled;
  const definitions: Record<string, unknown> = {};
  const pending = ['layout.schema.json'];
  const seen = new Set(pending);
  const rewrite = (value: unknown, file: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => rewrite(v, file));
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === '$id' || k === '$schema') continue;
      if (k === '$ref' && typeof v === 'string') {
        const [path = '', fragment = ''] = v.split('#');
        const target =
          path === ''
            ? file
            : normalize(join(dirname(file), path))
                .split('\\')
                .join('/');
        if (!seen.has(target)) {
          seen.add(target);
          pending.push(target);
        }
        out.$ref = `#/definitions/${escapeKey(target)}${fragment}`;
        continue;
      }
      out[k] = rewrite(v, file);
    }
    return out;
  };
  for (let file = pending.shift(); file !== undefined; file = pending.shift()) {
    definitions[file] = rewrite(JSON.parse(readFileSync(join(SCHEMAS, file), 'utf8')), file);
  }
  const root = definitions['layout.schema.json'] as Record<string, unknown>;
  bundled = { ...root, definitions };
  return bundled;
}

let dataBundled: Record<string, unknown> | null = null;

/**
 * Every endpoint's response `data` schema, by endpoint name: the studio completes and explains
 * `{{ data.<source>.<field> }}` from them (src/studio/bindingCompletion.ts).
 */
export function dataSchemaBundle(): Record<string, unknown> {
  if (dataBundled) return dataBundled;
  const dir = join(SCHEMAS, 'api');
  const { endpoints } = JSON.parse(readFileSync(join(dir, 'endpoints.json'), 'utf8')) as {
    endpoints: Record<string, { response?: string }>;
  };
  const out: Record<string, unknown> = {};
  for (const [name, e] of Object.entries(endpoints)) {
    if (!e.response) continue;
    try {
      out[name] = JSON.parse(readFileSync(join(dir, `${e.response}.schema.json`), 'utf8'));
    } catch {
      // An endpoint without a response schema file: nothing to complete from.
    }
  }
  dataBundled = out;
  return out;
}
