/**
 * `kopa-lint <file or folder>...`: checks Kopa layout files (checkFiles.ts) and prints one line
 * per issue, `file:line:column: /json/pointer: severity code: message`, then a summary. A folder
 * stands for its *.json files (not its _fragments/). `--widgets <file>` names the node schemas of
 * the widgets the app adds to the renderer (customWidgets.ts). Exit code 0: no errors (warnings
 * allowed); 1: an error in some file; 2: nothing to check, or a widgets file that cannot be used.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { LoadedFragments } from '@kopa/contract/fragmentFiles';
import { brokenFragmentLines, checkLayoutFile, issueLine } from './checkFiles';
import { loadWidgetSchemas, type CustomWidgetSchemas } from './customWidgets';

const USAGE = 'usage: kopa-lint [--widgets widget-schemas.json] <layout.json | folder>...';

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

/** `--widgets <file>` (or `--widgets=<file>`) taken out of the arguments; the rest are paths. */
function splitArgs(args: readonly string[]): { paths: string[]; widgets: string | null } {
  const paths: string[] = [];
  let widgets: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--widgets') widgets = args[++i] ?? '';
    else if (arg.startsWith('--widgets=')) widgets = arg.slice('--widgets='.length);
    else paths.push(arg);
  }
  return { paths, widgets };
}

/** Runs the checker over `args` as seen from `cwd`; returns the exit code. */
export function runLint(
  args: readonly string[],
  cwd: string,
  print: (line: string) => void,
): number {
  const { paths, widgets: widgetsFile } = splitArgs(args);
  if (paths.length === 0 || args.includes('--help') || args.includes('-h') || widgetsFile === '') {
    print(USAGE);
    return 2;
  }
  let widgets: CustomWidgetSchemas | undefined;
  if (widgetsFile !== null) {
    const loaded = loadWidgetSchemas(resolve(cwd, widgetsFile));
    if (typeof loaded === 'string') {
      print(`kopa-lint: --widgets ${loaded}`);
      return 2;
    }
    widgets = loaded;
  }
  const shown = (path: string): string => {
    const rel = relative(cwd, path);
    return rel === '' || rel.startsWith('..') ? path : rel;
  };
  const files = paths.flatMap((a) => expand(resolve(cwd, a)));
  let errors = 0;
  let warnings = 0;
  const fragmentDirs = new Map<string, LoadedFragments>();
  for (const path of files) {
    const checked = checkLayoutFile(path, shown, widgets);
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
