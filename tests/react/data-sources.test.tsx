import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CallResult } from '../../src/runtime/env';
import { layoutOf, ok, renderLayout } from '../support/renderLayout';

function deferred() {
  let resolve!: (r: CallResult) => void;
  const promise = new Promise<CallResult>((r) => (resolve = r));
  return { promise, resolve };
}

describe('data sources: loading, error with Retry, empty, loaded', () => {
  it('shows the declared loading nodes, then the body with the data', async () => {
    const answer = deferred();
    await renderLayout(
      layoutOf([{ type: 'text', text: 'Mail {{ data.info.email }}' }], {
        dataSources: {
          info: {
            endpoint: 'contactKfInfo',
            params: { overall: 30 },
            loading: [{ type: 'text', text: 'Fetching contact...' }],
          },
        },
      }),
      { responses: { contactKfInfo: () => answer.promise } },
    );
    screen.getByText('Fetching contact...');
    await act(async () => answer.resolve(ok({ email: 'help@kopa.example' })));
    screen.getByText('Mail help@kopa.example');
    expect(screen.queryByText('Fetching contact...')).toBeNull();
  });

  it('shows the error with Retry (and toasts the server message); Retry loads again', async () => {
    let calls = 0;
    const { user, recorded } = await renderLayout(
      layoutOf([{ type: 'text', text: 'Mail {{ data.info.email }}' }], {
        dataSources: { info: { endpoint: 'contactKfInfo' } },
      }),
      {
        responses: {
          contactKfInfo: () =>
            ++calls === 1
              ? { ok: false, kind: 'timeout', message: 'The request timed out. Please try again.' }
              : ok({ email: 'a@b.c' }),
        },
      },
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'The request timed out. Please try again.',
    );
    expect(recorded.toasts.map((t) => t.message)).toContain(
      'The request timed out. Please try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Mail a@b.c');
    expect(recorded.calls).toHaveLength(2);
  });

  it('shows declared error nodes with error.message in scope', async () => {
    await renderLayout(
      layoutOf([], {
        dataSources: {
          info: {
            endpoint: 'contactKfInfo',
            toastOnError: false,
            error: [{ type: 'text', text: 'Sorry: {{ error.message }}' }],
          },
        },
      }),
      {
        responses: {
          contactKfInfo: {
            ok: false,
            kind: 'server',
            code: '9',
            message: 'Service unavailable',
            status: 503,
          },
        },
      },
    );
    screen.getByText('Sorry: Service unavailable');
  });

  it('shows the empty body when its condition holds', async () => {
    await renderLayout(
      layoutOf([{ type: 'text', text: 'has items' }], {
        dataSources: {
          list: {
            endpoint: 'problemList',
            empty: {
              when: '{{ len(data.list.tabs) == 0 }}',
              body: [{ type: 'text', text: 'No complaints yet' }],
            },
          },
        },
      }),
      { responses: { problemList: ok({ tabs: [] }) } },
    );
    screen.getByText('No complaints yet');
    expect(screen.queryByText('has items')).toBeNull();
  });

  it('keeps the body on screen while a loaded source reloads', async () => {
    let n = 0;
    const second = deferred();
    const { user } = await renderLayout(
      layoutOf(
        [
          { type: 'text', text: 'v{{ data.info.email }}' },
          { type: 'button', label: 'Refresh', onTap: [{ type: 'reload', source: 'info' }] },
        ],
        {
          dataSources: { info: { endpoint: 'contactKfInfo' } },
        },
      ),
      { responses: { contactKfInfo: () => (++n === 1 ? ok({ email: '1' }) : second.promise) } },
    );
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    screen.getByText('v1');
    await act(async () => second.resolve(ok({ email: '2' })));
    screen.getByText('v2');
  });
});
