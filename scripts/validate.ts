/**
 * npm run validate [files...]   Checks layouts like a compiler:
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
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { loadFragmentFiles, type LoadedFragments } from '../src/contract/schema/fragmentFiles';
import { validateLayoutSafely } from '../src/lint/validateLayout';
import { positionOf, scanJsonText, type Position } from '../src/lint/jsonText';
import { LAYOUT_MESSAGES } from '../src/lint/messages';
import { inOperatorTerms, operatorLine, type OperatorIssue } from '../src/lint/operatorWords';
import { locateJsonError } from '../src/lint/jsonSyntax';
import { formatStats, layoutStats, statsMet, type LayoutInput } from '../src/lint/stats';
import type { LayoutIssue } from '../src/contract/schema/layoutIssue';

const ROOT = join(import.meta.dirname, '..');

function defaultFiles(): string[] {
  const list = (dir: string) =>
    readdirSync(join(ROOT, dir))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => join(ROOT, dir, f));
  return [...list('layouts'), ...list('layouts/_examples')];
}

type Located = LayoutIssue & { at: Position; fragmentAt?: string; words?: OperatorIssue };

const shown = (path: string): string => {
  const rel = relative(ROOT, path);
  return rel === '' || rel.startsWith('..') ? path : rel;
};

/** The fragments folder a layout file uses, and every folder used (for --stats and broken files). */
const fragmentDirs = new Map<string, LoadedFragments>();
function fragmentsFor(path: string): LoadedFragments {
  const dir = [join(dirname(path), '_fragments'), join(dirname(dirname(path)), '_fragments')].find(
    (d) => existsSync(d),
  );
  const loaded = loadFragmentFiles(dir);
  fragmentDirs.set(loaded.dir, loaded);
  return loaded;
}

/** file:line:column of a pointer inside a fragment file. */
function fragmentPosition(fragments: LoadedFragments, name: string, pointer: string): string {
  const file = shown(join(fragments.dir, `${name}.json`));
  const text = fragments.texts.get(name);
  if (text === undefined) return file;
  const at = positionOf(scanJsonText(text), pointer);
  return `${file}:${at.line}:${at.column}`;
}

/** Every layout that parsed, with its text, for --stats. */
const parsed: (LayoutInput & { text: string })[] = [];

/** The issues of one layout file, each with its line:column; a file that is not JSON is one issue too. */
function validateFile(path: string): Located[] {
  const rel = relative(ROOT, path);
  const file = rel === '' || rel.startsWith('..') ? path : rel;
  let text: string;
  let doc: unknown;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return [
      {
        file,
        pointer: '',
        code: 'not-checked',
        message: LAYOUT_MESSAGES['not-checked'](e instanceof Error ? e.message : String(e)),
        severity: 'error',
        at: { line: 1, column: 1 },
      },
    ];
  }
  try {
    doc = JSON.parse(text);
  } catch (e) {
    const { detail, line, column } = locateJsonError(text, e instanceof Error ? e.message : '');
    const at = { line, column };
    const message = LAYOUT_MESSAGES['not-json'](detail);
    const words = inOperatorTerms({ pointer: '', code: 'not-json', message, ...at }, null);
    return [{ file, pointer: '', code: 'not-json', message, severity: 'error', at, words }];
  }
  parsed.push({ file, doc, text });
  const fragments = fragmentsFor(path);
  // validateLayoutDocument refuses a too-deep or too-large layout before anything recursive sees
  // it; should a check still throw, that is one issue for this file, not a crash of the run.
  const issues = validateLayoutSafely(doc, file, text, { fragments: fragments.files });
  if (issues.length === 0) return [];
  const map = scanJsonText(text);
  return issues.map((issue) => {
    // In the operator's words too: the node, a fix, an expression's offset as its line:column.
    const at = positionOf(map, issue.pointer);
    return {
      ...issue,
      at,
      words: inOperatorTerms({ ...issue, ...at }, doc, text),
      ...(issue.fragment
        ? { fragmentAt: fragmentPosition(fragments, issue.fragment.name, issue.fragment.pointer) }
        : {}),
    };
  });
}

const stats = process.argv.includes('--stats');
const args = process.argv.slice(2).filter((a) => a !== '--stats');
const files = args.length > 0 ? args.map((a) => resolve(process.cwd(), a)) : defaultFiles();
let errors = 0;
let warnings = 0;
for (const path of files) {
  for (const issue of validateFile(path)) {
    if (issue.severity === 'error') errors++;
    else warnings++;
    const inFragment = issue.fragment
      ? ` (fragment ${issue.fragment.name} ${issue.fragment.pointer || '/'})`
      : '';
    const fragmentAt = issue.fragmentAt ? ` [${issue.fragmentAt}]` : '';
    console.log(
      `${issue.file}:${issue.at.line}:${issue.at.column}: ${issue.pointer || '/'}${inFragment}: ${issue.severity} ${issue.code}: ${issue.message}${fragmentAt}`,
    );
    // The same in the operator's words, on a line of its own (editors and greps read the first).
    if (issue.words) console.log(`  ${operatorLine(issue.words)}`);
  }
}
// A fragment file that is not JSON: reported once, at the file itself.
for (const fragments of fragmentDirs.values()) {
  for (const b of fragments.broken) {
    errors++;
    console.log(
      `${shown(join(fragments.dir, `${b.name}.json`))}:1:1: /: error not-json: ${LAYOUT_MESSAGES['not-json'](b.message)}`,
    );
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
