/**
 * What each widget property, action property and data-source property expects, read from its
 * schema: a condition (defs/condition) is a boolean, a text (defs/text) is shown as text, and a
 * value (defs/value) says what it must hold with `valueType` (`"valueType": "list"` on a repeat's
 * items). Request fields are read from the endpoint's request schema (schemaTypes.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TYPE_NAMES, type TypeName } from './ty';
import { SCHEMAS_DIR } from '../schemasDir';

export interface Expectation {
  /** Keys from the node or action to the value ("visible", "empty/when"). */
  path: readonly string[];
  expected: TypeName;
}

interface PropSchema {
  $ref?: string;
  valueType?: unknown;
  properties?: Record<string, PropSchema>;
}

const SCHEMAS = SCHEMAS_DIR;

function expectationsOf(
  schema: PropSchema,
  prefix: readonly string[] = [],
  depth = 0,
): Expectation[] {
  const out: Expectation[] = [];
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    const path = [...prefix, key];
    if (
      typeof prop.valueType === 'string' &&
      (TYPE_NAMES as readonly string[]).includes(prop.valueType)
    )
      out.push({ path, expected: prop.valueType as TypeName });
    else if (prop.$ref?.endsWith('defs/condition.schema.json'))
      out.push({ path, expected: 'boolean' });
    else if (prop.$ref?.endsWith('defs/text.schema.json')) out.push({ path, expected: 'text' });
    else if (prop.properties && depth < 3) out.push(...expectationsOf(prop, path, depth + 1));
  }
  return out;
}

/** type -> its expectations, for widgets, actions, and the data source (key DATA_SOURCE_TYPE). */
export interface ExpectationTable {
  widgets: ReadonlyMap<string, readonly Expectation[]>;
  actions: ReadonlyMap<string, readonly Expectation[]>;
  dataSource: readonly Expectation[];
}

function table(dir: string): Map<string, Expectation[]> {
  const out = new Map<string, Expectation[]>();
  for (const file of readdirSync(join(SCHEMAS, dir)).filter((f) => f.endsWith('.schema.json'))) {
    const schema = JSON.parse(readFileSync(join(SCHEMAS, dir, file), 'utf8')) as PropSchema & {
      properties?: { type?: { const?: unknown } };
    };
    const type = schema.properties?.type?.const;
    if (typeof type === 'string') out.set(type, expectationsOf(schema));
  }
  return out;
}

let loaded: ExpectationTable | null = null;

/** Read once from schemas/ (Node only, like the API catalogue). */
export function expectationTable(): ExpectationTable {
  loaded ??= {
    widgets: table('widgets'),
    actions: table('actions'),
    dataSource: expectationsOf(
      JSON.parse(readFileSync(join(SCHEMAS, 'data-source.schema.json'), 'utf8')) as PropSchema,
    ),
  };
  return loaded;
}
