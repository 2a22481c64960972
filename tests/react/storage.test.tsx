import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { layoutOf, renderLayout } from '../support/renderLayout';
import { createLocalStore } from '../../src/app/shell/localStore';
import { semanticIssues } from '../../src/lint/semantic';
import { loadApiCatalogue } from '../../src/lint/responseSchemas';
import example from '../../layouts/_examples/storage.json';

/**
 * Local storage in the layout language: local.* in bindings, the storage action, and layout
 * persist (restore before the first render, debounced write-back, cleared by storage remove).
 */

const draftLayout = (extraBody: unknown[] = []) =>
  layoutOf(
    [
      { type: 'textarea', bind: 'draft.text', label: 'Description', maxLength: 200, counter: true },
      ...extraBody,
    ],
    {
      state: { draft: { text: '', images: [] } },
      persist: [{ key: 'complaintDraft', path: 'draft' }],
    },
  );

const field = () => screen.getByLabelText('Description') as HTMLTextAreaElement;

afterEach(() => {
  vi.useRealTimers();
});

describe('local scope and storage action', () => {
  it('reads kept values as local.*', async () => {
    await renderLayout(
      layoutOf([{ type: 'text', text: 'Due {{ local.repaymentInfo.repayAmount }}' }]),
      {
        local: { repaymentInfo: { repayAmount: '16500000' } },
      },
    );
    screen.getByText('Due 16500000');
  });

  it('set writes the resolved value as JSON and bindings see it; remove deletes it', async () => {
    const { user, recorded } = await renderLayout(example);
    screen.getByText('Amount from the previous screen: -');
    await user.click(screen.getByRole('button', { name: 'Remember amount' }));
    screen.getByText('Amount from the previous screen: 16500000');
    expect(recorded.local.get('repaymentInfo')).toBe('{"repayAmount":16500000}');
    await user.click(screen.getByRole('button', { name: 'Forget all' }));
    screen.getByText('Amount from the previous screen: -');
    expect(recorded.local.has('repaymentInfo')).toBe(false);
  });

  it('a refused write is reported and the list goes on', async () => {
    const { user, recorded } = await renderLayout(
      layoutOf([
        {
          type: 'button',
          label: 'Keep',
          onTap: [
            { type: 'storage', op: 'set', key: 'repaymentInfo', value: { repayAmount: 1 } },
            { type: 'toast', message: 'Next step ran' },
          ],
        },
      ]),
      { localFull: true },
    );
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    await screen.findByText('Next step ran');
    expect(recorded.reports).toContainEqual(
      expect.objectContaining({
        kind: 'storage',
        message: expect.stringContaining('QuotaExceededError'),
      }),
    );
  });

  it('the linter knows local as a root name', () => {
    const catalogue = loadApiCatalogue();
    const issues = semanticIssues(
      example as unknown as Record<string, unknown>,
      'storage.json',
      catalogue,
      { keys: new Set(), paths: new Set() },
    );
    expect(issues.filter((i) => i.code === 'unknown-name')).toEqual([]);
  });
});

describe('persist', () => {
  it('restores the kept draft before the first render', async () => {
    await renderLayout(draftLayout(), {
      local: { complaintDraft: { text: 'They call me at night', images: ['/uploads/a.png'] } },
    });
    expect(field().value).toBe('They call me at night');
    screen.getByText('21/200');
  });

  it('ignores a kept value of the wrong kind', async () => {
    const { recorded } = await renderLayout(draftLayout(), {
      local: { complaintDraft: 'not a draft' },
    });
    expect(field().value).toBe('');
    expect(recorded.reports).toContainEqual(
      expect.objectContaining({ kind: 'storage', pointer: '/persist/0' }),
    );
  });

  it('writes typed text back after a pause', async () => {
    const { user, recorded } = await renderLayout(draftLayout());
    await user.type(field(), 'Slow app');
    await waitFor(() =>
      expect(JSON.parse(recorded.local.get('complaintDraft') ?? 'null')).toEqual({
        text: 'Slow app',
        images: [],
      }),
    );
  });

  it('writes at once when the page is hidden', async () => {
    vi.useFakeTimers();
    const { recorded } = await renderLayout(draftLayout());
    fireEvent.change(field(), { target: { value: 'Closing the app' } });
    expect(recorded.local.has('complaintDraft')).toBe(false);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(JSON.parse(recorded.local.get('complaintDraft') ?? 'null')).toMatchObject({
      text: 'Closing the app',
    });
  });

  it('storage remove clears the kept draft and cancels a pending write', async () => {
    vi.useFakeTimers();
    const { recorded } = await renderLayout(
      draftLayout([
        {
          type: 'button',
          label: 'Saved',
          onTap: [
            { type: 'setState', path: 'draft', value: { text: '', images: [] } },
            { type: 'storage', op: 'remove', key: 'complaintDraft' },
          ],
        },
      ]),
      { local: { complaintDraft: { text: 'old', images: [] } } },
    );
    expect(field().value).toBe('old');
    fireEvent.change(field(), { target: { value: 'old and new' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Saved' }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(field().value).toBe('');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(recorded.local.has('complaintDraft')).toBe(false);
  });
});

describe('createLocalStore (the browser side)', () => {
  afterEach(() => localStorage.clear());

  it('reads only kopa: keys, skips corrupt JSON, writes JSON', () => {
    localStorage.setItem('kopa:repaymentInfo', '{"repayAmount":"165000"}');
    localStorage.setItem('kopa:broken', '{oops');
    localStorage.setItem('other', '"not ours"');
    const store = createLocalStore(() => localStorage);
    expect(store.readAll()).toEqual({ repaymentInfo: { repayAmount: '165000' } });
    expect(store.set('complaintDraft', { text: 'hi' })).toEqual({ ok: true });
    expect(localStorage.getItem('kopa:complaintDraft')).toBe('{"text":"hi"}');
    store.remove('complaintDraft');
    expect(localStorage.getItem('kopa:complaintDraft')).toBeNull();
  });

  it("keeps the spec's own key (repaymentInfo) under its name; an older prefixed copy is read only without it", () => {
    localStorage.setItem('kopa:repaymentInfo', '{"orderId":"O1","repayAmount":100}');
    const store = createLocalStore(() => localStorage);
    expect(store.readAll()).toEqual({ repaymentInfo: { orderId: 'O1', repayAmount: 100 } });
    localStorage.setItem('repaymentInfo', '{"repayAmount":200}');
    expect(store.readAll()).toEqual({ repaymentInfo: { repayAmount: 200 } });
    expect(store.set('repaymentInfo', { orderId: 'O2', repayAmount: 300 })).toEqual({ ok: true });
    expect(localStorage.getItem('repaymentInfo')).toBe('{"orderId":"O2","repayAmount":300}');
    expect(localStorage.getItem('kopa:repaymentInfo')).toBeNull();
    store.remove('repaymentInfo');
    expect(localStorage.getItem('repaymentInfo')).toBeNull();
    expect(store.readAll()).toEqual({});
  });

  it('never throws when storage is disabled or full', () => {
    const disabled = createLocalStore(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(disabled.readAll()).toEqual({});
    expect(disabled.set('a', 1)).toMatchObject({ ok: false });
    expect(() => disabled.remove('a')).not.toThrow();
    const full = {
      ...localStorage,
      length: 0,
      key: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(createLocalStore(() => full).set('a', 1)).toEqual({
      ok: false,
      reason: 'QuotaExceededError: full',
    });
  });
});
