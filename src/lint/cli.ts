/**
 * `kopa-lint <file or folder>...`: checks Kopa layout files (checkFiles.ts) and prints one line
 * per issue, `file:line:column: /json/pointer: severity code: message`, then a summary. A folder
 * stands for its *.json files (not its _fragments/). Exit code 0: no errors (warnings allowed);
 * 1: an error in some file; 2: nothing to check.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { LoadedFragments } from '@kopa/contract/fragmentFiles';
import { brokenFragmentLines, checkLayoutFile, issueLine } from './checkFiles';

const USAGE = 'usage: kopa-lint <layout.json | folder>...';

function expand(path: string): string[] {
  try {
    if (!statSync(path).isDirectory()) return [path];
  } catch {
    return [path]; // a missing file is reported as an issue of its own
  }
  return readdirSync(path)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(path, f));
}

/** Runs the checker over `args` as seen from `cwd`; returns the exit code. */
export function runLint(
  args: readonly string[],
  cwd: string,
  print: (line: string) => void,
): number {
  if (args.length === 0 || args.includes('--help') || args.includes('-h')) {
    print(USAGE);
    return 2;
  }
  const shown = (path: string): string => {
    const rel = relative(cwd, path);
    return rel === '' || rel.startsWith('..') ? path : rel;
  };
  const files = args.flatMap((a) => expand(resolve(cwd, a)));
  let errors = 0;
  let warnings = 0;
  const fragmentDirs = new Map<string, LoadedFragments>();
  for (const path of files) {
    const checked = checkLayoutFile(path, shown);
    if (checked.fragments) fragmentDirs.set(checked.fragments.dir, checked.fragments);
    for (const issue of checked.issues) {
      if (issue.severity === 'error') errors++;
      else warnings++;
      print(issueLine(issue));
    }
  }
  for (const fragments of fragmentDirs.values()) {
    const lines = brokenFragmentLines(fragments, shown);
    errors += lines.length;
    lines.forEach((line) => print(line));
  }
  print(`kopa-lint: ${files.length} layout(s), ${errors} error(s), ${warnings} warning(s)`);
  return errors > 0 ? 1 : 0;
}
