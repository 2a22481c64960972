/**
 * In development a tester finds each SMS code as one plain line in the server's
 * terminal, `SMS to <phone>: <code>`, whatever the log level (the log is off here).
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { USER, expectSuccess, startServer, type TestServer } from './helpers';

let s: TestServer;
beforeAll(async () => {
  process.env.NODE_ENV = 'development';
  try {
    s = await startServer();
  } finally {
    process.env.NODE_ENV = 'test';
  }
});
afterAll(async () => {
  await s.close();
});

it('development: each SMS code sent is printed as one greppable line', async () => {
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    expectSuccess(
      'sendSmsCodeNew',
      await s.call('sendSmsCodeNew', { phone: USER.phone, type: 'login' }),
    );
    const lines = out.mock.calls
      .map(([chunk]) => String(chunk))
      .filter((l) => l.startsWith('SMS to '));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^SMS to ${USER.phone}: \\d{6}\\n$`));
  } finally {
    out.mockRestore();
  }
});
