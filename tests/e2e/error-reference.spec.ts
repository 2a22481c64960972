/**
 * Support finds a failed call by the reference the borrower reads: the real server refuses a call
 * (a complaint that does not exist), the error screen shows "Ref: " and the last 8 characters of
 * the answer's X-Request-Id, and the server's JSON log holds exactly one line with that id, without
 * the session values of the page's link.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './support/fixtures';
import { serverLogPath } from './support/serverLog';

test('a call the server refuses: the error screen shows its reference, the one log line of that call', async ({
  page,
  kopa,
  baseURL,
}) => {
  const answered = page.waitForResponse((r) => r.url().includes('/user-problem/problem-detail'));
  await kopa.open('/complainDetails', { problemId: '999999' });
  const res = await answered;
  expect(res.status()).toBe(404);
  const id = res.headers()['x-request-id'] ?? '';
  expect(id).toMatch(/^[0-9a-f]{16}$/);
  expect(((await res.json()) as { requestId?: string }).requestId).toBe(id);

  const alert = page.getByRole('alert').filter({ hasText: 'We could not load this page' });
  await expect(alert).toContainText('Complaint not found.');
  await expect(alert.getByText(`Ref: ${id.slice(-8)}`)).toBeVisible();
  await kopa.screenshot('states/error-reference');

  const log = serverLogPath(Number(new URL(baseURL ?? '').port));
  const linesOf = () =>
    readFileSync(log, 'utf8')
      .split('\n')
      .filter((l) => l.includes(`"reqId":"${id}"`));
  await expect.poll(() => linesOf().length).toBe(1);
  const line = JSON.parse(linesOf()[0] ?? '{}') as Record<string, unknown>;
  expect(line).toMatchObject({
    msg: 'request',
    method: 'POST',
    route: '/vexed/user-problem/problem-detail',
    status: 404,
  });
  const sessionId = new URL(page.url()).searchParams.get('sessionId') ?? '';
  expect(sessionId).not.toBe('');
  expect(linesOf()[0]).not.toContain(sessionId);
});
