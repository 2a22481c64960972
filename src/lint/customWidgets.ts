/**
 * Widgets an app adds to the renderer (@kopa/react's defineWidget) are not in Kopa's layout
 * schema: the checker learns them from a file of their node schemas, one JSON Schema per node
 * type (`kopa-lint --widgets widget-schemas.json`). A node of such a type is then checked against
 * its schema instead of being refused as an unknown widget; its bindings are checked like any.
 * The schemas are the QA's own files, known only when the command runs, so ajv compiles them
 * here, in the Node command alone, as `npm run gen` compiles ours at build time (ajv generates
 * code for that); the browser and the server load only the validators generated at build time.
 */
import { readFileSync } from 'node:fs';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { typeNames } from './typeNames';

/** Node type -> the validator of its node. */
export type CustomWidgetSchemas = ReadonlyMap<string, ValidateFunction>;

/** The node schemas of `path` compiled, or a sentence saying why the file cannot be used. */
export function loadWidgetSchemas(path: string): CustomWidgetSchemas | string {
  let table: unknown;
  try {
    table = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    return `${path}: ${e instanceof Error ? e.message : String(e)}`;
  }
  if (table === null || typeof table !== 'object' || Array.isArray(table))
    return `${path}: an object of widget type -> JSON Schema of its node`;
  const builtIn = new Set(typeNames().widgets);
  const ajv = new Ajv({ allErrors: true, strict: false });
  const out = new Map<string, ValidateFunction>();
  for (const [type, schema] of Object.entries(table)) {
    if (builtIn.has(type)) return `${path}: "${type}" is a built-in widget: its schema is Kopa's`;
    if (schema === null || typeof schema !== 'object' || Array.isArray(schema))
      return `${path}: "${type}" is not a JSON Schema object`;
    try {
      out.set(type, ajv.compile(schema));
    } catch (e) {
      return `${path}: "${type}": ${e instanceof Error ? e.message : String(e)}`;
    }
  }
  return out;
}

/** The value a JSON pointer names in a document (own properties only). */
export function valueAt(doc: unknown, pointer: string): unknown {
  let v = doc;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    v =
      v !== null && typeof v === 'object' && Object.hasOwn(v, key)
        ? (v as Record<string, unknown>)[key]
        : undefined;
  }
  return v;
}

/**
 * The strict schema's verdict on a node of a custom widget ("no such type") replaced by that
 * widget's own schema's errors on the node (none when it fits); any other error as it is.
 */
export function withCustomNodes(
  errors: readonly ErrorObject[],
  doc: unknown,
  widgets: CustomWidgetSchemas | undefined,
  isWidgetSite: (pointer: string) => boolean,
): ErrorObject[] {
  if (!widgets || widgets.size === 0) return [...errors];
  return errors.flatMap((e) => {
    const tag = (e.params as { tagValue?: unknown }).tagValue;
    const validate = typeof tag === 'string' ? widgets.get(tag) : undefined;
    if (e.keyword !== 'discriminator' || !validate || !isWidgetSite(e.instancePath)) return [e];
    if (validate(valueAt(doc, e.instancePath))) return [];
    return (validate.errors ?? []).map((inner) => ({
      ...inner,
      instancePath: `${e.instancePath}${inner.instancePath}`,
    }));
  });
}
