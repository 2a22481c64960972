/**
 * The property names each widget, each action and the layout itself may have, read once from
 * their schemas: the "did you mean" of an unknown property.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMAS_DIR } from './schemasDir';

interface Known {
  widgets: ReadonlyMap<string, string[]>;
  actions: ReadonlyMap<string, string[]>;
  layout: string[];
}

type PropSchema = { properties?: Record<string, unknown> & { type?: { const?: unknown } } };

const read = (path: string): PropSchema =>
  JSON.parse(readFileSync(join(SCHEMAS_DIR, path), 'utf8')) as PropSchema;

function byType(dir: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const file of readdirSync(join(SCHEMAS_DIR, dir)).filter((f) =>
    f.endsWith('.schema.json'),
  )) {
    try {
      const schema = read(join(dir, file));
      const type = schema.properties?.type?.const;
      if (typeof type === 'string') out.set(type, Object.keys(schema.properties ?? {}));
    } catch {
      // A schema that does not read is npm run gen's problem, not a missing hint's.
    }
  }
  return out;
}

let cached: Known | null = null;

export function knownProperties(): Known {
  cached ??= {
    widgets: byType('widgets'),
    actions: byType('actions'),
    layout: Object.keys(read('layout.schema.json').properties ?? {}),
  };
  return cached;
}
