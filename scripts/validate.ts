/**
 * npm run validate [files...]   Checks layouts like a compiler: `file:pointer: severity code: message`.
 * With no arguments: every layout in layouts/ and layouts/_examples/. Exits 1 on any error.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { validateLayoutDocument } from '../src/schema/validateLayout';
import { LAYOUT_MESSAGES } from '../src/lint/messages';
import type { LayoutIssue } from '../src/schema/layoutIssue';

const ROOT = join(import.meta.dirname, '..');

function defaultFiles(): string[] {
  const list = (dir: string) =>
    readdirSync(join(ROOT, dir))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => join(ROOT, dir, f));
  return [...list('layouts'), ...list('layouts/_examples')];
}

/** The issues of one layout file; a file that is not JSON is one issue too. */
function validateFile(path: string): LayoutIssue[] {
  const rel = relative(ROOT, path);
  const file = rel === '' || rel.startsWith('..') ? path : rel;
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    return [{ file, pointer: '', code: 'not-json', message: LAYOUT_MESSAGES['not-json'](e instanceof Error ? e.message : String(e)), severity: 'error' }];
  }
  // validateLayoutDocument refuses a too-deep or too-large layout before anything recursive sees
  // it; should a check still throw, that is one issue for this file, not a crash of the run.
  try {
    return validateLayoutDocument(doc, file);
  } catch (e) {
    return [{ file, pointer: '', code: 'not-checked', message: LAYOUT_MESSAGES['not-checked'](e instanceof Error ? e.message : String(e)), severity: 'error' }];
  }
}

const args = process.argv.slice(2);
const files = args.length > 0 ? args.map((a) => resolve(process.cwd(), a)) : defaultFiles();
let errors = 0;
let warnings = 0;
for (const path of files) {
  for (const issue of validateFile(path)) {
    if (issue.severity === 'error') errors++;
    else warnings++;
    console.log(`${issue.file}:${issue.pointer || '/'}: ${issue.severity} ${issue.code}: ${issue.message}`);
  }
}
console.log(`validate: ${files.length} layout(s), ${errors} error(s), ${warnings} warning(s)`);
process.exit(errors > 0 ? 1 : 0);
