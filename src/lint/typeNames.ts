import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMAS_DIR } from './schemasDir';

const SCHEMAS = SCHEMAS_DIR;

/** The `type` constants of every schema in a folder (widget or action names), for hints. */
function typeConsts(dir: string): string[] {
  const names: string[] = [];
  for (const file of readdirSync(join(SCHEMAS, dir)).filter((f) => f.endsWith('.schema.json'))) {
    try {
      const schema = JSON.parse(readFileSync(join(SCHEMAS, dir, file), 'utf8')) as {
        properties?: { type?: { const?: unknown } };
      };
      const name = schema.properties?.type?.const;
      if (typeof name === 'string') names.push(name);
    } catch {
      // A schema that does not read is npm run gen's problem, not a missing hint's.
    }
  }
  return names;
}

let cached: { widgets: string[]; actions: string[] } | null = null;

/** Widget and action type names, read once from schemas/widgets and schemas/actions. */
export function typeNames(): { widgets: string[]; actions: string[] } {
  cached ??= { widgets: typeConsts('widgets'), actions: typeConsts('actions') };
  return cached;
}
