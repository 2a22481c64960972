import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'node_modules', '.bin', 'kopa-lint');
const lint = (...args: string[]) => spawnSync(BIN, args, { cwd: ROOT, encoding: 'utf8' });
// The node schemas of this app's own widgets: kopa-lint checks promo-badge nodes against them.
const WIDGETS = ['--widgets', 'widget-schemas.json'];

it('kopa-lint passes a good layout using the app widget, with exit code 0', () => {
  const run = lint(...WIDGETS, 'layouts/promo.json');
  expect(run.stdout).toBe('kopa-lint: 1 layout(s), 0 error(s), 0 warning(s)\n');
  expect(run.status).toBe(0);
});

it('kopa-lint names the file, line and JSON pointer of a bad layout, with exit code 1', () => {
  const run = lint(...WIDGETS, 'layouts');
  expect(run.stdout.split('\n')).toEqual([
    'layouts/broken.json:7:5: /body/1: error schema: unknown property "colour" (allowed: id, level, onTap, role, style, text, type, visible)',
    'layouts/broken.json:8:47: /body/2/tone: error schema: must be equal to one of the allowed values: ["gold","silver"]',
    'kopa-lint: 2 layout(s), 2 error(s), 0 warning(s)',
    '',
  ]);
  expect(run.status).toBe(1);
});

it('without the widget schemas, kopa-lint does not know the app widget', () => {
  const run = lint('layouts/promo.json');
  expect(run.stdout).toContain(
    'layouts/promo.json:7:7: /body/1/type: error unknown-widget: unknown widget type "promo-badge"',
  );
  expect(run.status).toBe(1);
});
