/**
 * The compiled layout a borrower's app gets (schemas/compiled-layout.schema.json,
 * src/lint/compile/compileLayout.ts): made from a version's expanded layout (fragments expanded at
 * publish or import, stored as `served`) once per version, the first time it is served, and kept
 * with the version in memory. Compiling from the stored expansion, not storing the compiled form,
 * keeps every stored version servable to an app of any later compiled format.
 * Served in the page's layout block and as GET /layouts/{name}.compiled.json. A draft preview is
 * compiled per request, like its page.
 */
import { compileLayout } from '@kopa/lint';
import { LAYOUT_SCHEMA_VERSION } from '@kopa/contract';
import { etagOf, type GoodLayout } from './store';

export interface CompiledBody {
  /** The compiled layout's JSON text. */
  body: string;
  etag: string;
  /** The first screen's widget types (the page preloads their chunks). */
  widgets: readonly string[];
}

const kept = new WeakMap<GoodLayout, CompiledBody>();

export function compiledOf(name: string, good: GoodLayout): CompiledBody {
  const hit = kept.get(good);
  if (hit) return hit;
  const compiled = compileLayout(good.doc, {
    name,
    version: good.version,
    ...(good.checked ? { checked: LAYOUT_SCHEMA_VERSION } : {}),
    ...(good.invalid ? { invalid: good.invalid } : {}),
  });
  const body = JSON.stringify(compiled);
  const out = { body, etag: etagOf(body), widgets: compiled.widgets };
  kept.set(good, out);
  return out;
}
