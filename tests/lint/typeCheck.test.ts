/**
 * The layout type checker, roles and order. The typed-layouts fixtures are shipped
 * layouts with one realistic mistake each: npm run validate refuses each with exactly one error,
 * worded as tests/fixtures/typed-layouts.expected.json says, and the shipped original is clean.
 * The rules are then tried one by one on small layouts.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { PARAM_TYPES } from '../../src/contract/layout/fragments';
import { exprFunctions } from '../../src/runtime/exprFunctions';
import { conditionFormula, satisfiable } from '../../src/lint/conditions';
import { SIGNATURES } from '../../src/lint/types/signatures';
import { typeIssues } from '../../src/lint/types/typeCheck';
import { loadApiCatalogue } from '../../src/lint/responseSchemas';
import { validateLayoutDocument } from '../../src/lint/validateLayout';

const ROOT = join(import.meta.dirname, '..', '..');
const DIR = 'tests/fixtures/typed-layouts';
interface Want {
  code: string;
  pointer: string;
  at: string;
  message: string;
}
const expected = JSON.parse(readFileSync(join(ROOT, `${DIR}.expected.json`), 'utf8')) as Record<
  string,
  Want | string
>;
const cases = Object.entries(expected).filter((e): e is [string, Want] => typeof e[1] === 'object');

function runValidate(files: string[]): { status: number; out: string } {
  try {
    return {
      status: 0,
      out: execFileSync(process.execPath, ['--import', 'tsx', 'scripts/validate.ts', ...files], {
        cwd: ROOT,
        encoding: 'utf8',
      }),
    };
  } catch (e) {
    const err = e as { status: number; stdout: string };
    return { status: err.status, out: err.stdout };
  }
}

describe('typed-layouts fixtures', () => {
  it('covers every fixture in the folder, each mistake kind of the issue among them', () => {
    expect(cases.map(([f]) => f).sort()).toEqual(
      readdirSync(join(ROOT, DIR))
        .filter((f) => f.endsWith('.json'))
        .sort(),
    );
    const codes = new Set(cases.map(([, w]) => w.code));
    for (const code of [
      'type-mismatch',
      'money-as-text',
      'screen-contract',
      'validate-after-request',
      'unvalidated-field',
      'shows-undefined',
      'expression-syntax',
    ])
      expect(codes).toContain(code);
  });

  it('npm run validate prints one error per fixture, as a compiler would, and exits 1', () => {
    const { status, out } = runValidate(cases.map(([f]) => `${DIR}/${f}`));
    expect(status).toBe(1);
    const errors = out.split('\n').filter((l) => / error [a-z-]+: /.test(l));
    for (const [file, want] of cases) {
      const lines = errors.filter((l) => l.startsWith(`${DIR}/${file}:`));
      expect(lines, `${file}\n${out}`).toEqual([
        `${DIR}/${file}:${want.at}: ${want.pointer}: error ${want.code}: ${want.message}`,
      ]);
    }
  }, 120_000);

  it('docs/layouts.md quotes fixture lines exactly as npm run validate prints them', () => {
    const quoted = readFileSync(join(ROOT, 'docs/layouts.md'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith(`${DIR}/`));
    expect(quoted.length).toBeGreaterThanOrEqual(2);
    const printed = cases.map(
      ([file, w]) => `${DIR}/${file}:${w.at}: ${w.pointer}: error ${w.code}: ${w.message}`,
    );
    for (const line of quoted) expect(printed).toContain(line);
  });

  it.each(cases.map(([f]) => f))(
    'the shipped layout %s was copied from passes without errors',
    (file) => {
      const comment = (
        JSON.parse(readFileSync(join(ROOT, DIR, file), 'utf8')) as { $comment: string }
      ).$comment;
      const source = /layouts\/[a-z-]+\.json/.exec(comment)?.[0] ?? '';
      const doc: unknown = JSON.parse(readFileSync(join(ROOT, source), 'utf8'));
      expect(validateLayoutDocument(doc, source).filter((i) => i.severity === 'error')).toEqual([]);
    },
  );
});

/** A layout with the given body (and extras), checked as npm run validate checks a file. */
function check(body: unknown[], extra: Record<string, unknown> = {}) {
  return validateLayoutDocument(
    { id: 'x', version: 1, title: 'X', ...extra, body },
    'fixtures/x.json',
  );
}
const lines = (issues: { severity: string; code: string; pointer: string; message: string }[]) =>
  issues.map((i) => `${i.severity} ${i.code} ${i.pointer}: ${i.message}`);
const pay = (amount: unknown) => ({
  type: 'button',
  label: 'Pay',
  onTap: [
    {
      type: 'http',
      endpoint: 'repaymentCommit',
      params: { amount, orderId: 'O1', cardId: 'c', repayToken: 't' },
    },
  ],
});
const moneyInput = { type: 'input', bind: 'amount', label: 'A', inputType: 'money' };

describe('types: money where a request wants integer cents', () => {
  it.each([
    [
      '{{ state.amount }}',
      "state.amount: text (a money input's text), the request field repaymentCommit.amount wants integer cents; write cents(state.amount)",
    ],
    [
      '{{ string(state.cents) }}',
      'string(state.cents): text, the request field repaymentCommit.amount wants integer cents',
    ],
    [
      "{{ state.cents + ' TZS' }}",
      "state.cents + ' TZS': text, the request field repaymentCommit.amount wants integer cents",
    ],
    [
      "{{ state.ok ? state.cents : '0,00' }}",
      "'0,00': text, the request field repaymentCommit.amount wants integer cents",
    ],
    [
      '{{ state.cents }} TZS',
      '"{{ state.cents }} TZS": text (text with a binding inside), the request field repaymentCommit.amount wants integer cents',
    ],
    ['500', '"500": text, the request field repaymentCommit.amount wants integer cents'],
    [
      '{{ number(state.amount) }}',
      "number(state.amount) <- state.amount: a number (read from a money input's text, not cents), the request field repaymentCommit.amount wants integer cents; write cents(state.amount)",
    ],
    [
      '{{ computed.total }}',
      "computed.total <- state.amount: text (a money input's text), the request field repaymentCommit.amount wants integer cents; write cents(state.amount)",
    ],
  ])('%s is refused with the chain that made it text', (amount, message) => {
    const issues = check([moneyInput, pay(amount)], {
      state: { amount: '', cents: 0, ok: true },
      computed: { total: '{{ state.ok ? state.amount : state.cents }}' },
    });
    expect(lines(issues)).toEqual([
      `error money-as-text /body/1/onTap/0/params/amount: money passed as text: ${message}`,
    ]);
  });

  it.each([
    '{{ cents(state.amount) }}',
    '{{ state.cents }}',
    12500,
    "{{ sum(state.rows, 'amount') }}",
    '{{ state.cents * 2 }}',
  ])('accepts %j', (amount) => {
    expect(check([moneyInput, pay(amount)], { state: { amount: '', cents: 0, rows: [] } })).toEqual(
      [],
    );
  });

  it('checks data source params, and money() and sum() arguments where they are written', () => {
    const issues = check(
      [
        {
          type: 'text',
          text: "{{ money(data.plan.bankList) }} {{ sum(data.plan.repayPlanDetail.repayWaitDetail, 'statusText') }}",
        },
      ],
      {
        dataSources: {
          plan: { endpoint: 'installmentPlan' },
          code: {
            endpoint: 'generateVcode',
            params: { amount: '{{ money(data.plan.amountMax) }}', orderId: 'O1' },
          },
        },
      },
    );
    expect(lines(issues)).toEqual([
      'error money-as-text /dataSources/code/params/amount: money passed as text: money(data.plan.amountMax): text (formatted for display), the request field generateVcode.amount wants integer cents',
      'error type-mismatch /body/0/text: wrong type: data.plan.bankList: a list, but money() formats integer cents',
      "error type-mismatch /body/0/text: wrong type: data.plan.repayPlanDetail.repayWaitDetail[].statusText: text, but sum() adds numbers; write sum(..., 'totalAmount') (its number fields: totalAmount, periodNo, canClick, check)",
    ]);
  });
});

describe('types: lists, conditions, texts, absent values', () => {
  const plan = {
    dataSources: { plan: { endpoint: 'installmentPlan' }, delay: { endpoint: 'delayDetail' } },
  };

  it("a list property bound to an object names the object's lists; a repeat's item is typed from the list", () => {
    const issues = check(
      [
        { type: 'repeat', items: '{{ data.plan.bankCardInfo }}', template: [] },
        {
          type: 'repeat',
          items: '{{ data.plan.bankList }}',
          template: [{ type: 'text', text: '{{ money(item.name) }}' }],
        },
        { type: 'cell-list', items: '{{ data.plan.amountMax }}' },
      ],
      plan,
    );
    expect(lines(issues)).toEqual([
      'error type-mismatch /body/0/items: wrong type: data.plan.bankCardInfo: an object, repeat items wants a list',
      'error type-mismatch /body/1/template/0/text: wrong type: item.name: text, but money() formats integer cents',
      'error type-mismatch /body/2/items: wrong type: data.plan.amountMax: integer cents, cell-list items wants a list',
    ]);
  });

  it('a condition on a list is always true; an object in a text shows nothing', () => {
    const issues = check(
      [
        {
          type: 'text',
          visible: '{{ data.plan.bankList }}',
          text: '{{ data.plan.repayPlanDetail }}',
        },
      ],
      { ...plan, title: '{{ data.plan.bankList }}' },
    );
    expect(lines(issues)).toEqual([
      'error type-mismatch /title: wrong type: data.plan.bankList: a list, the layout title wants text; a list shows as nothing: show one of its fields',
      'error type-mismatch /body/0/visible: wrong type: data.plan.bankList: a list, text visible wants a boolean; a list is true even when empty: write len(data.plan.bankList) > 0',
      'error type-mismatch /body/0/text: wrong type: data.plan.repayPlanDetail: an object, text text wants text; an object shows as nothing: show one of its fields',
    ]);
  });

  it('"+" with a value that may be absent is an error; the value alone in a text or a required request field is a hint', () => {
    const issues = check(
      [
        { type: 'text', text: "{{ 'Call ' + data.delay.telephone }}" },
        { type: 'text', text: '{{ data.delay.telephone }}' },
        { type: 'text', text: "{{ default(data.delay.telephone, '-') }}" },
        {
          type: 'button',
          label: 'Pay',
          onTap: [
            {
              type: 'http',
              endpoint: 'repaymentHuichao',
              params: { amount: '{{ data.way.amount }}', orderId: 'O1' },
            },
          ],
        },
        { type: 'text', text: 'Call {{ data.delay.telephone }} today' },
        { type: 'text', text: "{{ t('common.servicePhone', {n: data.delay.telephone}) }}" },
        // Shown only when present: no hint.
        {
          type: 'container',
          visible: "{{ data.delay?.telephone != '' }}",
          children: [{ type: 'text', text: 'Call {{ data.delay.telephone }}' }],
        },
      ],
      { dataSources: { ...plan.dataSources, way: { endpoint: 'repaymentWay' } } },
    );
    expect(lines(issues)).toEqual([
      'error shows-undefined /body/0/text: data.delay.telephone may be absent (optional in the response schema of delayDetail): "+" would then show "undefined" to the borrower; write default(data.delay.telephone, \'\') or use a mixed text ("... {{ data.delay.telephone }}")',
      'warning optional-value /body/1/text: hint: data.delay.telephone may be absent (optional in the response schema of delayDetail): it would show nothing; give a fallback, e.g. default(data.delay.telephone, ...)',
      'warning optional-value /body/3/onTap/0/params/amount: hint: data.way.amount may be absent (optional in the response schema of repaymentWay): the request field repaymentHuichao.amount would get no value; give a fallback, e.g. default(data.way.amount, ...)',
      'warning optional-value /body/4/text: hint: data.delay.telephone may be absent (optional in the response schema of delayDetail): it would show nothing; give a fallback, e.g. default(data.delay.telephone, ...)',
      'warning optional-value /body/5/text: hint: data.delay.telephone may be absent (optional in the response schema of delayDetail): {n} in the message would show nothing; give a fallback, e.g. default(data.delay.telephone, ...)',
    ]);
  });

  it('a saveAs path is the response once answered and its declared value before: a condition on it passes, its fields are typed', () => {
    const issues = check(
      [
        {
          type: 'button',
          label: 'Pay',
          onTap: [
            {
              type: 'http',
              endpoint: 'generateVcode',
              params: { orderId: 'O1', amount: 100 },
              saveAs: 'result',
            },
          ],
        },
        { type: 'text', visible: '{{ state.result }}', text: '{{ state.result?.payUrl }}' },
        { type: 'repeat', items: '{{ state.result?.payUrl }}', template: [] },
        { type: 'input', bind: 'limit', label: 'L', max: '{{ state.result }}' },
      ],
      { state: { result: null, limit: '' } },
    );
    expect(lines(issues)).toEqual([
      'error type-mismatch /body/2/items: wrong type: state.result?.payUrl: text, repeat items wants a list',
      'error type-mismatch /body/3/max: wrong type: state.result: an object, input max wants a number',
    ]);
  });

  it("a data source's or an http action's requires makes those fields present: no hint for them", () => {
    const doc = {
      dataSources: {
        delay: { endpoint: 'delayDetail', requires: ['telephone'] },
        way: { endpoint: 'repaymentWay' },
      },
      body: [
        { type: 'text', text: '{{ data.delay.telephone }}' },
        {
          type: 'button',
          label: 'Go',
          onTap: [
            {
              type: 'http',
              endpoint: 'repaymentWay',
              params: {},
              requires: ['amount'],
              onSuccess: [{ type: 'toast', message: '{{ response.amount }}' }],
            },
          ],
        },
        { type: 'text', text: '{{ data.way.amount }}' },
      ],
    };
    expect(
      typeIssues(doc, 'x.json', loadApiCatalogue()).map((i) => `${i.code} ${i.pointer}`),
    ).toEqual(['optional-value /body/2/text']);
  });

  it('setState keeps the kind layout.state declares', () => {
    const set = (path: string, value: unknown) => ({ type: 'setState', path, value });
    const issues = check(
      [
        {
          type: 'button',
          label: 'Go',
          onTap: [
            set('rows', '{{ data.plan.repayPlanDetail }}'),
            set('count', '{{ data.plan.bankList }}'),
            set('rows', '{{ data.plan.bankList }}'),
            set('count', '{{ len(state.rows) }}'),
            set('anything', '{{ data.plan }}'),
          ],
        },
      ],
      { ...plan, state: { rows: [], count: 0, anything: null } },
    );
    expect(lines(issues)).toEqual([
      'error type-mismatch /body/0/onTap/0/value: wrong type: data.plan.repayPlanDetail: an object, state.rows (declared as a list in layout.state) wants a list; bind one of its lists: data.plan.repayPlanDetail.repayWaitDetail, data.plan.repayPlanDetail.repayYetDetail',
      'error type-mismatch /body/0/onTap/1/value: wrong type: data.plan.bankList: a list, state.count (declared as a number in layout.state) wants a number',
    ]);
  });

  it('every expression function has a signature', () => {
    expect(Object.keys(exprFunctions).filter((f) => !Object.hasOwn(SIGNATURES, f))).toEqual([]);
  });
});

describe('fragment params declared with a type', () => {
  const fragments = {
    tiles: {
      params: { products: { type: 'list' }, title: { type: 'text', default: 'Products' } },
      fragment: {
        type: 'container',
        children: [
          { type: 'text', text: { $param: 'title' } },
          { type: 'repeat', items: { $param: 'products' }, template: [] },
        ],
      },
    },
    odd: { params: { p: { type: 'string' } }, fragment: { type: 'text', text: 'x' } },
  };
  const run = (body: unknown[]) =>
    validateLayoutDocument(
      { id: 'x', version: 1, title: 'X', state: { on: true, rows: [] }, body },
      'fixtures/x.json',
      undefined,
      { fragments },
    );

  it('a value of the wrong type is refused at the with member; the right one passes', () => {
    expect(
      lines(
        run([
          { use: 'tiles', with: { products: '{{ state.on }}' } },
          { use: 'tiles', with: { products: true } },
        ]),
      ),
    ).toEqual([
      'error type-mismatch /body/0/with/products: wrong type: state.on: a boolean, the param "products" of fragment tiles wants a list',
      'error type-mismatch /body/1/with/products: wrong type: true: a boolean, the param "products" of fragment tiles wants a list',
    ]);
    expect(run([{ use: 'tiles', with: { products: '{{ state.rows }}', title: 'Ours' } }])).toEqual(
      [],
    );
  });

  it('schemas/fragment.schema.json describes every shipped fragment file, with the same param types the expansion knows', () => {
    const read = (f: string) =>
      JSON.parse(readFileSync(join(ROOT, 'schemas', f), 'utf8')) as Record<string, unknown>;
    const ajv = new Ajv({ strict: true, allErrors: true, keywords: ['tsType', 'valueType'] });
    for (const f of ['defs/comment.schema.json', 'defs/value.schema.json']) ajv.addSchema(read(f));
    const schema = read('fragment.schema.json') as {
      properties: {
        params: { additionalProperties: { properties: { type: { enum: string[] } } } };
      };
    };
    const validate = ajv.compile(schema);
    for (const f of readdirSync(join(ROOT, 'layouts/_fragments'))) {
      expect(
        validate(JSON.parse(readFileSync(join(ROOT, 'layouts/_fragments', f), 'utf8'))),
        `${f}: ${ajv.errorsText(validate.errors)}`,
      ).toBe(true);
    }
    expect(schema.properties.params.additionalProperties.properties.type.enum).toEqual([
      ...PARAM_TYPES,
    ]);
  });

  it('an unknown type in a fragment file is refused', () => {
    expect(lines(run([{ use: 'odd' }]))).toEqual([
      'error fragment-file /body/0/use: fragment "odd" cannot be used: param "p" has type "string" (allowed: any, boolean, text, number, cents, list, object)',
    ]);
  });
});

describe('conditions: what can never be true', () => {
  const f = (v: unknown, computed: Record<string, unknown> = {}) =>
    satisfiable(conditionFormula(v, { computed }));

  it('reasons over literals, !, not(), &&, ||, ?: and computed values', () => {
    expect([
      f('{{ false }}'),
      f('{{ a && !a }}'),
      f('{{ !(x || !x) }}'),
      f('{{ c ? false : 0 }}'),
      f('{{ computed.off }}', { off: '{{ s.x && not(s.x) }}' }),
      f(false),
      f('{{ [] && !true }}'),
    ]).toEqual([false, false, false, false, false, false, false]);
    expect([
      f('{{ a && !b }}'),
      f('{{ state.n > 2 }}'),
      f(true),
      f(undefined),
      f('{{ c ? a : !a }}'),
      f('{{ computed.on }}', { on: '{{ !s.x }}' }),
    ]).toEqual([true, true, true, true, true, true]);
  });

  it('a role is documentation: a hidden node marked primary-action on a screen without a contract is no error', () => {
    const issues = check(
      [{ type: 'button', label: 'Go', role: 'primary-action', visible: '{{ false }}', onTap: [] }],
      {},
    );
    expect(lines(issues)).toEqual([]);
  });
});

describe('order: validate before the request that sends a field with rules', () => {
  const phone = {
    type: 'input',
    id: 'phone',
    bind: 'phone',
    label: 'Phone',
    rules: [{ required: true, message: 'Phone' }],
  };
  const send = (extra: Record<string, unknown> = {}) => ({
    type: 'http',
    endpoint: 'register',
    params: { phone: '{{ state.phone }}' },
    ...extra,
  });
  const validate = { type: 'validate', fields: ['phone'] };
  const run = (onTap: unknown[]) =>
    lines(
      check(
        [
          { type: 'container', id: 'form', children: [phone] },
          { type: 'button', label: 'Go', onTap },
        ],
        { state: { phone: '', ok: true } },
      ),
    );

  it('accepts a validate before the request, in the chain or around a nested list, by field or by form', () => {
    expect(run([validate, send()])).toEqual([]);
    expect(
      run([
        { type: 'validate', form: 'form' },
        { type: 'if', when: '{{ state.ok }}', then: [send()] },
      ]),
    ).toEqual([]);
    expect(run([validate, send({ onSuccess: [send()] })])).toEqual([]);
  });

  it('refuses a request with no validate before it, and a validate after the request', () => {
    expect(run([send()])).toEqual([
      'error unvalidated-field /body/1/onTap/0/params/phone: the request register sends state.phone, which field "phone" holds with input rules, but no validate before it in this action chain checks "phone": add { "type": "validate", "fields": ["phone"] } before the request',
    ]);
    expect(run([{ type: 'if', when: '{{ state.ok }}', then: [send()] }, validate])).toEqual([
      'error validate-after-request /body/1/onTap/1: this validate checks "phone" after the request register (/body/1/onTap/0/then/0) already sent it: move the validate before the request',
    ]);
    // A validate in one branch does not cover the request after the if.
    expect(run([{ type: 'if', when: '{{ state.ok }}', then: [validate] }, send()])).toHaveLength(1);
  });

  it('a reload of a data source that sends the field is a request too', () => {
    const layout = (onTap: unknown[]) =>
      lines(
        check([phone, { type: 'button', label: 'Go', onTap }], {
          state: { phone: '' },
          dataSources: {
            sms: { endpoint: 'getSms', load: 'manual', params: { phone: '{{ state.phone }}' } },
          },
        }),
      );
    expect(layout([validate, { type: 'reload', source: 'sms' }])).toEqual([]);
    expect(layout([{ type: 'reload', source: 'sms' }])).toEqual([
      'error unvalidated-field /body/1/onTap/0: the request getSms sends state.phone, which field "phone" holds with input rules, but no validate before it in this action chain checks "phone": add { "type": "validate", "fields": ["phone"] } before the request',
    ]);
  });
});
