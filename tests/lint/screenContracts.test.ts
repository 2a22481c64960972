/**
 * Screen contracts (config/screen-contracts.json): whatever a layout's nodes are named or marked,
 * the calls its screen's borrowers must always be able to make stay reachable. The shipped
 * layouts pass; each way an operator can lose Pay Now (or another contracted call) is refused.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import routes from '../../config/routes.json';
import contracts from '../../config/screen-contracts.json';
import { allContracts } from '../../src/lint/flow/contracts';
import { loadApiCatalogue } from '../../src/lint/responseSchemas';
import { validateLayoutDocument } from '../../src/lint/validateLayout';

const ROOT = join(import.meta.dirname, '..', '..');
type Obj = Record<string, unknown>;
const load = (name: string): Obj =>
  JSON.parse(readFileSync(join(ROOT, `layouts/${name}.json`), 'utf8')) as Obj;

/** The errors of a layout checked as layouts/<name>.json, as `code pointer: message`. */
const errors = (name: string, doc: Obj) =>
  validateLayoutDocument(doc, `layouts/${name}.json`)
    .filter((i) => i.severity === 'error')
    .map((i) => `${i.code} ${i.pointer}: ${i.message}`);

/** The node with this id, wherever it is, with the list holding it. */
function find(doc: unknown, id: string): { node: Obj; list: unknown[] } | null {
  if (Array.isArray(doc))
    for (const v of doc) {
      if (v && typeof v === 'object' && (v as Obj).id === id) return { node: v as Obj, list: doc };
      const inner = find(v, id);
      if (inner) return inner;
    }
  else if (doc && typeof doc === 'object')
    for (const v of Object.values(doc)) {
      const inner = find(v, id);
      if (inner) return inner;
    }
  return null;
}

/** repay.json with its Pay Now changed by `edit`. */
function repayWith(edit: (payNow: Obj, doc: Obj, list: unknown[]) => void): Obj {
  const doc = load('repay');
  const found = find(doc.body, 'payNow');
  if (!found) throw new Error('repay.json has no payNow');
  edit(found.node, doc, found.list);
  return doc;
}
const PAY_NOW =
  'screen-contract /body/8/children/2/onTap/1: screen /repay must let the borrower call generateVcode (Pay Now: the borrower can always start a repayment; config/screen-contracts.json), but no request to it can run';

describe('screen contracts', () => {
  it('the config matches its schema and names real screens and endpoints', () => {
    const schema = JSON.parse(
      readFileSync(join(ROOT, 'schemas/config/screen-contracts.schema.json'), 'utf8'),
    ) as object;
    const ajv = new Ajv({ allErrors: true });
    expect(ajv.validate(schema, contracts), ajv.errorsText()).toBe(true);
    const catalogue = loadApiCatalogue();
    for (const c of allContracts()) {
      expect(c.page, c.screen).toBeDefined();
      for (const call of c.calls) expect(catalogue.endpoints[call], call).toBeDefined();
    }
    expect(Object.keys(contracts.screens).sort()).toEqual(
      [
        'addNormalCard',
        'bindCard',
        'complaintForm',
        'confirm',
        'confirmLegacy',
        'deleteUser',
        'repay',
        'repayChoose',
        'repayDelay',
      ].filter((k) => k in routes.pages),
    );
  });

  it('every shipped layout under contract passes', () => {
    for (const c of allContracts()) {
      const name = (c.page as { layout: string }).layout;
      expect(errors(name, load(name)), name).toEqual([]);
    }
  });

  it.each([
    [
      'visible {{ false }}',
      (p: Obj) => (p.visible = '{{ false }}'),
      'has visible ({{ false }}), which can never be true',
    ],
    [
      'its role removed and hidden',
      (p: Obj) => {
        delete p.role;
        p.visible = false;
      },
      'has visible (false), which can never be true',
    ],
    [
      'always disabled',
      (p: Obj) => (p.disabled = '{{ true }}'),
      'is disabled ({{ true }}) whenever it is shown',
    ],
    [
      'disabled by a tautology',
      (p: Obj) => (p.disabled = '{{ state.editing || !state.editing }}'),
      'whenever it is shown',
    ],
    [
      'hidden by a comparison the response schema never allows (integer vs text)',
      (p: Obj) => (p.visible = "{{ data.plan.amountMax === 'none' }}"),
      'which can never be true',
    ],
    [
      'its request behind an if that never holds',
      (p: Obj) => {
        const onTap = p.onTap as unknown[];
        p.onTap = [{ type: 'if', when: '{{ 1 > 2 && false }}', then: onTap }];
      },
      'on the then branch',
    ],
  ])('refuses Pay Now %s', (_, edit, why) => {
    const got = errors('repay', repayWith(edit));
    expect(got).toHaveLength(1);
    expect(got[0]).toContain(PAY_NOW.split(':')[1]?.trim() ?? '');
    expect(got[0]).toContain(why);
  });

  it('refuses Pay Now repeated over a list that is always empty', () => {
    const doc = repayWith((p, _d, list) =>
      list.splice(list.indexOf(p), 1, { type: 'repeat', items: '{{ [] }}', template: [p] }),
    );
    const got = errors('repay', doc);
    expect(got).toHaveLength(1);
    expect(got[0]).toContain('/body/8/children/2/items, which is always empty');
  });

  it('refuses Pay Now deleted: no action of the layout calls generateVcode', () => {
    const doc = repayWith((p, _d, list) => list.splice(list.indexOf(p), 1));
    expect(errors('repay', doc)).toEqual([
      'screen-contract : screen /repay must let the borrower call generateVcode (Pay Now: the borrower can always start a repayment; config/screen-contracts.json), but no action of the layout calls it',
    ]);
  });

  it('refuses Pay Now moved into a dialog nothing opens, or one only a hidden button opens', () => {
    const moved = (opener: Obj | null) =>
      repayWith((p, doc, list) => {
        list.splice(list.indexOf(p), 1);
        doc.dialogs = [
          ...(doc.dialogs as unknown[]),
          { type: 'dialog', id: 'payDialog', title: 'Pay', children: [p] },
        ];
        if (opener) list.push(opener);
      });
    const open = { type: 'openDialog', dialog: 'payDialog' };
    const nothing = errors('repay', moved(null));
    expect(nothing).toHaveLength(1);
    expect(nothing[0]).toContain('it is in dialog "payDialog", which no action that can run opens');
    const hidden = { type: 'button', label: 'Pay', visible: '{{ false }}', onTap: [open] };
    expect(errors('repay', moved(hidden))).toHaveLength(1);
    // Opened by a button that can be shown: the call is reachable again.
    expect(errors('repay', moved({ ...hidden, visible: '{{ state.editing }}' }))).toEqual([]);
  });

  it('accepts what the types leave open, and a role removed alone changes nothing', () => {
    expect(
      errors(
        'repay',
        repayWith((p) => (p.visible = '{{ !state.editing }}')),
      ),
    ).toEqual([]);
    expect(
      errors(
        'repay',
        repayWith((p) => (p.visible = "{{ data.plan.amountMax == '100' }}")),
      ),
    ).toEqual([]);
    expect(
      errors(
        'repay',
        repayWith((p) => delete p.role),
      ),
    ).toEqual([]);
  });

  it('holds the other screens too: the card flow, account deletion, loan confirm', () => {
    const choose = load('repay-choose');
    // The SMS confirm sits in dialog smsCode, opened after the commit answers: drop the opening.
    const text = JSON.stringify(choose).replace(
      '{"type":"openDialog","dialog":"smsCode"}',
      '{"type":"toast","message":"x"}',
    );
    const got = errors('repay-choose', JSON.parse(text) as Obj);
    expect(got).toHaveLength(1);
    expect(got[0]).toContain('screen /repayChoose must let the borrower call repaymentConfirm');
    expect(got[0]).toContain('dialog "smsCode", which no action that can run opens');

    const deUser = load('de-user');
    const del = JSON.stringify(deUser).replace(
      '"endpoint":"userDelete"',
      '"endpoint":"sendSmsCodeNew"',
    );
    expect(errors('de-user', JSON.parse(del) as Obj).join('\n')).toContain(
      'screen /de-user must let the borrower call userDelete (deleting the account; config/screen-contracts.json), but no action of the layout calls it',
    );
  });
});
