import type { CompiledLayout } from '../schema/generated/types';

/**
 * The compiled layout format this build reads and its server writes
 * (schemas/compiled-layout.schema.json). A copy of another format (a service worker's from an
 * older build) is not rendered: the app fetches the layout again. Format 2 added the checker's
 * `types` and `labels`: a format-1 copy has none, and read as this format it would say that
 * nothing is labelled.
 */
export const COMPILED_FORMAT = 2 as const;

/** Enough shape to take a compiled layout in; its contents were made by this server. */
export function isCompiledLayout(value: unknown): value is CompiledLayout {
  if (value === null || typeof value !== 'object') return false;
  const c = value as Partial<CompiledLayout>;
  return (
    c.format === COMPILED_FORMAT &&
    c.layout !== null &&
    typeof c.layout === 'object' &&
    !Array.isArray(c.layout) &&
    c.templates !== null &&
    typeof c.templates === 'object' &&
    Array.isArray(c.widgets) &&
    c.labels !== null &&
    typeof c.labels === 'object'
  );
}
