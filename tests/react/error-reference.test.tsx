/**
 * A page whose data failed shows the failed request's reference under the error ("Ref: 89abcdef",
 * the id's last 8 characters), in the borrower's language, so support can find the call in the
 * server's log; a failure the server did not name (offline, timed out) shows none.
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/app/http/client';
import { setLanguage, switchLanguage } from '../../src/format/messages';
import type { CallResult } from '../../src/runtime/env';
import { layoutOf, renderLayout } from '../support/renderLayout';
import { catalogue, config, session } from '../app/http/fixtures';

afterEach(() => setLanguage('en'));

/** What the real client resolves to when the server answers 500 with an id. */
async function failedWithId(requestId: string): Promise<CallResult> {
  const client = createApiClient({
    fetch: () =>
      Promise.resolve({
        status: 500,
        text: () => Promise.resolve('{"code":"500","message":"Internal server error"}'),
        headers: {
          get: (name: string) => (name.toLowerCase() === 'x-request-id' ? requestId : null),
        },
      }),
    catalogue,
    config,
    getSession: () => session,
  });
  return client.call('delayDetail');
}

const page = layoutOf([{ type: 'text', text: 'Mail {{ data.info.email }}' }], {
  dataSources: { info: { endpoint: 'contactKfInfo' } },
});

describe('the error screen names the failed call', () => {
  it('shows "Ref: " and the last 8 characters of the request id', async () => {
    const answer = await failedWithId('0123456789abcdef');
    await renderLayout(page, { responses: { contactKfInfo: () => answer } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load this page');
    expect(alert.textContent).toContain(
      'Something went wrong on our side. Please try again in a moment.',
    );
    screen.getByText('Ref: 89abcdef');
    expect(alert.textContent).not.toContain('01234567');
  });

  it('in Chinese', async () => {
    const answer = await failedWithId('0123456789abcdef');
    await switchLanguage('zh');
    await renderLayout(page, { responses: { contactKfInfo: () => answer } });
    await screen.findByText('参考编号：89abcdef');
  });

  it('in Indonesian', async () => {
    const answer = await failedWithId('0123456789abcdef');
    await switchLanguage('id');
    await renderLayout(page, { responses: { contactKfInfo: () => answer } });
    await screen.findByText('Referensi: 89abcdef');
  });

  it('no reference when the server named no request (the call never got an answer)', async () => {
    await renderLayout(page, {
      responses: {
        contactKfInfo: {
          ok: false,
          kind: 'network',
          message: 'Network error. Check your connection and try again.',
        },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load this page');
    expect(alert.textContent).not.toMatch(/Ref:/);
  });
});
