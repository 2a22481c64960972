import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Builds a tree's app into `outDir` and, with `withBare`, the bare React page into
 * `<outDir>/__bench` (its own config, resolved against bench/bare/), as every bench serves them.
 */
export function buildForBench(tree: string, outDir: string, withBare = true): void {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir], {
    cwd: tree,
    stdio: 'inherit',
  });
  if (!withBare) return;
  execFileSync(
    'npx',
    [
      'vite',
      'build',
      '--logLevel',
      'warn',
      '--config',
      'bench/bare/vite.config.ts',
      '--outDir',
      join(tree, outDir, '__bench'),
    ],
    { cwd: tree, stdio: 'inherit' },
  );
}
