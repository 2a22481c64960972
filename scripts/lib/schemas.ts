import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const SCHEMA_DIR = join(import.meta.dirname, '..', '..', 'schemas');

export interface SchemaFile {
  /** Path relative to schemas/, with forward slashes; equals the schema's $id. */
  id: string;
  schema: Record<string, unknown>;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return walk(full);
    return name.endsWith('.schema.json') ? [full] : [];
  });
}

/** The schemas whose objects operators may annotate: every widget and action, a data source, the layout itself. */
const COMMENTED = /^(widgets\/|actions\/|layout\.schema\.json$|data-source\.schema\.json$)/;

/**
 * Adds an optional `$comment` (defs/comment.schema.json) to the properties of a COMMENTED schema.
 * Each of them has additionalProperties false; adding it here, once, spares ~45 schema files an
 * identical line that a new widget or action could forget.
 */
function withComment(id: string, schema: Record<string, unknown>): Record<string, unknown> {
  const props = schema.properties as Record<string, unknown> | undefined;
  if (!COMMENTED.test(id) || !props || '$comment' in props) return schema;
  const ref = `${id.includes('/') ? '../' : ''}defs/comment.schema.json`;
  return { ...schema, properties: { ...props, $comment: { $ref: ref } } };
}

/** Every *.schema.json under schemas/, sorted so generated output is stable. */
export function loadSchemas(): SchemaFile[] {
  return walk(SCHEMA_DIR)
    .map((full) => {
      const id = relative(SCHEMA_DIR, full).split(sep).join('/');
      const schema = JSON.parse(readFileSync(full, 'utf8')) as Record<string, unknown>;
      // The file's place is its identity: refs resolve against it, so $id is set from the path.
      return { id, schema: withComment(id, { ...schema, $id: id }) };
    })
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** Widget type names (the const of each widgets/*.schema.json), in file order. */
export function widgetSchemas(
  all: SchemaFile[],
): { id: string; type: string; schema: Record<string, unknown> }[] {
  return all
    .filter((f) => f.id.startsWith('widgets/'))
    .map((f) => {
      const props = f.schema.properties as Record<string, { const?: string }> | undefined;
      const type = props?.type?.const;
      if (!type) throw new Error(`${f.id}: properties.type.const is required`);
      return { id: f.id, type, schema: f.schema };
    });
}
