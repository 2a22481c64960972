import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenLinks, slugOf } from '../../scripts/lib/markdownLinks';

const ROOT = join(import.meta.dirname, '../..');

/** A throwaway repository with these files, committed to its index as `git ls-files` sees them. */
function repo(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'kopa-links-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  execFileSync('git', ['init', '-q'], { cwd: dir });
  execFileSync('git', ['add', '.'], { cwd: dir });
  return dir;
}

const GOOD = {
  'README.md': '# Kopa\n\nSee [the guide](docs/guide.md#first-steps) and [code](src/).\n',
  'docs/guide.md':
    '# Guide\n\n## First steps\n\n## Money: `formatMoney` & fees\n\n<a id="kept"></a>\n\n' +
    'Back to [the top](#guide), [money](#money-formatmoney--fees), [kept](#kept), ' +
    '[the readme](../README.md), [a site](https://example.org/missing), [mail](mailto:a@b.c).\n\n' +
    '[ref]: ./guide.md#first-steps\n\n```md\n[not a link](nowhere.md)\n```\n',
  'src/index.ts': 'export {};\n',
};

describe('check:links', () => {
  it('passes links to files, folders, headings and ids, and never fetches external ones', () => {
    const dir = repo(GOOD);
    expect(brokenLinks(dir, ['README.md', 'docs/guide.md'])).toEqual([]);
  });

  it('reports a missing file, a missing heading and a link out of the repository, with lines', () => {
    const dir = repo({
      ...GOOD,
      'docs/broken.md':
        '# Broken\n\n[gone](decisions/020-performance.md)\n' +
        '[no heading](guide.md#last-steps) [same file](#nowhere)\n' +
        '[outside](../../shared/SECURITY.md) ![img](missing.png)\n',
    });
    expect(
      brokenLinks(dir, ['docs/broken.md']).map((b) => `${b.line} ${b.target}: ${b.reason}`),
    ).toEqual([
      '3 decisions/020-performance.md: no such file',
      '4 guide.md#last-steps: no heading or id "last-steps"',
      '4 #nowhere: no heading or id "nowhere"',
      '5 ../../shared/SECURITY.md: points outside the repository',
      '5 missing.png: no such file',
    ]);
  });

  it('the command fails on a broken link and names it; passes on a clean tree', () => {
    const run = (dir: string) =>
      spawnSync('npx', ['tsx', join(ROOT, 'scripts/check-links.ts'), dir], { encoding: 'utf8' });
    const bad = run(repo({ ...GOOD, 'docs/bad.md': '# Bad\n\n[x](nope.md)\n' }));
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('docs/bad.md:3: nope.md: no such file');
    const good = run(repo(GOOD));
    expect(good.status).toBe(0);
    expect(good.stdout).toContain('2 Markdown files, 0 broken links');
  });

  it('slugs headings as GitHub does', () => {
    expect(slugOf('Money: `formatMoney` & fees')).toBe('money-formatmoney--fees');
    expect(slugOf('Slow 3G: Pay Now against the bare page (item 5)')).toBe(
      'slow-3g-pay-now-against-the-bare-page-item-5',
    );
    expect(slugOf('[Layers](x.md) of the code')).toBe('layers-of-the-code');
  });
});
