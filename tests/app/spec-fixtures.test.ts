/**
 * The spec-minimal and spec-noisy answers (scripts/lib/genSpecFixtures.ts, written by
 * `npm run gen` from docs/spec/product-spec.md, kept fresh by `npm run gen:check`):
 * - the fields the spec names are the ones the schema requires (and the docs table says so);
 * - both answers of every endpoint pass the real response boundary with nothing left out or missing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../scripts/lib/schemas';
import { SPEC_FILE, specFields } from '../../scripts/lib/genSpecFixtures';
import { loadResponseValidator, normaliseResponse } from '../../src/app/http/normalise';
import { realCatalogue } from './http/wire';

const ROOT = join(import.meta.dirname, '../..');
const SPEC = join(ROOT, SPEC_FILE);
const FIXTURES = join(ROOT, 'tests/fixtures/spec-answers');

interface Schema {
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  type?: unknown;
  additionalProperties?: unknown;
}
type Named = Map<string, Named | null>;
const endpoints = Object.entries(realCatalogue.endpoints).filter(
  ([, e]) => e.client !== 'image' && e.response,
);
const OURS = new Set(['repaymentResend', 'repaymentCancel']);

/** Table-style paths (`recProducts[].logo`) of the named fields. */
function namedPaths(named: Named, schema: Schema, prefix = ''): string[] {
  const obj = schema.properties ? schema : schema.items;
  return [...named.entries()].flatMap(([k, sub]) => {
    const s = obj?.properties?.[k] ?? {};
    const path = `${prefix}${k}`;
    // A map (payNotice: heading -> list): its values, as the table writes them (`payNotice{}[]`).
    if (s.additionalProperties && typeof s.additionalProperties === 'object') {
      const values = s.additionalProperties as Schema;
      const inner = values.items ? `${path}{}[].` : `${path}{}.`;
      return [path, ...(sub && sub.size > 0 ? namedPaths(sub, values.items ?? values, inner) : [])];
    }
    const below = s.items ? `${path}[].` : `${path}.`;
    // Named without its parts ("bankList", "orderList[]"): the parts are the entity's, as the
    // schema requires them (the same entity is spelled out elsewhere in the spec).
    return [
      path,
      ...(sub && sub.size > 0
        ? namedPaths(sub, s.items ?? s, below)
        : requiredPaths(s.items ?? s, below)),
    ];
  });
}

/** Table-style paths of the required fields reached through required parents. */
function requiredPaths(schema: Schema, prefix = ''): string[] {
  const obj = schema.properties ? schema : schema.items;
  if (!obj?.properties) return [];
  const root = schema.properties ? prefix : `${prefix}[].`.replace(/^\[\]\.$/, '[].');
  return (obj.required ?? []).flatMap((k) => {
    const s = obj.properties?.[k] ?? {};
    const path = `${root}${k}`;
    return [path, ...requiredPaths(s.items ?? s, s.items ? `${path}[].` : `${path}.`)];
  });
}

describe('the spec names exactly the fields the schemas require', () => {
  const spec = readFileSync(SPEC, 'utf8');
  const schemas = new Map(loadSchemas().map((f) => [f.id, f.schema as Schema]));
  const table = readFileSync(join(ROOT, 'docs/backend-contract.md'), 'utf8');

  it.each(endpoints.filter(([name]) => !OURS.has(name)))('%s', (name, e) => {
    const schema = schemas.get(`api/${e.response!}.schema.json`)!;
    const named = namedPaths(
      specFields(spec, name, schema),
      schema,
      schema.properties ? '' : '[].',
    );
    // Every field the schema requires is one the spec names for this answer...
    expect(requiredPaths(schema).filter((p) => !named.includes(p))).toEqual([]);
    // ...and every field the spec names is in the docs table as named (or named, conditional).
    const response = e.response!.replace('.response', '');
    const rows = named.filter(
      (p) =>
        !new RegExp(`\\| ${response} \\| \`${p.replace(/[[\]{}]/g, '\\$&')}\` \\| named`).test(
          table,
        ),
    );
    expect(rows).toEqual([]);
  });
});

describe('every endpoint has its spec answers, and both pass the boundary whole', () => {
  it('one file per endpoint, no file for an endpoint that is gone', () => {
    expect(
      readdirSync(FIXTURES)
        .map((f) => f.replace('.json', ''))
        .sort(),
    ).toEqual(endpoints.map(([n]) => n).sort());
  });

  it.each(endpoints)('%s', async (name, e) => {
    const file = JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8')) as Record<
      'minimal' | 'noisy',
      { code: unknown; data: unknown }
    >;
    const module = await loadResponseValidator(e.response!);
    for (const variant of ['minimal', 'noisy'] as const) {
      expect(String(file[variant].code)).toBe(e.success === '00' ? '00' : '0');
      const r = normaliseResponse(module!, structuredClone(file[variant].data), e.response);
      expect(r.ok ? r.problems : r.detail, `${name} ${variant}`).toEqual([]);
    }
    // The noisy answer means the same as the minimal one.
    const a = normaliseResponse(module!, structuredClone(file.minimal.data), e.response);
    const b = normaliseResponse(module!, structuredClone(file.noisy.data), e.response);
    const flagsAsNotOne = (v: unknown): unknown =>
      JSON.parse(JSON.stringify(v), (k, x: unknown) => (typeof x === 'number' && x === 2 ? 0 : x));
    if (a.ok && b.ok) expect(flagsAsNotOne(stripUnknown(b.data))).toEqual(flagsAsNotOne(a.data));
  });
});

function stripUnknown(v: unknown): unknown {
  return JSON.parse(JSON.stringify(v), (k, x: unknown) =>
    k === 'x_unknown_field' ? undefined : x,
  );
}
