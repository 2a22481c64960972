import { describe, expect, it } from 'vitest';
import { validateLayoutDocument } from '../../src/lint/validateLayout';
import { firstFailure, rulePasses } from '../../src/render/inputRules';

/** A layout with the given body (and extras), checked as npm run validate checks a file. */
function check(body: unknown[], extra: Record<string, unknown> = {}) {
  return validateLayoutDocument({ id: 'x', version: 1, title: 'X', ...extra, body }, 'fixtures/x.json');
}
const codes = (issues: { code: string; pointer: string }[]) => issues.map((i) => `${i.code} ${i.pointer}`);
const pay = (amount: unknown) => ({ type: 'button', label: 'Pay', onTap: [{ type: 'http', endpoint: 'repaymentCommit', params: { amount, orderId: 'O1' } }] });

describe('lint: money passed as text', () => {
  it.each([
    ['{{ money(state.amount) }}', 'money(...), which formats text'],
    ['{{ string(state.cents) }}', 'string(...), which formats text'],
    ['{{ state.amount }}', 'state.amount, the text of a money input (use cents(state.amount))'],
    ['{{ state.cents + \' TZS\' }}', 'text joined with +'],
    ['{{ state.ok ? state.cents : \'0,00\' }}', 'the string "0,00"'],
    ['{{ state.cents }} TZS', 'text with a binding inside'],
    ['500', 'the text "500"'],
  ])('%s is refused where the request wants integer cents', (amount, why) => {
    const issues = check([{ type: 'input', bind: 'amount', label: 'A', inputType: 'money' }, pay(amount)], { state: { amount: '', cents: 0, ok: true } });
    expect(issues).toEqual([
      {
        file: 'fixtures/x.json',
        pointer: '/body/1/onTap/0/params/amount',
        code: 'money-as-text',
        message: `money passed as text: repaymentCommit sends "amount" as integer cents (its request schema), but this gives ${why}`,
        severity: 'error',
      },
    ]);
  });

  it.each(['{{ cents(state.amount) }}', '{{ state.cents }}', '{{ number(state.amount) }}', 12500, '{{ sum(state.rows, \'amount\') }}'])('accepts %j', (amount) => {
    expect(check([{ type: 'input', bind: 'amount', label: 'A', inputType: 'money' }, pay(amount)], { state: { amount: '', cents: 0, rows: [] } })).toEqual([]);
  });

  it('checks data source params and leaves fields that are not cents alone', () => {
    const issues = check([{ type: 'text', text: 'x' }], {
      dataSources: { code: { endpoint: 'generateVcode', params: { amount: '{{ money(query.amount) }}', orderId: '{{ money(query.orderId) }}' } } },
    });
    expect(codes(issues)).toEqual(['money-as-text /dataSources/code/params/amount']);
  });
});

describe('lint: a required action that can never be visible', () => {
  it('reports only what can never show: constant false, under a hidden parent, in a dialog nothing opens', () => {
    const issues = check(
      [
        { type: 'button', label: 'Pay Now', visible: '{{ false }}', onTap: [] },
        { type: 'button', label: 'Pay Now', visible: '{{ state.show }}', onTap: [] },
        { type: 'button', label: 'Pay Now', visible: false, required: false, onTap: [] },
        { type: 'container', visible: false, children: [{ type: 'row', children: [{ type: 'button', label: 'Go', required: true, onTap: [] }] }] },
        { type: 'button', label: 'Open', onTap: [{ type: 'openDialog', dialog: 'opened' }] },
      ],
      {
        state: { show: false },
        dialogs: [
          { type: 'dialog', id: 'opened', children: [{ type: 'button', label: 'Pay Now', onTap: [] }] },
          { type: 'dialog', id: 'never', children: [{ type: 'button', label: 'Loan Now', onTap: [] }] },
        ],
      },
    );
    expect(issues.map((i) => `${i.pointer}: ${i.message}`)).toEqual([
      '/body/0: required action "Pay Now" can never be visible: its visible is always false (/body/0/visible)',
      '/body/3/children/0/children/0: required action "Go" can never be visible: it is inside /body/3, whose visible is always false',
      '/dialogs/1/children/0: required action "Loan Now" can never be visible: it is in dialog "never", which no openDialog action opens',
    ]);
  });
});

describe('input rules', () => {
  it.each([
    [{ required: true }, ['a', ' x '], ['', '   ', null, undefined]],
    [{ minLength: 2 }, ['ab', '中文'], ['', 'a', '😀']],
    [{ maxLength: 2 }, ['', 'ab', '😀😀'], ['abc']],
    [{ digits: true }, ['', '0123'], ['1a', '１２', ' 1']],
    [{ pattern: '^1[3-9][0-9]{9}$' }, ['13800138000'], ['', '12800138000', '1380013800', '138001380001']],
    [{ min: 10, max: '20' }, ['10', '20', 15], ['', '9', '21', 'abc']],
  ])('%j passes %j and fails %j', (rule, good, bad) => {
    for (const v of good) expect(rulePasses(rule, v), JSON.stringify(v)).toBe(true);
    for (const v of bad) expect(rulePasses(rule, v), JSON.stringify(v)).toBe(false);
  });

  it('money fields compare integer cents; the first failing rule gives the message', () => {
    const rules = [{ required: true, message: 'Enter an amount' }, { min: 10000, max: 50000, message: 'From 100,00 to 500,00' }];
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
    const examples = [...new Set([...doc.matchAll(/layouts\/_examples\/[a-z-]+\.json/g)].map((m) => m[0]))];
    expect(examples.length).toBeGreaterThanOrEqual(3);
    for (const file of examples) {
      const layout: unknown = JSON.parse(readFileSync(join(root, file), 'utf8'));
      expect(validateLayoutDocument(layout, file), file).toEqual([]);
    }
  });
});
