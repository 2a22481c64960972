/**
 * The compiled layout a borrower's app gets (schemas/compiled-layout.schema.json,
 * src/lint/compile/compileLayout.ts): made from a version's expanded layout (fragments expanded at
 * publish or import, stored as `served`) once per version and kept with the version in memory.
 * Compiled ahead (compileAhead) at start, at import, at publish and rollback, and when another
 * instance publishes; a version evicted and read again compiles when it is next served. Compiling from the stored expansion, not storing the compiled form,
 * keeps every stored version servable to an app of any later compiled format.
 * Served in the page's layout block and as GET /layouts/{name}.compiled.json. A draft preview is
 * compiled per request, like its page.
 */
import { compileLayout } from '@kopa/lint';
import { LAYOUT_SCHEMA_VERSION } from '@kopa/contract';
import type { FastifyBaseLogger } from 'fastify';
import { etagOf, type GoodLayout, type LayoutStore } from './store';

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

/**
 * Reads and compiles the published versions of `names` now, so the first borrower after a start,
 * an import or a publish gets a compiled layout without waiting for it. One line per version
 * compiled, with its time; a layout that cannot be read now is left to its first request.
 */
export async function compileAhead(
  store: LayoutStore,
  names: Iterable<string>,
  log: FastifyBaseLogger,
  stopped: () => boolean = () => false,
): Promise<void> {
  for (const name of names) {
    if (stopped()) return;
    try {
      const good = await store.load(name);
      if (!good || kept.has(good)) continue;
      const started = performance.now();
      compiledOf(name, good);
      const ms = Math.round((performance.now() - started) * 10) / 10;
      log.info({ layout: name, version: good.version, ms }, 'layout compiled');
    } catch (e) {
      log.warn({ layout: name, reason: (e as Error).message }, 'layout not compiled ahead');
    }
  }
}
