/**
 * The layout schema (one bundled document: GET /studio/api/schema) followed to the place the
 * cursor is (cursorContext.ts): the properties an object there may have, the values a property
 * takes (enum, const, boolean), each one's description, an example, and the closest known names
 * for an unknown property. A widget's or an action's schema is picked by its `"type"`.
 */
import { closest } from '@kopa/lint/suggest';
import type { Step } from './cursorContext';

export interface Schema {
  $ref?: string;
  description?: string;
  title?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  examples?: unknown[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  definitions?: Record<string, Schema>;
}

const unescape = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

/** The schema a `$ref` of the bundle names ("#/definitions/widgets~1button.schema.json#/x"). */
function deref(bundle: Schema, s: Schema | undefined, depth = 0): Schema | undefined {
  if (!s?.$ref || depth > 20) return s;
  const [, path = ''] = s.$ref.split('#/definitions/');
  const [file = '', ...rest] = path.split('/');
  let target: unknown = bundle.definitions?.[unescape(file)];
  for (const seg of rest.filter(Boolean))
    target = (target as Record<string, unknown>)?.[unescape(seg)];
  const resolved = deref(bundle, target as Schema | undefined, depth + 1);
  // A property's own description wins over its referenced type's.
  return resolved && s.description ? { ...resolved, description: s.description } : resolved;
}

/** Every alternative a schema allows, flattened (oneOf, anyOf), each dereferenced. */
function branches(bundle: Schema, s: Schema | undefined): Schema[] {
  const d = deref(bundle, s);
  if (!d) return [];
  const alts = d.oneOf ?? d.anyOf;
  if (!alts) return [d];
  return alts.flatMap((a) => branches(bundle, a));
}

/** The branches left once the object's `"type"` is known (all of them when it is not). */
function pick(bundle: Schema, all: Schema[], type: string | undefined): Schema[] {
  if (type === undefined) return all;
  const chosen = all.filter((b) => deref(bundle, b.properties?.type)?.const === type);
  return chosen.length > 0 ? chosen : all;
}

function child(bundle: Schema, options: Schema[], seg: string | number): Schema[] {
  const out: Schema[] = [];
  for (const o of options) {
    const next =
      typeof seg === 'number'
        ? o.items
        : (o.properties?.[seg] ??
          (typeof o.additionalProperties === 'object' ? o.additionalProperties : undefined));
    if (next) out.push(...branches(bundle, next));
  }
  return out;
}

/** The schemas the innermost container of `steps` may follow (several while its type is open). */
export function schemasAt(bundle: Schema, steps: readonly Step[]): Schema[] {
  let options = pick(bundle, branches(bundle, bundle), steps[0]?.type);
  for (const step of steps.slice(1)) {
    if (step.seg === null) return [];
    options = pick(bundle, child(bundle, options, step.seg), step.type);
  }
  return options;
}

export interface PropertyInfo {
  name: string;
  schema: Schema;
  required: boolean;
}

/** The properties the innermost object may have, first seen first. */
export function propertiesAt(bundle: Schema, steps: readonly Step[]): PropertyInfo[] {
  const seen = new Map<string, PropertyInfo>();
  for (const o of schemasAt(bundle, steps)) {
    const required = new Set((o as { required?: string[] }).required ?? []);
    for (const [name, p] of Object.entries(o.properties ?? {}))
      if (!seen.has(name))
        seen.set(name, { name, schema: deref(bundle, p) ?? p, required: required.has(name) });
  }
  return [...seen.values()];
}

/** Whether the innermost object takes keys of its own choosing (dataSources, state, ...). */
export function takesAnyKey(bundle: Schema, steps: readonly Step[]): boolean {
  const options = schemasAt(bundle, steps);
  return (
    options.length === 0 ||
    options.some((o) => !o.properties || (o.additionalProperties ?? true) !== false)
  );
}

/**
 * The values property `key` of the innermost object takes, when they are a closed list, each
 * with what it means (a widget's or action's description for a `type`).
 */
export function choicesOf(
  bundle: Schema,
  steps: readonly Step[],
  key: string,
): Array<{ value: unknown; info?: string }> {
  const out = new Map<string, { value: unknown; info?: string }>();
  const add = (value: unknown, info?: string) => {
    const k = JSON.stringify(value);
    if (!out.has(k)) out.set(k, info === undefined ? { value } : { value, info });
  };
  for (const owner of schemasAt(bundle, steps)) {
    const prop = owner.properties?.[key];
    for (const o of prop ? branches(bundle, prop) : []) {
      if (o.const !== undefined) add(o.const, key === 'type' ? owner.description : o.description);
      for (const v of o.enum ?? []) add(v, o.description);
      if (o.type === 'boolean') for (const v of [true, false]) add(v, o.description);
    }
  }
  return [...out.values()];
}

/** Just the values of choicesOf. */
export function valuesOf(bundle: Schema, steps: readonly Step[], key: string): unknown[] {
  return choicesOf(bundle, steps, key).map((c) => c.value);
}

/** A short example of property `name` with schema `s`, as it would be written in a layout. */
export function exampleOf(name: string, s: Schema): string {
  const value =
    s.examples?.[0] ??
    s.default ??
    s.const ??
    s.enum?.[0] ??
    (s.type === 'boolean'
      ? true
      : s.type === 'integer' || s.type === 'number'
        ? 1
        : s.type === 'array'
          ? []
          : s.type === 'object' || s.properties
            ? {}
            : '{{ ... }}');
  return `"${name}": ${JSON.stringify(value)}`;
}

/** What hovering property `word` of the innermost object says. */
export function describeProperty(
  bundle: Schema,
  steps: readonly Step[],
  word: string,
): { title: string; text: string; example?: string } | null {
  const props = propertiesAt(bundle, steps);
  const known = props.find((p) => p.name === word);
  const owner = steps[steps.length - 1]?.type;
  if (known) {
    const s = known.schema;
    return {
      title: `${word}${known.required ? ' (required)' : ''}`,
      text: s.description ?? s.title ?? '',
      example: exampleOf(word, s),
    };
  }
  if (props.length === 0 || takesAnyKey(bundle, steps)) return null;
  const near = closest(
    word,
    props.map((p) => p.name),
  );
  return {
    title: `Unknown property "${word}"${owner ? ` for ${owner}` : ''}`,
    text:
      near.length > 0
        ? `did you mean ${near.map((n) => `"${n}"`).join(' or ')}?`
        : `allowed: ${props.map((p) => p.name).join(', ')}`,
  };
}
