/**
 * The id the server gives a failed request (X-Request-Id, or `requestId` in the error envelope)
 * stays on the failure the client resolves to, so the error screen can show it as a reference.
 */
import { describe, expect, it } from 'vitest';
import { createApiClient, type FetchResponseLike } from '../../../src/app/http/client';
import { catalogue, config, session } from './fixtures';

function answering(status: number, body: string, headers: Record<string, string> = {}) {
  const res: FetchResponseLike = {
    status,
    text: () => Promise.resolve(body),
    headers: { get: (name) => headers[name.toLowerCase()] ?? null },
  };
  return createApiClient({
    fetch: () => Promise.resolve(res),
    catalogue,
    config,
    getSession: () => session,
  });
}

const ENVELOPE = '{"code":"500","message":"Internal server error"}';

describe('the request id of a failed call', () => {
  it("a server failure keeps the answer's X-Request-Id", async () => {
    const r = await answering(500, ENVELOPE, { 'x-request-id': '0123456789abcdef' }).call(
      'delayDetail',
    );
    expect(r).toMatchObject({
      ok: false,
      kind: 'server',
      code: '500',
      requestId: '0123456789abcdef',
    });
  });

  it("without the header (another origin that does not expose it), the envelope's requestId", async () => {
    const body = '{"requestId":"fedcba9876543210","code":"401","message":"Session expired"}';
    const r = await answering(401, body).call('delayDetail');
    expect(r).toMatchObject({ ok: false, code: '401', requestId: 'fedcba9876543210' });
  });

  it("a proxy's HTML error page with an id keeps it; a malformed header is dropped", async () => {
    const html = await answering(502, '<html>Bad gateway</html>', {
      'x-request-id': 'edge-42ab',
    }).call('delayDetail');
    expect(html).toMatchObject({ ok: false, kind: 'bad-response', requestId: 'edge-42ab' });
    const odd = await answering(500, ENVELOPE, { 'x-request-id': 'a b<script>' }).call(
      'delayDetail',
    );
    expect(odd.ok).toBe(false);
    expect(odd).not.toHaveProperty('requestId');
  });

  it('a success carries no id', async () => {
    const r = await answering(200, '{"code":0,"message":"","data":{}}', {
      'x-request-id': '0123456789abcdef',
    }).call('delayDetail');
    expect(r.ok).toBe(true);
    expect(r).not.toHaveProperty('requestId');
  });
});
