// @vitest-environment jsdom
/**
 * One failed-call policy. A data source and an http action that meet the same
 * failure tell the borrower the same thing: a server's words when they are meant for people, the
 * app's own message when they are not (a raw "Internal Server Error" is never shown).
 */
import { describe, expect, it } from 'vitest';
import { failedCallError, failedCallToast } from '../../src/runtime/actions/failedCall';
import { msg } from '../../src/format/messages';
import type { CallResult } from '../../src/runtime/env';

type Failure = Exclude<CallResult, { ok: true }>;
const server = (message: string): Failure =>
  ({
    ok: false,
    kind: 'server',
    status: 500,
    code: '500',
    message,
    serverMessage: message,
  }) as Failure;

describe('failedCallToast', () => {
  it('shows a server sentence meant for people', () => {
    const r = server('The amount is above what is due.');
    expect(failedCallToast(r, failedCallError('repaymentCommit', r))).toBe(
      'The amount is above what is due.',
    );
  });

  it('never shows a developer message: the app says it in its own words', () => {
    for (const text of ['Internal Server Error: stack at x', 'userId is required', '{"error":1}']) {
      const r = server(text);
      expect(failedCallToast(r, { message: text })).toBe(msg('http.server'));
    }
  });

  it('a transport failure keeps its own message, or the common one when it has none', () => {
    const r = { ok: false, kind: 'network', message: '' } as unknown as Failure;
    expect(failedCallToast(r, { message: '' })).toBe(msg('common.error'));
    expect(failedCallToast(r, { message: 'No connection.' })).toBe('No connection.');
  });
});
