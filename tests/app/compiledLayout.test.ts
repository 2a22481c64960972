// @vitest-environment jsdom
/**
 * The app reads compiled layouts only (server/layouts/compiled.ts): it takes the server's parsed
 * bindings in and renders without loading a layout validator or parsing an expression; a
 * layout the server's strict check refused shows that problem on the error screen; a copy of
 * another compiled format is fetched again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadLayout } from '../../src/app/shell/loadLayout';
import { checkNode } from '../../src/react/render/nodeValidators';
import { evaluateTemplate, installSourceParser, setSourceParser } from '../../src/expr';
import { baseFunctions } from '../../src/expr';
import { compiledText } from '../support/compiled';

const validatorLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/contract/schema/generated/validators/app.js', async (importOriginal) => {
  validatorLoads.count += 1;
  return importOriginal();
});

const good = {
  id: 'customer-service',
  version: 1,
  title: 'Online service',
  state: { name: 'Asha' },
  body: [{ type: 'text', text: 'Hello {{ state.name + "!" }}' }],
};

function inline(text: string): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'kopa-layout';
  block.dataset.name = 'customer-service';
  block.textContent = text;
  document.body.append(block);
}

function serve(text: string): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL) => {
      asked.push(String(url));
      return new Response(text);
    }),
  );
  return asked;
}

const signal = new AbortController().signal;

describe('a compiled layout', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    installSourceParser();
    document.body.innerHTML = '';
  });

  it('renders from the page without a validator or a parser, its bindings compiled', async () => {
    inline(compiledText(good));
    setSourceParser(null); // as in the borrower's bundle: no parser to fall back on
    const load = await loadLayout('customer-service', signal);
    expect(load.ok).toBe(true);
    expect(validatorLoads.count).toBe(0);
    expect(checkNode({ type: 'text' }, '/body/0')).toEqual({ ok: true });
    const scope = { state: { name: 'Asha' } };
    expect(evaluateTemplate('Hello {{ state.name + "!" }}', scope, baseFunctions, '/x')).toEqual({
      ok: true,
      value: 'Hello Asha!',
    });
    // A string that did not come compiled is an error where it is used, never parsed here.
    expect(evaluateTemplate('{{ state.other }}', scope, baseFunctions, '/y')).toMatchObject({
      ok: false,
      error: { pointer: '/y', message: 'This binding did not come compiled with its layout' },
    });
  });

  it('that the server refused shows its problem with the pointer', async () => {
    const refused = JSON.parse(compiledText(good)) as Record<string, unknown>;
    delete refused.checked;
    refused.invalid = { pointer: '/body/0', message: 'unknown property "colour"' };
    serve(JSON.stringify(refused));
    expect(await loadLayout('customer-service', signal)).toEqual({
      ok: false,
      message: 'The page layout is invalid at /body/0: unknown property "colour".',
    });
  });

  it('of another format in the page is fetched again from the server', async () => {
    // A format-1 copy (a service worker's, from before the checker's labels came with it).
    const {
      types: _types,
      labels: _labels,
      ...old
    } = JSON.parse(compiledText(good)) as Record<string, unknown>;
    inline(JSON.stringify({ ...old, format: 1 }));
    const asked = serve(compiledText(good));
    expect((await loadLayout('customer-service', signal)).ok).toBe(true);
    expect(asked).toEqual(['/layouts/customer-service.compiled.json']);
  });

  it('is the only form read: a layout source is refused as unreadable', async () => {
    serve(JSON.stringify(good));
    expect(await loadLayout('customer-service', signal)).toEqual({
      ok: false,
      message: expect.stringContaining('could not be read') as unknown as string,
    });
  });
});
