import type { Catalogue } from '../../../src/contract/catalogue';
import type { FetchLike, FetchResponseLike, HttpConfig } from '../../../src/app/http/client';
import { readSession, type Session } from '../../../src/app/http/borrowerSession';

/** A small catalogue covering each client kind, method and success code. */
export const catalogue: Catalogue = {
  endpoints: {
    delayDetail: {
      path: '/v3/loan-details/delay-detail-yd',
      method: 'POST',
      client: 'json',
      success: '0',
    },
    saveScore: { path: '/user-problem/save-score', method: 'POST', client: 'json', success: '00' },
    repaymentCommit: {
      path: '/api/v1/{provider}/service/loan/repayment-commit',
      method: 'POST',
      client: 'form',
      success: '00',
    },
    register: {
      path: '/api/v2/{provider}/promotion/register',
      method: 'POST',
      client: 'form',
      success: '0',
    },
    contractList: { path: '/v3/contract/contract', method: 'GET', client: 'json', success: '0' },
    uploadProblemImg: {
      path: '/user-problem/upload-problem-img',
      method: 'POST',
      client: 'multipart',
      success: '00',
    },
    getCaptcha: {
      path: '/api/v2/{provider}/promotion/get-captcha',
      method: 'GET',
      client: 'image',
      success: '0',
    },
  },
};

export const config: HttpConfig = { apiPrefix: '/vexed', provider: 'kopa', httpTimeoutMs: 60000 };

export const session: Session = readSession(
  '?userId=u1&sessionId=s1&productId=p9&building=B1&gather=G1&swift=S1&eyes=E1',
  {
    defaultMerchantNumber: 'KOPA001',
  },
);

export interface RecordedRequest {
  url: string;
  init: RequestInit;
}

export function respond(status: number, body: string): FetchResponseLike {
  return { status, text: () => Promise.resolve(body) };
}

export const json = (status: number, value: unknown): FetchResponseLike =>
  respond(status, JSON.stringify(value));

/** A fetch that records every request and answers from `reply`. */
export function recordingFetch(
  reply: (req: RecordedRequest) => Promise<FetchResponseLike> | FetchResponseLike = () =>
    json(200, { code: 0, message: 'ok', data: {} }),
) {
  const requests: RecordedRequest[] = [];
  const fetch: FetchLike = async (url, init) => {
    const req = { url, init };
    requests.push(req);
    return reply(req);
  };
  return { fetch, requests };
}

/** A fetch that never answers but rejects when its signal aborts, like the real one. */
export function hangingFetch(honourSignal = true) {
  const requests: RecordedRequest[] = [];
  const fetch: FetchLike = (url, init) => {
    requests.push({ url, init });
    return new Promise((_, reject) => {
      if (honourSignal)
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
    });
  };
  return { fetch, requests };
}

export function headersOf(req: RecordedRequest | undefined): Record<string, string> {
  return { ...(req?.init.headers as Record<string, string>) };
}
