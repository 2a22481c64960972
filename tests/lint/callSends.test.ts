/**
 * A change of what a call sends is a change of what the layout does (src/lint/effects/sends.ts),
 * judged by the data the call sends, not by the names in the layout: a parameter's value, a
 * computed value redefined under the same name, a state path now written with fixed values, a
 * repeat's list, a data source's answer; a bridge action's arguments likewise. A change that
 * sends the same data is no effect change.
 */
import { describe, expect, it } from 'vitest';
import { effectDiff, layoutEffects } from '../../src/lint/effects/effects';

type Doc = Record<string, unknown>;

/** A screen whose button saves a complaint: what it sends reads state, computed and a storage key. */
function screen(over: { params?: Doc; computed?: Doc; onTap?: unknown[]; state?: Doc } = {}): Doc {
  return {
    id: 'complaint',
    state: over.state ?? { form: { detail: '' } },
    computed: over.computed ?? { order: "{{ default(query.orderNo, '') }}" },
    dataSources: { init: { endpoint: 'problemInit', params: { type: '{{ query.problemType }}' } } },
    body: [
      { type: 'input', bind: 'form.detail', label: 'Detail' },
      {
        type: 'button',
        label: 'Submit',
        onTap: [
          ...(over.onTap ?? []),
          {
            type: 'http',
            endpoint: 'problemSave',
            params: over.params ?? {
              problemDetail: '{{ state.form.detail }}',
              orderNo: '{{ computed.order }}',
            },
          },
        ],
      },
    ],
  };
}

const diff = (before: Doc, after: Doc) => effectDiff(layoutEffects(before), layoutEffects(after));

describe('what a call sends', () => {
  it('a parameter with another value is a change of that call', () => {
    expect(
      diff(
        screen(),
        screen({ params: { problemDetail: 'fixed text', orderNo: '{{ computed.order }}' } }),
      ),
    ).toEqual([
      // It no longer reads what the borrower typed, so that source went too.
      'changes what a call to problemSave sends: params.problemDetail, reads state.form',
    ]);
  });

  it('a parameter added or removed is a change of that call', () => {
    const params = {
      problemDetail: '{{ state.form.detail }}',
      orderNo: '{{ computed.order }}',
      phone: '{{ query.mobilePhone }}',
    };
    expect(diff(screen(), screen({ params }))).toEqual([
      'changes what a call to problemSave sends: params.phone',
    ]);
    expect(diff(screen({ params }), screen())).toEqual([
      'changes what a call to problemSave sends: params.phone',
    ]);
  });

  it('a computed value redefined under the same name changes the call that sends it', () => {
    expect(diff(screen(), screen({ computed: { order: "{{ 'O170' }}" } }))).toEqual([
      'changes what a call to problemSave sends: reads computed.order',
    ]);
  });

  it('a state path the call sends, now also written with a fixed value elsewhere, is a change', () => {
    const onTap = [{ type: 'setState', path: 'form.detail', value: 'always this' }];
    expect(diff(screen(), screen({ onTap }))).toEqual([
      'changes what a call to problemSave sends: reads state.form',
    ]);
  });

  it("a data source's parameter (what its request asks for) is a change of that call", () => {
    const before = screen();
    const after = {
      ...before,
      dataSources: { init: { endpoint: 'problemInit', params: { type: '2' } } },
    };
    expect(diff(before, after)).toEqual(['changes what a call to problemInit sends: params.type']);
  });

  it('a call inside a repeat sends its item: another list is a change', () => {
    const rows = (items: string): Doc => ({
      body: [
        {
          type: 'repeat',
          items,
          template: [
            {
              type: 'button',
              label: 'Cancel',
              onTap: [
                { type: 'http', endpoint: 'repaymentCancel', params: { id: '{{ item.id }}' } },
              ],
            },
          ],
        },
      ],
    });
    expect(diff(rows('{{ data.plan.rows }}'), rows('{{ state.picked }}'))).toEqual([
      'changes what a call to repaymentCancel sends: reads item',
    ]);
  });

  it('what is not sent is no effect change: a label, a title, the order of parameters, a name given to the same data', () => {
    expect(diff(screen(), screen())).toEqual([]);
    const reordered = screen({
      params: { orderNo: '{{ computed.order }}', problemDetail: '{{ state.form.detail }}' },
    });
    expect(diff(screen(), reordered)).toEqual([]);
    const relabelled = screen();
    (relabelled.body as Doc[])[1] = { ...(relabelled.body as Doc[])[1], label: 'Send' };
    expect(diff(screen(), relabelled)).toEqual([]);
  });

  it("a bridge action's arguments are what it sends: the support mail now to another address is a change, a second place running it is listed", () => {
    const mail = (email: string) => ({
      type: 'bridge',
      action: 'sendSms',
      args: { email },
    });
    expect(
      diff(
        screen({ onTap: [mail('support@kopa.example')] }),
        screen({ onTap: [mail('help@evil.example')] }),
      ),
    ).toEqual(['changes what the bridge action sendSms sends: args.email']);
    expect(
      diff(
        screen({ onTap: [mail('support@kopa.example')] }),
        screen({ onTap: [mail('support@kopa.example'), mail('support@kopa.example')] }),
      ),
    ).toEqual(['adds the bridge action sendSms']);
  });

  it('a call added outright is listed once, as a call, not also as a change of data', () => {
    const onTap = [{ type: 'http', endpoint: 'problemSave', params: { problemDetail: 'x' } }];
    expect(diff(screen(), screen({ onTap }))).toEqual(['adds a call to problemSave']);
  });
});
