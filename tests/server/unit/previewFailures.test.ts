/**
 * The preview's failure scenarios: offered for every screen with a data source, and each answer
 * goes through the client's real path: an envelope error keeps the server's message, 401 is the
 * expired session, a time-out ends on the preview's own clock, a slow answer is the real request
 * after its delay. Never sent early, and an endpoint outside the scenario is asked as usual.
 */
import { describe, expect, it, vi } from 'vitest';
import endpoints from '../../../schemas/api/endpoints.json';
import {
  failureAnswers,
  failureScenariosFor,
  PREVIEW_TIMEOUT_MS,
  SERVER_MESSAGE,
} from '../../../server/layouts/previewFailures';
import { parseCatalogue } from '../../../src/contract/catalogue';
import { createApiClient } from '../../../src/app/http/client';
import { isSessionExpired } from '@kopa/runtime';
import { config, recordingFetch, session } from '../../app/http/fixtures';

const parsed = parseCatalogue(endpoints);
const catalogue = parsed.ok ? parsed.catalogue : { endpoints: {} };
const doc = { dataSources: { kf: { endpoint: 'contactKfInfo' } } };

function clientFor(name: string) {
  const { fetch, requests } = recordingFetch();
  const api = createApiClient({
    fetch,
    catalogue,
    config,
    getSession: () => session,
    answers: failureAnswers(doc, name) ?? {},
  });
  return { api, requests };
}

describe('preview failure scenarios', () => {
  it('every screen with a data source is offered all five, none without one', () => {
    expect(failureScenariosFor(doc).map((s) => [s.label, s.endpoints])).toEqual([
      ['Error with a server message', ['contactKfInfo']],
      ['Session expired (401)', ['contactKfInfo']],
      ['Server error (500)', ['contactKfInfo']],
      ['Time-out (no answer)', ['contactKfInfo']],
      ['Slow answer (3 s)', ['contactKfInfo']],
    ]);
    expect(failureScenariosFor({ body: [] })).toEqual([]);
    expect(failureAnswers(doc, '__proto__')).toBeNull();
    expect(failureAnswers(doc, 'overdue')).toBeNull();
  });

  it('an envelope error, a 401 and a 500 answer as a backend would, with no request sent', async () => {
    const message = clientFor('server-message');
    expect(await message.api.call('contactKfInfo', {})).toMatchObject({
      ok: false,
      kind: 'server',
      code: '5001',
      serverMessage: SERVER_MESSAGE,
    });
    expect(message.requests).toHaveLength(0);
    const expired = await clientFor('session-expired').api.call('contactKfInfo', {});
    expect(isSessionExpired(expired)).toBe(true);
    expect(await clientFor('server-error').api.call('contactKfInfo', {})).toMatchObject({
      ok: false,
      status: 500,
    });
    // Another endpoint is asked as usual.
    const other = clientFor('server-error');
    await other.api.call('delayDetail', { orderId: 'O1' });
    expect(other.requests).toHaveLength(1);
  });

  it("a time-out ends on the preview's clock; a slow answer is the real one after 3 s", async () => {
    vi.useFakeTimers();
    try {
      const timeout = clientFor('timeout');
      let ended = false;
      const timedOut = timeout.api.call('contactKfInfo', {}).finally(() => (ended = true));
      await vi.advanceTimersByTimeAsync(PREVIEW_TIMEOUT_MS - 100);
      expect(ended).toBe(false);
      await vi.advanceTimersByTimeAsync(100);
      expect(await timedOut).toMatchObject({ ok: false, kind: 'timeout' });
      expect(timeout.requests).toHaveLength(0);
      const slow = clientFor('slow');
      let done = false;
      const answered = slow.api.call('contactKfInfo', {}).then((r) => ((done = true), r));
      await vi.advanceTimersByTimeAsync(2900);
      expect([done, slow.requests.length]).toEqual([false, 0]);
      await vi.advanceTimersByTimeAsync(200);
      expect(slow.requests).toHaveLength(1);
      await answered;
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
