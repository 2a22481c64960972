import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runLint } from '../../src/lint/cli';

/** A folder outside the repository, as another team's would be: one good and one bad layout. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kopa-lint-'));
  mkdirSync(join(dir, 'screens'));
  const layout = (id: string, body: unknown[]) =>
    JSON.stringify({ id, version: 1, title: 'Promo', body }, null, 2);
  writeFileSync(
    join(dir, 'screens', 'good.json'),
    layout('good', [{ type: 'text', text: 'Hello' }]),
  );
  writeFileSync(
    join(dir, 'screens', 'bad.json'),
    layout('bad', [
      { type: 'text', text: 'Hello' },
      { type: 'text', text: 'Bye', colour: 'red' },
    ]),
  );
  return dir;
}

function lint(args: string[], cwd: string): { code: number; lines: string[] } {
  const lines: string[] = [];
  const code = runLint(args, cwd, (line) => lines.push(line));
  return { code, lines };
}

describe('kopa-lint', () => {
  it('passes a good layout: exit 0, only the summary', () => {
    const dir = project();
    expect(lint(['screens/good.json'], dir)).toEqual({
      code: 0,
      lines: ['kopa-lint: 1 layout(s), 0 error(s), 0 warning(s)'],
    });
  });

  it('names the file, line, pointer and problem of a bad layout, and exits 1', () => {
    const dir = project();
    const { code, lines } = lint(['screens'], dir);
    expect(code).toBe(1);
    expect(lines).toContain(
      'screens/bad.json:10:5: /body/1: error schema: unknown property "colour" (allowed: id, level, onTap, role, style, text, type, visible)',
    );
    expect(lines.at(-1)).toBe('kopa-lint: 2 layout(s), 1 error(s), 0 warning(s)');
  });

  it('reports a file that is missing or not JSON as an error of that file', () => {
    const dir = project();
    writeFileSync(join(dir, 'broken.json'), '{ "id": ');
    const { code, lines } = lint(['broken.json', 'missing.json'], dir);
    expect(code).toBe(1);
    expect(lines[0]).toMatch(/^broken\.json:1:\d+: \/: error not-json: /);
    expect(lines[1]).toMatch(/^missing\.json:1:1: \/: error not-checked: .*ENOENT/);
  });

  it('prints its usage and exits 2 with nothing to check', () => {
    expect(lint([], tmpdir())).toEqual({
      code: 2,
      lines: ['usage: kopa-lint [--widgets widget-schemas.json] <layout.json | folder>...'],
    });
  });

  describe('--widgets: the node schemas of widgets the app adds (defineWidget)', () => {
    const badge = (extra: Record<string, unknown>) => ({
      type: 'promo-badge',
      label: 'Hi',
      ...extra,
    });
    function withBadges(): string {
      const dir = project();
      writeFileSync(
        join(dir, 'widgets.json'),
        JSON.stringify({
          'promo-badge': {
            type: 'object',
            required: ['type', 'label'],
            additionalProperties: false,
            properties: {
              type: { const: 'promo-badge' },
              label: { type: 'string', minLength: 1 },
              tone: { enum: ['gold', 'silver'] },
            },
          },
        }),
      );
      const layout = (id: string, body: unknown[]) =>
        JSON.stringify({ id, version: 1, title: 'Promo', body }, null, 2);
      writeFileSync(join(dir, 'badge.json'), layout('badge', [badge({ tone: 'gold' })]));
      writeFileSync(
        join(dir, 'bad-badge.json'),
        layout('bad-badge', [badge({ tone: 'bronze', label: '{{ nope.x }}' })]),
      );
      writeFileSync(
        join(dir, 'in-actions.json'),
        layout('in-actions', [
          { type: 'button', label: 'Go', onTap: [{ type: 'promo-badge', label: 'x' }] },
        ]),
      );
      return dir;
    }

    it('passes a layout whose custom node fits its schema; without --widgets it is an unknown widget', () => {
      const dir = withBadges();
      expect(lint(['--widgets', 'widgets.json', 'badge.json'], dir)).toEqual({
        code: 0,
        lines: ['kopa-lint: 1 layout(s), 0 error(s), 0 warning(s)'],
      });
      const without = lint(['badge.json'], dir);
      expect(without.code).toBe(1);
      expect(without.lines[0]).toMatch(
        /^badge\.json:\d+:\d+: \/body\/0\/type: error unknown-widget: unknown widget type "promo-badge"/,
      );
    });

    it("reports what the widget's schema refuses, and the node's bindings like any node's", () => {
      const { code, lines } = lint(['--widgets=widgets.json', 'bad-badge.json'], withBadges());
      expect(code).toBe(1);
      expect(lines).toContainEqual(
        expect.stringMatching(
          /^bad-badge\.json:\d+:\d+: \/body\/0\/tone: error schema: .*"gold","silver"/,
        ),
      );
      expect(lines).toContainEqual(
        expect.stringMatching(
          /^bad-badge\.json:\d+:\d+: \/body\/0\/label: error unknown-name: "nope"/,
        ),
      );
      expect(lines.at(-1)).toBe('kopa-lint: 1 layout(s), 2 error(s), 0 warning(s)');
    });

    it('a custom widget type is still no action', () => {
      const { code, lines } = lint(['--widgets', 'widgets.json', 'in-actions.json'], withBadges());
      expect(code).toBe(1);
      expect(lines[0]).toMatch(/\/body\/0\/onTap\/0\/type: error unknown-action: /);
    });

    it('refuses a widgets file it cannot use with exit 2, checking nothing', () => {
      const dir = withBadges();
      writeFileSync(join(dir, 'clash.json'), JSON.stringify({ text: { type: 'object' } }));
      expect(lint(['--widgets', 'clash.json', 'badge.json'], dir)).toEqual({
        code: 2,
        lines: [
          `kopa-lint: --widgets ${join(dir, 'clash.json')}: "text" is a built-in widget: its schema is Kopa's`,
        ],
      });
      expect(lint(['--widgets', 'none.json', 'badge.json'], dir).code).toBe(2);
      expect(lint(['--widgets'], dir).code).toBe(2);
    });
  });
});
