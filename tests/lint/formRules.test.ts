import { describe, expect, it } from 'vitest';
import { validateLayoutDocument } from '../../src/lint/validateLayout';
import { firstFailure, rulePasses } from '../../src/react/render/inputRules';

// Money passed as text and primary actions that can never show moved to the type checker and the
// roles rule: tests/unit/typeCheck.test.ts.
describe('input rules', () => {
  it.each([
    [{ required: true }, ['a', ' x '], ['', '   ', null, undefined]],
    [{ minLength: 2 }, ['ab', '中文'], ['', 'a', '😀']],
    [{ maxLength: 2 }, ['', 'ab', '😀😀'], ['abc']],
    [{ digits: true }, ['', '0123'], ['1a', '１２', ' 1']],
    [
      { pattern: '^1[3-9][0-9]{9}$' },
      ['13800138000'],
      ['', '12800138000', '1380013800', '138001380001'],
    ],
    [{ min: 10, max: '20' }, ['10', '20', 15], ['', '9', '21', 'abc']],
  ])('%j passes %j and fails %j', (rule, good, bad) => {
    for (const v of good) expect(rulePasses(rule, v), JSON.stringify(v)).toBe(true);
    for (const v of bad) expect(rulePasses(rule, v), JSON.stringify(v)).toBe(false);
  });

  it('money fields compare integer cents; the first failing rule gives the message', () => {
    const rules = [
      { required: true, message: 'Enter an amount' },
      { min: 10000, max: 50000, message: 'From 100,00 to 500,00' },
    ];
    expect(firstFailure(rules, '', 'money')).toBe('Enter an amount');
    expect(firstFailure(rules, '99,99', 'money')).toBe('From 100,00 to 500,00');
    expect(firstFailure(rules, '100', 'money')).toBeNull();
    expect(firstFailure(rules, '500,00', 'money')).toBeNull();
    expect(firstFailure(rules, '500,01', 'money')).toBe('From 100,00 to 500,00');
    // A pattern that does not compile fails closed.
    expect(firstFailure([{ pattern: '(', message: 'bad' }], 'x')).toBe('bad');
  });
});

describe('docs/forms.md', () => {
  it('names only examples that exist and pass npm run validate', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = join(import.meta.dirname, '..', '..');
    const doc = readFileSync(join(root, 'docs/forms.md'), 'utf8');
    const examples = [
      ...new Set([...doc.matchAll(/layouts\/_examples\/[a-z-]+\.json/g)].map((m) => m[0])),
    ];
    expect(examples.length).toBeGreaterThanOrEqual(3);
    for (const file of examples) {
      const layout: unknown = JSON.parse(readFileSync(join(root, file), 'utf8'));
      expect(validateLayoutDocument(layout, file), file).toEqual([]);
    }
  });
});
