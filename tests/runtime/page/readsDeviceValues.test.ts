import { describe, expect, it, vi } from 'vitest';
import { readsDeviceValues } from '../../../src/runtime/page/readsDeviceValues';
import { createPageRuntime } from '../../../src/runtime/page/createPageRuntime';
import type { LayoutDocument } from '../../../src/contract/schema/generated/types';
import { createFakeEnv, layoutOf } from '../../support/renderLayout';

const layout = (body: unknown[], extra: Record<string, unknown> = {}) =>
  layoutOf(body, extra) as unknown as LayoutDocument;

describe('readsDeviceValues (a page opens localStorage at start only when it can read it)', () => {
  it('is true for local.* in a binding, however it is written', () => {
    expect(
      readsDeviceValues(
        layout([{ type: 'text', text: 'Due {{ local.repaymentInfo.repayAmount }}' }]),
      ),
    ).toBe(true);
    expect(readsDeviceValues(layout([{ type: 'text', text: "{{local['repaymentInfo']}}" }]))).toBe(
      true,
    );
    expect(
      readsDeviceValues(
        layout([{ type: 'text', text: 'x', visible: "{{ get(local, 'a') != null }}" }]),
      ),
    ).toBe(true);
  });

  it('is true for persisted state paths, which are restored at start', () => {
    expect(
      readsDeviceValues(
        layout([{ type: 'text', text: 'Hi' }], {
          state: { draft: {} },
          persist: [{ key: 'complaintDraft', path: 'draft' }],
        }),
      ),
    ).toBe(true);
  });

  it('is false for a page that never names local (a state field called local is not it)', () => {
    expect(
      readsDeviceValues(
        layout([{ type: 'text', text: '{{ state.local.x }} {{ data.plan.locale }}' }]),
      ),
    ).toBe(false);
    expect(readsDeviceValues(layout([{ type: 'text', text: 'Hello' }], { persist: [] }))).toBe(
      false,
    );
  });
});

describe('createPageRuntime and the device values', () => {
  it('does not read storage for a page that cannot read it, and does for one that can', () => {
    const { env } = createFakeEnv({ local: { repaymentInfo: { repayAmount: 5 } } });
    const readAll = vi.spyOn(env.local, 'readAll');
    const plain = createPageRuntime(layout([{ type: 'text', text: 'Hello' }]), env);
    expect(readAll).not.toHaveBeenCalled();
    expect(plain.store.getSnapshot().local).toEqual({});
    const reading = createPageRuntime(
      layout([{ type: 'text', text: '{{ local.repaymentInfo.repayAmount }}' }]),
      env,
    );
    expect(readAll).toHaveBeenCalledTimes(1);
    expect(reading.store.getSnapshot().local).toEqual({ repaymentInfo: { repayAmount: 5 } });
    plain.dispose();
    reading.dispose();
  });
});
