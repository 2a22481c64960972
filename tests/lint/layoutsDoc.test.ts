/**
 * docs/layouts.md quotes its examples: each quoted layout or fragment is the file itself, which
 * `npm run validate` checks (layouts/_examples and the fragments they use are in its default
 * set), so a documented example cannot drift from one that validates.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateLayoutDocument } from '../../src/lint/validateLayout';

const ROOT = join(import.meta.dirname, '..', '..');
const doc = readFileSync(join(ROOT, 'docs/layouts.md'), 'utf8');
/** Every "`layouts/...json`:" followed by a json block: the file it quotes. */
const quoted = [
  ...doc.matchAll(
    /`(layouts\/_(?:examples|fragments)\/[a-z-]+\.json)`[^\n]*:\n\n```json\n([\s\S]*?)```/g,
  ),
].map((m) => ({ file: m[1] ?? '', block: m[2] ?? '' }));

describe('docs/layouts.md', () => {
  it('quotes the computed and fragment examples', () => {
    expect(quoted.map((q) => q.file).sort()).toEqual([
      'layouts/_examples/computed.json',
      'layouts/_examples/fragments.json',
      'layouts/_fragments/example-close.json',
      'layouts/_fragments/example-notice.json',
    ]);
  });

  it.each(quoted.map((q) => [q.file, q.block] as const))('%s is quoted exactly', (file, block) => {
    expect(block).toBe(readFileSync(join(ROOT, file), 'utf8'));
  });

  it.each(quoted.filter((q) => q.file.includes('_examples')).map((q) => [q.file] as const))(
    '%s validates with no issue',
    (file) => {
      const text = readFileSync(join(ROOT, file), 'utf8');
      expect(validateLayoutDocument(JSON.parse(text), file, text)).toEqual([]);
    },
  );
});
