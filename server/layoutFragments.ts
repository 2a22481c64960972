/**
 * The server's one call into the fragment expansion (src/layout/fragments.ts): a stored layout
 * text becomes the layout a borrower's browser gets, with every `{ "use": ... }` replaced by its
 * fragment from layouts/_fragments/. A layout that uses no fragment is served as its own text
 * (same bytes, same ETag as before fragments existed). Publishing already refused a layout whose
 * uses do not expand (validateLayoutDocument expands too); should a fragment file change so that
 * a published layout's use no longer expands, that use is left out rather than served as an
 * unknown node (`npm run validate` says why).
 */
import { expandFragments } from '../src/layout/fragments';
import { loadFragmentFiles } from '../src/schema/fragmentFiles';

export function expandForServing(doc: unknown, text: string): { doc: unknown; body: string } {
  if (doc === null || typeof doc !== 'object') return { doc, body: text };
  const expansion = expandFragments(doc, loadFragmentFiles().files);
  if (!expansion.used) return { doc, body: text };
  return { doc: expansion.doc, body: JSON.stringify(expansion.doc) };
}
