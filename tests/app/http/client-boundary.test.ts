/**
 * The client applies the boundary to every success: the endpoint's response validator is loaded
 * while the request is in flight (no extra round trip), the data is normalised before the caller
 * sees it, and data that cannot be made valid is a `bad-response` with the reason in `detail`.
 */
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClientOptions } from '../../../src/app/http/client';
import type { ResponseValidatorLoader } from '../../../src/app/http/normalise';
import { MESSAGES } from '../../../src/app/http/result';
import { config, json, recordingFetch, session } from './fixtures';
import { realCatalogue } from './wire';

function client(fetch: ApiClientOptions['fetch'], responseValidators?: ResponseValidatorLoader) {
  return createApiClient({
    fetch,
    catalogue: realCatalogue,
    config,
    getSession: () => session,
    ...(responseValidators ? { responseValidators } : {}),
  });
}

describe('API client: the response boundary', () => {
  it('hands the layout needValid 1 when the wire says "1", and 0 when it says nothing', async () => {
    let wire: unknown = { needValid: '1', repayRecordId: 'R1' };
    const { fetch } = recordingFetch(() => json(200, { code: '00', message: 'ok', data: wire }));
    expect(await client(fetch).call('repaymentCommit', { amount: 100 })).toEqual({
      ok: true,
      code: '00',
      message: 'ok',
      data: { needValid: 1, repayRecordId: 'R1' },
    });
    wire = { repayRecordId: 'R2' };
    expect(await client(fetch).call('repaymentCommit', { amount: 100 })).toMatchObject({
      ok: true,
      data: { needValid: 0, repayRecordId: 'R2' },
    });
  });

  it('refuses data that cannot be made valid: bad-response, the usual message, the reason in detail', async () => {
    const { fetch } = recordingFetch(() =>
      json(200, { code: '00', message: 'ok', data: 'queued' }),
    );
    expect(await client(fetch).call('repaymentCommit', {})).toEqual({
      ok: false,
      kind: 'bad-response',
      message: MESSAGES['bad-response'],
      detail: 'repayment-commit.response: data must be object',
    });
  });

  it('leaves refusals alone: a server code with its own data is not checked against the success schema', async () => {
    const { fetch } = recordingFetch(() =>
      json(200, { code: '800006', message: 'wrong code', data: { attemptsLeft: '2' } }),
    );
    expect(await client(fetch).call('repaymentConfirm', {})).toMatchObject({
      ok: false,
      kind: 'server',
      code: '800006',
      data: { attemptsLeft: '2' },
    });
  });

  it('starts loading the validator before the response arrives', async () => {
    const order: string[] = [];
    const real = (await import('../../../src/app/http/normalise')).loadResponseValidator;
    const loader: ResponseValidatorLoader = (name) => {
      order.push(`load ${name}`);
      return real(name);
    };
    const { fetch } = recordingFetch(() => {
      order.push('response');
      return json(200, { code: 0, message: 'ok', data: { email: 'a@b.c', smWa: 255700 } });
    });
    expect(await client(fetch, loader).call('contactKfInfo', { overall: 30 })).toMatchObject({
      ok: true,
      data: { email: 'a@b.c', smWa: '255700' },
    });
    expect(order).toEqual(['load contact-kf-info.response', 'response']);
  });

  it('a validator chunk that fails to load is a retryable network failure, never unchecked data', async () => {
    const { fetch } = recordingFetch(() =>
      json(200, { code: 0, message: 'ok', data: { email: 'a@b.c', smWa: '1' } }),
    );
    const failing = vi.fn<ResponseValidatorLoader>(() => Promise.reject(new Error('chunk 404')));
    const result = await client(fetch, failing).call('contactKfInfo', {});
    expect(result).toMatchObject({ ok: false, kind: 'network' });
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it('an endpoint whose schema has no generated validator is refused, not passed through', async () => {
    const { fetch } = recordingFetch(() =>
      json(200, { code: 0, message: 'ok', data: { email: 'a@b.c', smWa: '1' } }),
    );
    expect(await client(fetch, () => undefined).call('contactKfInfo', {})).toMatchObject({
      ok: false,
      kind: 'network',
    });
  });
});
