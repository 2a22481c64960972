// @vitest-environment node
/**
 * The code says why, not when: issue numbers belong in commit messages and docs/decisions, so a
 * comment, test name or layout note that cites one ("(issue 36)", "Issue 7: ...") fails here.
 * Markdown is history's place and is not read.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const CITATION = /\bissues? #?\d+/i;

/** Where history may stand: prose, the lock file, and this test's own samples. */
const EXCLUDED = [
  ':!*.md',
  ':!docs/**',
  ':!package-lock.json',
  ':!tests/repo/noHistoryInCode.test.ts',
];

/** Lines of tracked files that cite an issue (git grep exits 1 when there are none). */
function citations(): string[] {
  try {
    const out = execFileSync(
      'git',
      ['grep', '-n', '-i', '-I', '-E', String.raw`\bissues? #?[0-9]+`, '--', '.', ...EXCLUDED],
      { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    return out.split('\n').filter((line) => CITATION.test(line));
  } catch (e) {
    if ((e as { status?: number }).status === 1) return [];
    throw e;
  }
}

describe('history stays out of the code', () => {
  it('no code file cites an issue number', () => {
    expect(citations()).toEqual([]);
  });

  it('the pattern catches the forms that were removed', () => {
    for (const text of ['(issue 36)', 'Issue 7: the trust boundary', 'issues 32.4, 34.5'])
      expect(CITATION.test(text), text).toBe(true);
    expect(CITATION.test('an issue with the number field')).toBe(false);
  });
});
