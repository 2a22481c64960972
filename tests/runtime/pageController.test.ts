/**
 * The page controller (src/runtime/page/pageController.ts): one per screen, owned by the shell, followed
 * by Page. Explicit states (loading -> ready | error, ready -> sessionExpired, any -> disposed) and
 * a reference count: the page ends only when the last holder lets go, and a StrictMode
 * unmount + mount in one go does not end it.
 */
import { describe, expect, it, vi } from 'vitest';
import type { LayoutDocument } from '../../src/contract/schema/generated/types';
import {
  createPageController,
  type LayoutLoad,
  type LayoutSource,
} from '../../src/runtime/page/pageController';
import { createFakeEnv, ok } from '../support/renderLayout';

const layout = {
  id: 'test',
  version: 1,
  title: 'Test',
  dataSources: { plan: { endpoint: 'installmentPlan', params: {} } },
  body: [{ type: 'text', text: '{{ data.plan.name }}' }],
} as unknown as LayoutDocument;

/** A layout source the test finishes by hand; `parsed` calls onParsed as the shell's loader does. */
function manualSource() {
  let finish!: (load: LayoutLoad) => void;
  const load = vi.fn<LayoutSource>((_signal, onParsed) => {
    onParsed(layout);
    return new Promise<LayoutLoad>((resolve) => (finish = resolve));
  });
  return { load, finish: (l: LayoutLoad) => finish(l) };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

/** The abort signal the page gave its first data request: aborted when the page ends. */
const requestSignal = (recorded: ReturnType<typeof createFakeEnv>['recorded']) =>
  recorded.calls[0]!.options!.signal!;

function setup(responses = {}) {
  const { env, recorded } = createFakeEnv({
    responses: { installmentPlan: ok({ name: 'Plan' }), ...responses },
  });
  const source = manualSource();
  const controller = createPageController({ env, load: source.load });
  return { controller, recorded, source };
}

describe('page controller states', () => {
  it('does nothing until retained, then loads once: data requests leave when the layout is parsed, ready after the widgets', async () => {
    const { controller, recorded, source } = setup();
    expect(controller.getState()).toEqual({ status: 'loading' });
    expect(source.load).not.toHaveBeenCalled();

    const seen: string[] = [];
    controller.subscribe(() => seen.push(controller.getState().status));
    controller.retain();
    controller.retain();
    expect(source.load).toHaveBeenCalledTimes(1);
    // Parsed, not yet checked: the runtime has started and its data source is on its way.
    expect(recorded.calls.map((c) => c.endpoint)).toEqual(['installmentPlan']);
    expect(controller.getState().status).toBe('loading');

    source.finish({ ok: true, layout, widgets: Promise.resolve(null) });
    await tick();
    const state = controller.getState();
    expect(state.status).toBe('ready');
    if (state.status !== 'ready') return;
    expect(state.layout).toBe(layout);
    expect(state.runtime.store.getSnapshot().data.plan).toEqual({ name: 'Plan' });
    expect(seen).toEqual(['ready']);
    expect(recorded.calls).toHaveLength(1); // the check did not start the page a second time
  });

  it('is an error when the layout is refused, and ends what the early start began', async () => {
    const { controller, recorded, source } = setup();
    controller.retain();
    source.finish({ ok: false, message: 'The page layout is invalid at /body: bad.' });
    await tick();
    expect(controller.getState()).toEqual({
      status: 'error',
      message: 'The page layout is invalid at /body: bad.',
    });
    expect(requestSignal(recorded).aborted).toBe(true);
  });

  it('is an error when a widget chunk could not be fetched', async () => {
    const { controller, recorded, source } = setup();
    controller.retain();
    source.finish({ ok: true, layout, widgets: Promise.resolve('widgets failed') });
    await tick();
    expect(controller.getState()).toEqual({ status: 'error', message: 'widgets failed' });
    expect(requestSignal(recorded).aborted).toBe(true);
  });

  it('turns sessionExpired when a call answers 401', async () => {
    const { controller, source } = setup({
      installmentPlan: {
        ok: false,
        kind: 'server',
        code: '401',
        message: 'Please log in again.',
        status: 401,
      },
    });
    controller.retain();
    source.finish({ ok: true, layout, widgets: Promise.resolve(null) });
    await tick();
    expect(controller.getState().status).toBe('sessionExpired');
  });
});

describe('page controller references', () => {
  it('ends the page when the last reference is released: requests aborted, state disposed', async () => {
    const { controller, recorded, source } = setup();
    const releasePage = controller.retain();
    const releaseShell = controller.retain();
    source.finish({ ok: true, layout, widgets: Promise.resolve(null) });
    await tick();
    const signal = requestSignal(recorded);

    releaseShell();
    releaseShell(); // idempotent: one reference, released once
    await tick();
    expect(controller.getState().status).toBe('ready');
    expect(signal.aborted).toBe(false);

    releasePage();
    await tick();
    expect(controller.getState()).toEqual({ status: 'disposed' });
    expect(signal.aborted).toBe(true);
    // A disposed page stays disposed: the owner makes a new controller instead.
    controller.retain();
    expect(controller.getState()).toEqual({ status: 'disposed' });
    expect(source.load).toHaveBeenCalledTimes(1);
  });

  it("survives StrictMode's unmount and mount in one go: the same lifetime, nothing sent twice", async () => {
    const { controller, recorded, source } = setup();
    const release = controller.retain();
    const signal = requestSignal(recorded);
    release(); // the simulated unmount runs every cleanup...
    controller.retain(); // ...then every setup, before anything else
    await tick();
    expect(signal.aborted).toBe(false);
    source.finish({ ok: true, layout, widgets: Promise.resolve(null) });
    await tick();
    expect(controller.getState().status).toBe('ready');
    expect(source.load).toHaveBeenCalledTimes(1);
    expect(recorded.calls).toHaveLength(1);
  });

  it('ignores a layout that arrives after the page was left', async () => {
    const { controller, source } = setup();
    const release = controller.retain();
    const loadSignal = source.load.mock.calls[0]![0];
    release();
    await tick();
    expect(loadSignal.aborted).toBe(true); // the layout fetch is aborted too
    source.finish({ ok: true, layout, widgets: Promise.resolve(null) });
    await tick();
    expect(controller.getState()).toEqual({ status: 'disposed' });
  });
});
