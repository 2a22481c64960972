/**
 * Fake responses that go through the real API client: the test gives the envelope exactly as a
 * backend puts it on the wire ("1" for 1, fields left out), and the layout sees what the app's
 * boundary (src/app/http/client.ts + normalise.ts, the generated validators) makes of it.
 */
import endpoints from '../../../schemas/api/endpoints.json';
import { parseCatalogue } from '../../../src/contract/catalogue';
import { createApiClient } from '../../../src/app/http/client';
import { emptySession } from '../../../src/app/http/borrowerSession';
import type { CallOptions, CallResult } from '../../../src/runtime/env';
import type { FakeResponse } from '../../support/renderLayout';

const parsed = parseCatalogue(endpoints);
if (!parsed.ok) throw new Error(parsed.errors.join('; '));
export const realCatalogue = parsed.catalogue;

/** A wire envelope, or a function of the request params returning one (or a raw body string). */
export type WireAnswer = unknown | ((params: Record<string, unknown>) => unknown);

/** The envelope a v3 endpoint sends on success (`code` 0) or the older ones ("00"). */
export const envelope = (data: unknown, code: number | string = 0): Record<string, unknown> => ({
  code,
  message: 'success',
  data,
});

/** Turns wire answers by endpoint name into renderLayout responses that pass the real client. */
export function viaClient(answers: Record<string, WireAnswer>): Record<string, FakeResponse> {
  const out: Record<string, FakeResponse> = {};
  for (const [endpoint, answer] of Object.entries(answers)) {
    out[endpoint] = async (
      params: Record<string, unknown>,
      options?: CallOptions,
    ): Promise<CallResult> => {
      const client = createApiClient({
        catalogue: realCatalogue,
        config: { apiPrefix: '/vexed', provider: 'kopa', httpTimeoutMs: 60000 },
        getSession: () => emptySession({ defaultMerchantNumber: 'KOPA001' }),
        fetch: async () => {
          const body =
            typeof answer === 'function'
              ? (answer as (p: Record<string, unknown>) => unknown)(params)
              : answer;
          return {
            status: 200,
            text: async () => (typeof body === 'string' ? body : JSON.stringify(body)),
          };
        },
      });
      return (await client.call(endpoint, params, {
        signal: options?.signal,
        idempotencyKey: options?.idempotencyKey,
      })) as CallResult;
    };
  }
  return out;
}
