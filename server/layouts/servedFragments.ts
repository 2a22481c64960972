/**
 * The server's one call into the fragment expansion (src/contract/layout/fragments.ts): a layout text
 * becomes the layout a borrower's browser gets, with every `{ "use": ... }` replaced by its
 * fragment from `<layouts dir>/_fragments/`. A layout that uses no fragment is its own text (same
 * bytes, same ETag as before fragments existed).
 *
 * Expanded when a version is published (import, studio, never at serve time): the result is
 * stored with the version (`layout_versions.served`) and checked with it, so a fragment file
 * edited later reaches borrowers only through the next import of the layouts that use it, which
 * checks it like any publish. Drafts (operators' previews) expand with the fragments as they are.
 */
import { join } from 'node:path';
import { expandFragments, type FragmentFiles } from '@kopa/contract';
import { loadFragmentFiles } from '@kopa/contract/fragmentFiles';

/** The fragments as they are now (re-read when a file changes). */
export type FragmentSource = () => FragmentFiles;

/** The fragments beside a layouts directory, as `npm run validate` finds them. */
export function fragmentsOf(layoutsDir: string): FragmentSource {
  const dir = join(layoutsDir, '_fragments');
  return () => loadFragmentFiles(dir).files;
}

export function expandForServing(
  doc: unknown,
  text: string,
  fragments: FragmentFiles,
): { doc: unknown; body: string } {
  if (doc === null || typeof doc !== 'object') return { doc, body: text };
  const expansion = expandFragments(doc, fragments);
  if (!expansion.used) return { doc, body: text };
  return { doc: expansion.doc, body: JSON.stringify(expansion.doc) };
}

/** The body borrowers get for `text` (which passed the checks, so it parses). */
export function servedText(text: string, fragments: FragmentFiles): string {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return text;
  }
  return expandForServing(doc, text, fragments).body;
}
