import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateLayoutDocument } from '../../src/schema/validateLayout';

const ROOT = join(import.meta.dirname, '..', '..');
const expected = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/broken-layouts.expected.json'), 'utf8')) as Record<
  string,
  { code: string; pointer: string } | string
>;
const cases = Object.entries(expected).filter((e): e is [string, { code: string; pointer: string }] => typeof e[1] === 'object');

function runValidate(files: string[]): { status: number; out: string } {
  try {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/validate.ts', ...files], { cwd: ROOT, encoding: 'utf8' });
    return { status: 0, out };
  } catch (e) {
    const err = e as { status: number; stdout: string };
    return { status: err.status, out: err.stdout };
  }
}

describe('npm run validate', () => {
  it('names file, JSON pointer and code for each deliberately broken layout, and exits non-zero', () => {
    for (const [file, want] of cases) {
      const { status, out } = runValidate([`tests/fixtures/broken-layouts/${file}`]);
      expect(status, file).toBe(1);
      expect(out, file).toContain(`tests/fixtures/broken-layouts/${file}:${want.pointer || '/'}: error ${want.code}:`);
    }
  }, 120_000);

  it('passes every layout the project ships', () => {
    const { status, out } = runValidate([]);
    expect(out).toMatch(/0 error\(s\)/);
    expect(status).toBe(0);
  }, 60_000);

  it('accepts a valid layout and reports bindings to fields the response schema lacks', () => {
    const base = { id: 'x', version: 1, title: 'X', dataSources: { plan: { endpoint: 'installmentPlan' } } };
    expect(validateLayoutDocument({ ...base, body: [{ type: 'text', text: '{{ money(data.plan.amountMax) }}' }] }, 'fixtures/x.json')).toEqual([]);
    const issues = validateLayoutDocument({ ...base, body: [{ type: 'text', text: '{{ data.plan.bankCardInfo.cardNumber }}' }] }, 'fixtures/x.json');
    expect(issues).toEqual([expect.objectContaining({ code: 'unknown-field', pointer: '/body/0/text' })]);
  });
});
