/**
 * npm run test:example   The example consumer (examples/custom-widget) against the PACKED
 * packages: packs @kopa/react and @kopa/lint (their prepack builds dist/), copies the example to
 * a temporary folder, installs the two tarballs there (not the workspace links) beside its own
 * dependencies, then type-checks and builds it with Vite and runs its tests (the custom widget
 * rendered beside built-in ones, kopa-lint on a good and a bad layout, with the app widget's node
 * schemas). Prints the tarball sizes. The dist/ folders the packs build are removed afterwards
 * (those that were not there before), so a run leaves the repository as it found it.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { restoreSource } from './pack/publishManifest';

const ROOT = join(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'kopa-example-'));
const packs = join(work, 'packs');
const app = join(work, 'custom-widget');

const PACKED = ['src/react', 'src/lint'];
// A dist/ a developer built before the run is theirs: only the ones this run makes are removed.
const builtHere = PACKED.map((dir) => join(ROOT, dir, 'dist')).filter((dist) => !existsSync(dist));

const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });

try {
  mkdirSync(packs);
  npm(
    ['pack', '--silent', '-w', '@kopa/react', '-w', '@kopa/lint', '--pack-destination', packs],
    ROOT,
  );
  const tarballs = readdirSync(packs).filter((f) => f.endsWith('.tgz'));
  for (const t of tarballs)
    console.log(`test:example: ${t} ${(statSync(join(packs, t)).size / 1024).toFixed(1)} KB`);
  cpSync(join(ROOT, 'examples', 'custom-widget'), app, {
    recursive: true,
    filter: (src) => !/[/\\](node_modules|dist)$/.test(src),
  });
  npm(
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--loglevel=error',
      ...tarballs.map((t) => join('..', 'packs', t)),
    ],
    app,
  );
  npm(['run', '--silent', 'build', '--', '--logLevel', 'warn'], app);
  npm(['test', '--silent'], app);
} finally {
  // A pack that failed half-way leaves its published manifest in place: the source one back.
  for (const dir of PACKED) restoreSource(join(ROOT, dir));
  for (const dist of builtHere) rmSync(dist, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
}
