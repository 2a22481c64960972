/**
 * Types from the API's JSON Schemas (schemas/api): a response field's type for bindings, a
 * request field's expected type for the params a call sends. Money is an integer whose
 * description says cents (contract section 3: "Integer minor units (cents)").
 */
import type { JsonSchemaLike } from '../responseSchemas';
import { ANY, bool, list, num, objectOf, one, text, union, type Ty, type TypeName } from './ty';

interface Schema extends JsonSchemaLike {
  required?: string[];
  description?: string;
  enum?: unknown[];
  const?: unknown;
}

function deref(schema: Schema, root: Schema): Schema {
  let s = schema;
  for (let i = 0; i < 20 && s.$ref?.startsWith('#/definitions/'); i++)
    s = (root.definitions?.[s.$ref.slice('#/definitions/'.length)] ?? {}) as Schema;
  return s;
}

const typesOf = (s: Schema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** An integer described as cents or minor units. */
export function isCents(s: Schema): boolean {
  return (
    typesOf(s).includes('integer') &&
    typeof s.description === 'string' &&
    /\bcents\b|minor units/i.test(s.description)
  );
}

/**
 * The type of a value a schema describes, named `label` in messages ("data.plan.amountMax").
 * `endpoint` says whose schema it is, for the "may be absent" hint of optional fields.
 */
export function schemaType(
  schema: Schema | undefined,
  root: Schema,
  label: string,
  endpoint: string,
): Ty {
  if (!schema) return ANY;
  const s = deref(schema, root);
  if (s.oneOf || s.anyOf) {
    const alts = ((s.oneOf ?? s.anyOf) as Schema[]).map((x) =>
      schemaType(x, root, label, endpoint),
    );
    return union(...alts);
  }
  const types = typesOf(s);
  const parts: Ty[] = [];
  for (const t of types) {
    if (t === 'string') parts.push(text([label]));
    else if (t === 'integer' || t === 'number') parts.push(num([label], isCents(s)));
    else if (t === 'boolean') parts.push(bool([label]));
    else if (t === 'null') parts.push(one({ k: 'null' }, [label]));
    else if (t === 'array')
      parts.push(
        list(
          () => (s.items ? schemaType(s.items as Schema, root, `${label}[]`, endpoint) : ANY),
          [label],
        ),
      );
    else if (t === 'object') parts.push(objectType(s, root, label, endpoint));
  }
  if (parts.length === 0 && s.properties) parts.push(objectType(s, root, label, endpoint));
  return parts.length === 0 ? ANY : union(...parts);
}

function objectType(s: Schema, root: Schema, label: string, endpoint: string): Ty {
  const props = s.properties as Record<string, Schema> | undefined;
  if (!props)
    return objectOf(
      () => ANY,
      () => [],
      [label],
    );
  const required = new Set(s.required ?? []);
  const extra = s.additionalProperties;
  return objectOf(
    (name) => {
      if (Object.hasOwn(props, name)) {
        const ty = schemaType(props[name], root, `${label}.${name}`, endpoint);
        // A field with a default is filled by the response boundary (src/app/http/normalise.ts).
        const filled =
          required.has(name) ||
          (props[name] as Schema & { default?: unknown }).default !== undefined;
        return filled ? ty : { ...ty, optional: `optional in the response schema of ${endpoint}` };
      }
      if (extra && typeof extra === 'object')
        return schemaType(extra as Schema, root, `${label}.${name}`, endpoint);
      return undefined;
    },
    () => Object.keys(props),
    [label],
  );
}

/** What a request field asks for: integer cents, a number, text, a list, ... */
export function expectedOfRequest(schema: Schema | undefined, root: Schema): TypeName {
  if (!schema) return 'any';
  const s = deref(schema, root);
  const types = typesOf(s);
  if (isCents(s)) return 'cents';
  if (types.length !== 1) return 'any';
  switch (types[0]) {
    case 'integer':
    case 'number':
      return 'number';
    case 'string':
      return 'text';
    case 'boolean':
      return 'boolean';
    case 'array':
      return 'list';
    case 'object':
      return 'object';
    default:
      return 'any';
  }
}
