/**
 * What the checker knows of a layout that the app can use when it runs: the type of each binding
 * it could tell (types/typeCheck.ts, the same inference `npm run validate` runs) and the labels of
 * the data that reach each URL or message (flow/infoFlow.ts). The compiled layout carries both
 * (schemas/compiled-layout.schema.json `types`, `labels`).
 */
import { loadApiCatalogue, type ApiCatalogue } from '../responseSchemas';
import { typeIssues } from '../types/typeCheck';
import { baseName, isAny, type Base, type Ty } from '../types/ty';
import { sinkLabels } from '../flow/infoFlow';

type Obj = Record<string, unknown>;

let catalogue: ApiCatalogue | null = null;

/**
 * How a type reads: its alternatives' names ("integer cents or null"), noting "may be absent".
 * Text is text, whatever made it (the checker's "why" is for its messages).
 */
function typeText(ty: Ty): string | null {
  if (isAny(ty)) return null;
  const name = (t: Base) => (t.k === 'text' ? 'text' : baseName(t));
  const names = [...new Set(ty.alts.map((a) => name(a.t)))].join(' or ');
  return ty.optional ? `${names} (may be absent)` : names;
}

/** Each binding's type by the pointer of the layout string that holds it, where the checker could tell. */
function bindingTypes(doc: Obj): Record<string, string> {
  catalogue ??= loadApiCatalogue();
  const out: Record<string, string> = {};
  typeIssues(doc, '', catalogue, undefined, (pointer, ty) => {
    const name = typeText(ty);
    if (name !== null && !Object.hasOwn(out, pointer)) out[pointer] = name;
  });
  return out;
}

/**
 * The types and labels of a layout. The checker reads defensively, but a layout the strict schema
 * refused (one the app shows as invalid, never renders) may still trip it: then it has none.
 */
export function checkerFacts(doc: Obj): {
  types: Record<string, string>;
  labels: Record<string, string[]>;
} {
  try {
    return { types: bindingTypes(doc), labels: sinkLabels(doc) };
  } catch {
    return { types: {}, labels: {} };
  }
}
