/**
 * docs/backend-contract.md's field-by-field table is the response schemas' `required` lists
 * written out against the spec: every field of every response schema has one row, the
 * row's `schema` column is what the schema says, and a field is required exactly when the spec
 * names it for every answer (`named`) or the endpoint is our own (`ours`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const API = join(ROOT, 'schemas/api');

interface Schema {
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: unknown;
}

/** `response field` -> 'required' | 'optional', for every property at every depth. */
function schemaFields(): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of readdirSync(API).filter((f) => f.endsWith('.response.schema.json'))) {
    const name = file.replace('.response.schema.json', '');
    const walk = (s: Schema | undefined, path: string): void => {
      if (!s || typeof s !== 'object') return;
      if (!s.properties) {
        // A list at the root or as a map's values (payNotice: heading -> list of channels).
        if (s.items) walk(s.items, `${path}[]`);
        return;
      }
      for (const [key, sub] of Object.entries(s.properties)) {
        const p = path === '' ? key : `${path}.${key}`;
        out.set(`${name} ${p}`, (s.required ?? []).includes(key) ? 'required' : 'optional');
        walk(sub, p);
        if (sub.items) walk(sub.items, `${p}[]`);
        if (sub.additionalProperties && typeof sub.additionalProperties === 'object')
          walk(sub.additionalProperties as Schema, `${p}{}`);
      }
    };
    walk(JSON.parse(readFileSync(join(API, file), 'utf8')) as Schema, '');
  }
  return out;
}

interface Row {
  response: string;
  field: string;
  spec: string;
  schema: string;
  without: string;
}

function tableRows(): Row[] {
  const doc = readFileSync(join(ROOT, 'docs/backend-contract.md'), 'utf8');
  const table = doc.slice(doc.indexOf('| response | field | spec | schema | without it |'));
  return table
    .split('\n')
    .slice(2)
    .filter((l) => l.startsWith('|'))
    .map((line) => {
      const [response = '', field = '', spec = '', schema = '', without = ''] = line
        .slice(1, -1)
        .split(' | ')
        .map((c) => c.trim());
      return { response, field: field.replace(/^`|`$/g, ''), spec, schema, without };
    });
}

describe('docs/backend-contract.md: the schema-vs-spec table', () => {
  const fields = schemaFields();
  const rows = tableRows();

  it('has one row per field of every response schema, and no row for a field that is not there', () => {
    const keys = rows.map((r) => `${r.response} ${r.field}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual([...fields.keys()].sort());
  });

  it('says for each field what its schema says (required or optional)', () => {
    const wrong = rows.filter((r) => fields.get(`${r.response} ${r.field}`) !== r.schema);
    expect(
      wrong.map(
        (r) =>
          `${r.response} ${r.field}: table ${r.schema}, schema ${fields.get(`${r.response} ${r.field}`)}`,
      ),
    ).toEqual([]);
  });

  it('requires a field exactly when the spec names it for every answer (or the endpoint is ours)', () => {
    const SPEC = new Set(['named', 'named, conditional', 'screen only', 'ours', '—']);
    expect(rows.filter((r) => !SPEC.has(r.spec))).toEqual([]);
    const wrong = rows.filter(
      (r) => (r.schema === 'required') !== (r.spec === 'named' || r.spec === 'ours'),
    );
    expect(wrong.map((r) => `${r.response} ${r.field}: ${r.spec} but ${r.schema}`)).toEqual([]);
  });

  it('gives every optional field a behaviour without it', () => {
    expect(
      rows
        .filter((r) => r.schema === 'optional' && (r.without === '' || r.without === '?'))
        .map((r) => `${r.response} ${r.field}`),
    ).toEqual([]);
  });

  it('no flag or open code list is closed by an enum ("not 1" is every other value)', () => {
    const FLAGS =
      /^(is[A-Z]\w*|inside|sendSms|cardNeedPop|showSubmitUtr|needValid|alipay|inputType|canClick|check|enabled|isShow|isNeedScore|termUnit|periodStatus|repayType|type|currencyFlag)$/;
    const closed: string[] = [];
    // repayment-resend and repayment-cancel are our own endpoints, not the spec's.
    const OURS = new Set([
      'repayment-resend.response.schema.json',
      'repayment-cancel.response.schema.json',
    ]);
    for (const file of readdirSync(API).filter(
      (f) => f.endsWith('.response.schema.json') && !OURS.has(f),
    )) {
      const walk = (s: Record<string, unknown> | undefined, at: string): void => {
        if (!s || typeof s !== 'object') return;
        for (const [k, v] of Object.entries(
          (s.properties ?? {}) as Record<string, Record<string, unknown>>,
        )) {
          // card-init's item `type` is the item's own code; `cate` is the kind of input, a closed list.
          if (FLAGS.test(k) && Array.isArray(v.enum) && v.type === 'integer')
            closed.push(`${file} ${at}${k}`);
          if (k === 'repayType' && Array.isArray(v.enum)) closed.push(`${file} ${at}${k}`);
          walk(v, `${at}${k}.`);
          walk(v.items as Record<string, unknown> | undefined, `${at}${k}[].`);
        }
      };
      walk(JSON.parse(readFileSync(join(API, file), 'utf8')) as Record<string, unknown>, '');
    }
    expect(closed).toEqual([]);
  });
});
