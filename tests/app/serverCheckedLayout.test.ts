// @vitest-environment jsdom
/**
 * A layout the server checked with this build's strict schema comes stamped, and the
 * page renders it without loading its ~11 KB of validators; a layout without the stamp, or with
 * another build's, is checked in the browser as before and refused with the pointer.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadLayout } from '../../src/app/shell/loadLayout';
import { checkNode } from '../../src/react/render/nodeValidators';
import { LAYOUT_SCHEMA_VERSION } from '../../src/contract/schema/generated/validators/layoutSchemaVersion';

const validatorLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/contract/schema/generated/validators/app.js', async (importOriginal) => {
  validatorLoads.count += 1;
  return importOriginal();
});

const good = {
  id: 'customer-service',
  version: 1,
  title: 'Online service',
  body: [{ type: 'text', text: 'Hello' }],
};
const bad = { ...good, body: [], colour: 'red' };

function inline(doc: unknown, stamp?: string): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'kopa-layout';
  block.dataset.name = 'customer-service';
  if (stamp !== undefined) block.dataset.checked = stamp;
  block.textContent = JSON.stringify(doc);
  document.body.append(block);
}

function serve(doc: unknown, stamp?: string): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(doc), {
          headers: stamp ? { 'X-Kopa-Layout-Checked': stamp } : {},
        }),
    ),
  );
}

const signal = new AbortController().signal;

describe('a layout the server checked', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  // First in this file: the validators module is not loaded yet.
  it('renders from the page without loading the validators, its nodes accepted', async () => {
    inline(good, LAYOUT_SCHEMA_VERSION);
    const load = await loadLayout('customer-service', signal);
    expect(load.ok).toBe(true);
    expect(validatorLoads.count).toBe(0);
    expect(checkNode({ type: 'text' }, '/body/0')).toEqual({ ok: true });
  });

  it('is checked in the browser when the stamp names another build, and refused with the pointer', async () => {
    inline(bad, 'another-build');
    const load = await loadLayout('customer-service', signal);
    expect(load).toEqual({
      ok: false,
      message: 'The page layout is invalid at /: unknown property "colour".',
    });
    expect(validatorLoads.count).toBe(1);
  });

  it('is checked in the browser when fetched without the header, and trusted with it', async () => {
    serve(bad);
    expect((await loadLayout('customer-service', signal)).ok).toBe(false);
    serve(bad, LAYOUT_SCHEMA_VERSION); // the server vouches for it: what it says is taken
    expect((await loadLayout('customer-service', signal)).ok).toBe(true);
    // Once the validators are in, every node is checked again, stamp or not.
    expect(
      checkNode({ type: 'text', text: 'x', colour: 'red' } as { type: string }, '/body/0'),
    ).toMatchObject({ ok: false, pointer: '/body/0' });
  });
});
