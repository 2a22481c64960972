import { describe, expect, it } from 'vitest';
import { FUNCTION_ARITY } from '../../src/lint/arity';
import { positionOf, scanJsonText } from '../../src/lint/jsonText';
import { hint } from '../../src/lint/suggest';
import { exprFunctions } from '../../src/runtime/exprFunctions';
import { validateLayoutDocument } from '../../src/lint/validateLayout';

/** A layout with the given body (and state), checked like npm run validate checks a file. */
function check(body: unknown[], extra: Record<string, unknown> = {}, text?: string) {
  return validateLayoutDocument(
    { id: 'x', version: 1, title: 'X', ...extra, body },
    'fixtures/x.json',
    text,
  );
}
const codes = (issues: { code: string; pointer: string }[]) =>
  issues.map((i) => `${i.code} ${i.pointer}`);

describe('conditions are a boolean or exactly one {{ }} binding', () => {
  it.each([
    'false',
    'true',
    '{{ state.n }} > 2',
    '{{ state.a }} && {{ state.b }}',
    'n > 2',
    '{{ state.n > 2 }} '.repeat(2),
  ])('refuses %j with a message saying how to write it', (visible) => {
    const issues = check([{ type: 'text', text: 'a', visible }], { state: { n: 1, a: 1, b: 1 } });
    expect(issues).toEqual([
      expect.objectContaining({
        code: 'condition',
        pointer: '/body/0/visible',
        message: expect.stringContaining('write {{ state.n > 2 }}'),
      }),
    ]);
  });

  it.each([
    true,
    false,
    '{{ state.n > 2 }}',
    '  {{ state.n > 2 }}\n',
    '{{ {a: {b: 1}}.a.b == 1 }}',
  ])('accepts %j', (visible) => {
    expect(check([{ type: 'text', text: 'a', visible }], { state: { n: 1 } })).toEqual([]);
  });
});

describe('function arity', () => {
  it('knows the argument counts of every function a layout may call', () => {
    expect(Object.keys(exprFunctions).filter((f) => !Object.hasOwn(FUNCTION_ARITY, f))).toEqual([]);
  });

  it('reports a call with too few or too many arguments, once per call shape', () => {
    const issues = check([
      { type: 'text', text: '{{ round(1, 2, 3) }} {{ money() }} {{ money() }}' },
      {
        type: 'text',
        text: '{{ default(query.a, 1) }} {{ max(1, 2, 3, 4) }} {{ slice(query.s, 1) }} {{ count([], "a", 1) }}',
      },
    ]);
    expect(issues.map((i) => i.message)).toEqual([
      'round() takes 1 or 2 arguments, not 3 (see docs/expressions.md)',
      'money() takes 1 argument, not 0 (see docs/expressions.md)',
    ]);
  });
});

describe('page state is typed from layout.state', () => {
  it('reports reads and writes of names layout.state does not declare, with the closest one', () => {
    const issues = check(
      [
        { type: 'text', text: '{{ state.amuont }} {{ state.amount }} {{ state.form.anything }}' },
        { type: 'input', bind: 'amout', label: 'A' },
        {
          type: 'button',
          label: 'B',
          onTap: [
            { type: 'setState', path: 'form.x', value: 1 },
            { type: 'countdown', path: 'timer', seconds: 60 },
          ],
        },
      ],
      { state: { amount: '', form: {} }, persist: [{ key: 'draft', path: 'drafts' }] },
    );
    expect(codes(issues)).toEqual([
      'unknown-state /persist/0/path',
      'unknown-state /body/0/text',
      'unknown-state /body/1/bind',
      'unknown-state /body/2/onTap/1/path',
    ]);
    expect(issues[1]?.message).toBe(
      'state has no "amuont": declare it in the layout\'s "state" (did you mean "amount"?; allowed: amount, form)',
    );
  });

  it('reports every state read when the layout declares no state at all', () => {
    expect(codes(check([{ type: 'text', text: '{{ state.n }}' }]))).toEqual([
      'unknown-state /body/0/text',
    ]);
  });
});

describe('widget-local names only where the widget or action provides them', () => {
  it('accepts each local inside its provider', () => {
    const body = [
      {
        type: 'input',
        bind: 'v',
        label: 'V',
        onChange: [{ type: 'setState', path: 'v', value: '{{ value }}' }],
      },
      {
        type: 'repeat',
        items: '{{ state.list }}',
        template: [{ type: 'text', text: '{{ index }}: {{ item.name }}' }],
      },
      {
        type: 'countdown-button',
        bind: 'n',
        label: 'Send',
        runningLabel: 'Resend ({{ seconds }}s)',
        onTap: [],
      },
      {
        type: 'button',
        label: 'Go',
        onTap: [
          {
            type: 'http',
            endpoint: 'installmentPlan',
            onSuccess: [{ type: 'toast', message: '{{ response.amountMax }}' }],
            onError: [{ type: 'toast', message: '{{ error.message }}' }],
          },
        ],
      },
    ];
    expect(check(body, { state: { v: '', list: [], n: 0 } })).toEqual([]);
  });

  it('reports a local read outside its provider, listing the names readable there', () => {
    const body = [
      { type: 'text', text: '{{ value }} {{ item.name }}' },
      { type: 'repeat', items: '{{ item }}', template: [{ type: 'text', text: 'x' }] },
      {
        type: 'button',
        label: 'Go',
        onTap: [{ type: 'toast', message: '{{ response.amountMax }}' }],
      },
      {
        type: 'button',
        label: 'Go',
        onTap: [
          { type: 'http', endpoint: 'installmentPlan', params: { a: '{{ response.amountMax }}' } },
        ],
      },
    ];
    expect(codes(check(body))).toEqual([
      'unknown-name /body/0/text',
      'unknown-name /body/0/text',
      'unknown-name /body/1/items',
      'unknown-name /body/2/onTap/0/message',
      'unknown-name /body/3/onTap/0/params/a',
    ]);
    expect(check([{ type: 'text', text: '{{ valeu }}' }])[0]?.message).toBe(
      '"valeu" is not a name a binding can read here (allowed: computed, config, data, dialogs, local, query, screen, sources, state)',
    );
  });

  it('types a data source response by its endpoint, in onSuccess only', () => {
    const dataSources = {
      plan: {
        endpoint: 'installmentPlan',
        onSuccess: [{ type: 'toast', message: '{{ response.amountMx }}' }],
      },
    };
    const issues = check([{ type: 'text', text: '{{ sources.plam.status }}' }], { dataSources });
    expect(codes(issues)).toEqual([
      'unknown-field /dataSources/plan/onSuccess/0/message',
      'unknown-data-source /body/0/text',
    ]);
    expect(issues[0]?.message).toContain('did you mean "amountMax" or "amountMin"?');
    expect(issues[1]?.message).toBe(
      'unknown data source "plam" (did you mean "plan"?; allowed: plan)',
    );
  });
});

describe('one run reports everything', () => {
  it('reports schema and semantic problems together, and duplicate ids as errors', () => {
    const issues = check([
      { type: 'text', id: 'a', text: '{{ nope(1) }}', colour: 'red' },
      { type: 'text', id: 'a', text: 'b' },
    ]);
    expect(issues.map((i) => `${i.severity} ${i.code} ${i.pointer}`)).toEqual([
      'error schema /body/0',
      'error unknown-function /body/0/text',
      'error duplicate-id /body/1/id',
    ]);
  });

  it('reports a key written twice in the file text, at the key JSON.parse kept', () => {
    const text =
      '{"id":"x","version":1,"title":"X","body":[\n  {"type":"text","text":"a",\n   "text":"b"}]}';
    const issues = validateLayoutDocument(JSON.parse(text), 'fixtures/x.json', text);
    expect(issues).toEqual([
      expect.objectContaining({
        code: 'duplicate-key',
        pointer: '/body/0/text',
        message:
          'key "text" is written twice in this object (first at 2:18); JSON keeps only the last',
      }),
    ]);
    expect(positionOf(scanJsonText(text), '/body/0/text')).toEqual({ line: 3, column: 4 });
  });
});

describe('JSON positions and hints', () => {
  it('maps pointers to line:column, escaped keys included, and falls back to the nearest ancestor', () => {
    const text = '{\n  "a/b": [1, {"~c": true}],\n  "d": "x"\n}';
    const map = scanJsonText(text);
    expect(positionOf(map, '/a~1b')).toEqual({ line: 2, column: 3 });
    expect(positionOf(map, '/a~1b/1')).toEqual({ line: 2, column: 14 });
    expect(positionOf(map, '/a~1b/1/~0c')).toEqual({ line: 2, column: 15 });
    expect(positionOf(map, '/d/missing')).toEqual({ line: 3, column: 3 });
    expect(positionOf(map, '/')).toEqual({ line: 1, column: 1 });
    expect(scanJsonText('[{"a":1,"b":{"a":2}},{"a":3}]').duplicates).toEqual([]);
  });

  it('scans a 100,000-deep text without overflowing the stack', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(positionOf(scanJsonText(deep), '/0/0/0')).toEqual({ line: 1, column: 4 });
  });

  it('suggests close names and lists short lists in full', () => {
    expect(hint('closeWebview', ['closeWebView', 'openHome'])).toBe(
      ' (did you mean "closeWebView"?; allowed: closeWebView, openHome)',
    );
    expect(hint('zzz', ['a', 'b'])).toBe(' (allowed: a, b)');
    expect(
      hint(
        'zzz',
        Array.from({ length: 20 }, (_, i) => `name${i}`),
      ),
    ).toBe('');
  });
});

describe('$comment', () => {
  it('is prose: a {{ }} in it is not checked as a binding', () => {
    const issues = check([
      { type: 'text', text: 'a', $comment: 'was {{ state.amuont }} before; see {{ nope( }}' },
    ]);
    expect(issues).toEqual([]);
  });
});
