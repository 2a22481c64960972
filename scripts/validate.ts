/**
 * npm run validate [files...]   Checks layouts like a compiler (src/lint/checkFiles.ts, as kopa-lint does):
 * `file:line:column: /json/pointer: severity code: message` (editors jump to file:line:column;
 * the pointer names the value whatever the formatting). With no arguments: every layout in
 * layouts/ and layouts/_examples/. Absolute and relative paths both work. Exits 1 on any error.
 * --stats also prints the layout statistics over the same layouts (src/lint/stats.ts), each with its
 * limit and PASS/FAIL, and exits 1 when a target fails: the layouts are held at them, so a
 * 200-character binding or a copied block fails `npm test` like an error does.
 * A layout's fragments are the `_fragments` folder beside it, else beside its folder (so
 * layouts/_examples/ uses layouts/_fragments/); a problem inside a fragment is printed at the use
 * site with the fragment's name, pointer and file:line:column. The fragments used are counted
 * by --stats too.
 */
import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { LoadedFragments } from '../src/contract/schema/fragmentFiles';
import {
  brokenFragmentLines,
  checkLayoutFile,
  issueLine,
  operatorNoteLine,
} from '../src/lint/checkFiles';
import { positionOf, scanJsonText } from '../src/lint/jsonText';
import { formatStats, layoutStats, statsMet, type LayoutInput } from '../src/lint/stats';

const ROOT = join(import.meta.dirname, '..');

function defaultFiles(): string[] {
  const list = (dir: string) =>
    readdirSync(join(ROOT, dir))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => join(ROOT, dir, f));
  return [...list('layouts'), ...list('layouts/_examples')];
}

const shown = (path: string): string => {
  const rel = relative(ROOT, path);
  return rel === '' || rel.startsWith('..') ? path : rel;
};

/** Every fragments folder used (for --stats and broken files). */
const fragmentDirs = new Map<string, LoadedFragments>();
/** Every layout that parsed, with its text, for --stats. */
const parsed: (LayoutInput & { text: string })[] = [];

const stats = process.argv.includes('--stats');
const args = process.argv.slice(2).filter((a) => a !== '--stats');
const files = args.length > 0 ? args.map((a) => resolve(process.cwd(), a)) : defaultFiles();
let errors = 0;
let warnings = 0;
for (const path of files) {
  const checked = checkLayoutFile(path, shown);
  if (checked.parsed) parsed.push({ file: shown(path), ...checked.parsed });
  if (checked.fragments) fragmentDirs.set(checked.fragments.dir, checked.fragments);
  for (const issue of checked.issues) {
    if (issue.severity === 'error') errors++;
    else warnings++;
    console.log(issueLine(issue));
    const note = operatorNoteLine(issue, checked.parsed);
    if (note) console.log(note);
  }
}
// A fragment file that is not JSON: reported once, at the file itself.
for (const fragments of fragmentDirs.values()) {
  for (const line of brokenFragmentLines(fragments, shown)) {
    errors++;
    console.log(line);
  }
}
console.log(`validate: ${files.length} layout(s), ${errors} error(s), ${warnings} warning(s)`);
if (stats) {
  // Fragments count once each, as files of their own: their bindings meet the same targets.
  for (const fragments of fragmentDirs.values()) {
    for (const [name, doc] of Object.entries(fragments.files)) {
      if (doc !== null)
        parsed.push({
          file: shown(join(fragments.dir, `${name}.json`)),
          doc,
          text: fragments.texts.get(name) ?? '',
        });
    }
  }
  const texts = new Map(parsed.map((p) => [p.file, p.text]));
  const maps = new Map<string, ReturnType<typeof scanJsonText>>();
  const locate = ({ file, pointer }: { file: string; pointer: string }) => {
    const text = texts.get(file) ?? '';
    if (!maps.has(file)) maps.set(file, scanJsonText(text));
    const at = positionOf(maps.get(file) as ReturnType<typeof scanJsonText>, pointer);
    return `${file}:${at.line}:${at.column}: ${pointer || '/'}`;
  };
  const figures = layoutStats(parsed);
  for (const line of formatStats(figures, locate)) console.log(line);
  if (!statsMet(figures)) {
    console.log(
      'stats: a target failed (above); write the long expression as a computed value, the copied block as a fragment (docs/layouts.md)',
    );
    errors++;
  }
}
process.exit(errors > 0 ? 1 : 0);
