import { describe, expect, it } from 'vitest';
import { dataPhasesOf, requestsAfterData } from '../../../scripts/bench/dataPhases';

const ev = (name: string, ms: number, data: { url?: string; requestId?: string }) => ({
  name,
  ph: 'I',
  ts: 1_000_000 + ms * 1000,
  pid: 1,
  tid: 1,
  args: { data },
});
const START = 1_000_000;

describe('the phases around the data (npm run bench:phases)', () => {
  it('times the last API answer before Pay Now and counts the requests sent after it', () => {
    const events = [
      ev('ResourceSendRequest', 10, { url: 'http://x/assets/index-1.js', requestId: 'a' }),
      ev('ResourceSendRequest', 20, { url: 'http://x/vexed/installment-plan', requestId: 'b' }),
      ev('ResourceFinish', 200, { requestId: 'b' }),
      ev('ResourceSendRequest', 250, { url: 'http://x/assets/Widget-1.js', requestId: 'c' }),
      ev('ResourceFinish', 260, { requestId: 'a' }),
      // After Pay Now: not counted.
      ev('ResourceSendRequest', 400, { url: 'http://x/assets/en-1.js', requestId: 'd' }),
    ];
    expect(dataPhasesOf(events, START, 300)).toEqual({
      'data answer in': 200,
      'requests after the data': 1,
    });
  });

  it("names what was fetched after the data; the browser's own pages and data: addresses are not requests", () => {
    const events = [
      ev('ResourceSendRequest', 20, { url: 'http://x/vexed/installment-plan', requestId: 'b' }),
      ev('ResourceFinish', 200, { requestId: 'b' }),
      ev('ResourceSendRequest', 210, { url: 'http://x/favicon.ico', requestId: 'c' }),
      ev('ResourceSendRequest', 220, { url: 'chrome://resources/js/x.js', requestId: 'd' }),
      ev('ResourceSendRequest', 230, { url: 'data:image/png;base64,iVBOR', requestId: 'e' }),
    ];
    expect(requestsAfterData(events, START, 300)).toEqual({
      answeredMs: 200,
      urls: ['http://x/favicon.ico'],
    });
    expect(dataPhasesOf(events, START, 300)['requests after the data']).toBe(1);
  });

  it('says nothing when no API answer came before Pay Now', () => {
    const events = [ev('ResourceSendRequest', 10, { url: 'http://x/vexed/a', requestId: 'b' })];
    const phases = dataPhasesOf(events, START, 300);
    expect(phases['data answer in']).toBeNaN();
    expect(phases['requests after the data']).toBeNaN();
  });
});
