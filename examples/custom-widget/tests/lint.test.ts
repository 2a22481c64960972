import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'node_modules', '.bin', 'kopa-lint');
const lint = (...files: string[]) => spawnSync(BIN, files, { cwd: ROOT, encoding: 'utf8' });

it('kopa-lint passes a good layout with exit code 0', () => {
  const run = lint('layouts/promo.json');
  expect(run.stdout).toBe('kopa-lint: 1 layout(s), 0 error(s), 0 warning(s)\n');
  expect(run.status).toBe(0);
});

it('kopa-lint names the file, line and JSON pointer of a bad layout, with exit code 1', () => {
  const run = lint('layouts');
  expect(run.stdout.split('\n')).toEqual([
    'layouts/broken.json:7:5: /body/1: error schema: unknown property "colour"',
    'kopa-lint: 2 layout(s), 1 error(s), 0 warning(s)',
    '',
  ]);
  expect(run.status).toBe(1);
});
