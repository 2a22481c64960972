import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatStats, layoutStats, type LayoutInput } from '../../src/lint/stats';

/** A small layout with the given body (and optional extras at the top level). */
function layout(file: string, body: unknown[], extra: Record<string, unknown> = {}): LayoutInput {
  return { file, doc: { id: 'x', version: 1, title: 'X', ...extra, body } };
}

/** A node whose serialisation is well over 250 characters. */
const footer = {
  type: 'container',
  children: [
    {
      type: 'text',
      text: 'Kopa is a lending service of Example Finance Ltd, licensed and regulated.',
    },
    { type: 'text', text: 'Customer service: 0800 000 000, Monday to Saturday, 8:00 to 20:00.' },
    { type: 'text', text: 'Copyright 2026 Example Finance Ltd. All rights reserved.' },
  ],
};

describe('layout statistics (npm run validate -- --stats)', () => {
  it('counts bindings and names the longest one by file and pointer, ignoring $comment', () => {
    const stats = layoutStats([
      layout('a.json', [
        { type: 'text', text: 'Due {{ money(data.plan.amount) }} on {{ date(data.plan.due) }}' },
      ]),
      layout('b.json', [
        {
          type: 'text',
          $comment: '{{ a very long note that is no binding at all, whatever it says }}',
          text: '{{ state.n }}',
        },
      ]),
    ]);
    expect(stats.bindings).toBe(3);
    expect(stats.longestBinding).toEqual({
      length: 'money(data.plan.amount)'.length,
      source: 'money(data.plan.amount)',
      where: { file: 'a.json', pointer: '/body/0/text' },
    });
  });

  it('finds a 250+ character block copied into two layouts, listing only the largest copy', () => {
    const stats = layoutStats([
      layout('a.json', [{ type: 'text', text: 'A' }, footer]),
      // The same block with its keys in another order and a comment of its own is still a copy.
      layout('b.json', [{ children: footer.children, $comment: 'copied', type: 'container' }]),
      layout('c.json', [{ type: 'text', text: 'No footer here' }]),
    ]);
    expect(stats.repeatedBlocks).toHaveLength(1);
    expect(stats.repeatedBlocks[0]?.where).toEqual([
      { file: 'a.json', pointer: '/body/1' },
      { file: 'b.json', pointer: '/body/0' },
    ]);
    expect(stats.repeatedBlocks[0]?.length).toBeGreaterThanOrEqual(250);
  });

  it('does not count a block repeated within one layout only, nor a short block', () => {
    const short = { type: 'text', text: 'Short and shared' };
    const stats = layoutStats([
      layout('a.json', [footer, footer, short]),
      layout('b.json', [short]),
    ]);
    expect(stats.repeatedBlocks).toEqual([]);
  });

  it('counts string() on either side of a comparison, not elsewhere', () => {
    const stats = layoutStats([
      layout('a.json', [
        {
          type: 'text',
          text: 'x',
          visible: '{{ string(data.o.status) == "1" || "2" != string(state.k) }}',
        },
        {
          type: 'text',
          text: '{{ string(data.o.count) }} items',
          visible: '{{ data.o.status == 1 }}',
        },
      ]),
    ]);
    expect(stats.stringComparisons).toEqual([
      { file: 'a.json', pointer: '/body/0/visible' },
      { file: 'a.json', pointer: '/body/0/visible' },
    ]);
  });

  it('measures how deep if actions nest, through action lists in between', () => {
    const toast = { type: 'toast', message: 'x' };
    const inner = { type: 'if', when: '{{ state.c }}', then: [toast] };
    const ladder = {
      type: 'if',
      when: '{{ state.a }}',
      then: [toast],
      else: [
        {
          type: 'http',
          endpoint: 'e',
          onError: [{ type: 'if', when: '{{ state.b }}', then: [toast], else: [inner] }],
        },
      ],
    };
    const stats = layoutStats([
      layout('a.json', [{ type: 'button', label: 'Go', onTap: [inner] }]),
      layout('b.json', [{ type: 'button', label: 'Go', onTap: [ladder] }]),
    ]);
    expect(stats.ifDepth).toEqual({
      depth: 3,
      where: { file: 'b.json', pointer: '/body/0/onTap/0' },
    });
  });

  it('prints each target with its limit and PASS or FAIL', () => {
    const failing = layoutStats([
      layout('a.json', [
        {
          type: 'text',
          text: `{{ ${'data.plan.amount + '.repeat(5)}1 }}`,
          visible: '{{ string(state.s) == "1" }}',
        },
        footer,
      ]),
      layout('b.json', [footer]),
    ]);
    const out = formatStats(failing).join('\n');
    expect(out).toContain('stats: 2 layout(s), 2 binding(s)');
    expect(out).toMatch(
      /FAIL longest binding: \d+ characters \(limit <= 80\)\n {4}a\.json: \/body\/0\/text: "data\.plan/,
    );
    expect(out).toMatch(
      /FAIL blocks of 250\+ characters repeated across layouts: 1 \(limit 0\)\n {4}\d+ characters, 2 copies:\n {6}a\.json: \/body\/1\n {6}b\.json: \/body\/0/,
    );
    expect(out).toContain(
      'FAIL string() coercions in comparisons: 1 (limit 0)\n    a.json: /body/0/visible',
    );
    expect(out).toContain('PASS if/else nesting depth of if actions: 0 (limit <= 2)');

    const passing = formatStats(
      layoutStats([layout('a.json', [{ type: 'text', text: '{{ state.n }}' }])]),
    ).join('\n');
    expect(passing).toContain('PASS longest binding: 7 characters (limit <= 80)');
    expect(passing).toContain(
      'PASS blocks of 250+ characters repeated across layouts: 0 (limit 0)',
    );
    expect(passing).toContain('PASS string() coercions in comparisons: 0 (limit 0)');
  });

  it('npm run validate -- --stats prints the figures with line:column and exits 1 when a target fails', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kopa-stats-'));
    try {
      const file = join(dir, 'long.json');
      const long = `{{ ${'state.n + '.repeat(10)}1 }}`;
      writeFileSync(
        file,
        JSON.stringify(
          {
            id: 'long',
            version: 1,
            title: 'Long',
            state: { n: 1 },
            body: [{ type: 'text', text: long }],
          },
          null,
          2,
        ),
      );
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'scripts/validate.ts', '--stats', file],
        { cwd: join(import.meta.dirname, '..', '..'), encoding: 'utf8' },
      );
      const out = run.stdout;
      expect(run.status).toBe(1);
      expect(out).toContain('validate: 1 layout(s), 0 error(s)');
      expect(out).toContain('stats: a target failed');
      expect(out).toContain('FAIL longest binding: 101 characters (limit <= 80)');
      expect(out).toMatch(/long\.json:\d+:\d+: \/body\/0\/text: "state\.n/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
