import { join } from 'node:path';

/** Set by the packed build (scripts/pack/buildLibrary.ts): its bundles and a copy of schemas/ sit in dist/. */
declare const __KOPA_LINT_PACKED__: boolean | undefined;

/**
 * The schemas the checker reads at run time (widget and action names, the endpoint catalogue,
 * response schemas): the repository's schemas/ here, the copy a packed @kopa/lint carries at its
 * dist/ once built.
 */
export const SCHEMAS_DIR =
  typeof __KOPA_LINT_PACKED__ === 'boolean'
    ? join(import.meta.dirname, 'schemas')
    : join(import.meta.dirname, '..', '..', 'schemas');
