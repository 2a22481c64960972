import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, renderLayout, serverError } from '../support/renderLayout';
import { setLanguage, switchLanguage } from '../../src/format/messages';

const layout = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../layouts/complain-details.json'), 'utf8'),
) as Record<string, unknown>;
const detail = {
  problemId: '7',
  type: 1,
  typeTitle: 'Collection',
  sonType: 11,
  sonTypeTitle: 'Rude calls',
  content: 'They called at night',
  images: ['/uploads/a.png'],
  disposeDetail: '',
  disposeImages: [],
  isNeedScore: 1,
  score: null,
  time: '2026-11-01T10:00:00Z',
  orderNo: 'O1',
};

describe('complaint details layout', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('hides Process Result when reply text and images are both empty, and counts the content out of 200', async () => {
    const { recorded } = await renderLayout(layout, {
      responses: { problemDetail: ok(detail) },
      query: { problemId: '7' },
    });
    await screen.findByText('They called at night');
    screen.getByText('20/200');
    // Titles came with the detail: problem-init is not asked for them.
    expect(recorded.calls.map((c) => c.endpoint)).toEqual(['problemDetail']);
    screen.getByText('Rude calls');
    expect(screen.queryByText('Process Result')).toBeNull();
  });

  it('opens the rating at 3000 ms; Cancel closes it and resets the stars (seen when it opens again)', async () => {
    // The same layout with a test-only button that opens the dialog again.
    const withReopen = {
      ...layout,
      body: [
        ...(layout.body as unknown[]),
        { type: 'button', label: 'Reopen', onTap: [{ type: 'openDialog', dialog: 'rating' }] },
      ],
    };
    await renderLayout(withReopen, {
      responses: { problemDetail: ok(detail) },
      query: { problemId: '7' },
    });
    await screen.findByText('They called at night');
    await act(async () => vi.advanceTimersByTime(2900));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => vi.advanceTimersByTime(200));
    screen.getByRole('dialog', { name: 'Please rate our service' });
    await act(async () => screen.getByRole('radio', { name: '3 stars' }).click());
    expect(screen.getByRole('radio', { name: '3 stars' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await act(async () => screen.getByRole('button', { name: 'Cancel' }).click());
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => screen.getByRole('button', { name: 'Reopen' }).click());
    expect(screen.getByRole('radio', { name: '3 stars' }).getAttribute('aria-checked')).toBe(
      'false',
    );
  });

  it('Send posts score and problemId; success closes with the spec toast, failure toasts the server message', async () => {
    let fail = true;
    const { recorded } = await renderLayout(layout, {
      responses: {
        problemDetail: ok(detail),
        saveScore: () => (fail ? serverError('Try later') : ok({ problemId: '7', score: 2 }, '00')),
      },
      query: { problemId: '7' },
    });
    await screen.findByText('They called at night');
    await act(async () => vi.advanceTimersByTime(3000));
    await act(async () => screen.getByRole('radio', { name: '2 stars' }).click());
    await act(async () => screen.getByRole('button', { name: 'Send' }).click());
    screen.getByText('Try later');
    screen.getByRole('dialog');
    fail = false;
    await act(async () => screen.getByRole('button', { name: 'Send' }).click());
    expect(screen.queryByRole('dialog')).toBeNull();
    screen.getByText('Successful demonstration！');
    const saves = recorded.calls.filter((c) => c.endpoint === 'saveScore');
    expect(saves.map((c) => c.params)).toEqual([
      { score: 2, problemId: '7' },
      { score: 2, problemId: '7' },
    ]);
  });

  it('with only the spec fields (type and sonType as text, no titles, no reply) resolves titles from problem-init and hides Process Result', async () => {
    const bare = {
      problemId: '7',
      type: '1',
      sonType: '11',
      content: 'They called at night',
      images: [],
      isNeedScore: 0,
    };
    const init = {
      problemType: [
        { value: 1, title: 'Collection' },
        { value: 2, title: 'Repayment issue' },
      ],
      problemSonType: [{ value: 11, title: 'Harassing calls' }],
      orderDetail: null,
      orderList: [],
    };
    await renderLayout(layout, {
      responses: { problemDetail: ok(bare), problemInit: ok(init) },
      query: { problemId: '7' },
    });
    await screen.findByText('They called at night');
    await screen.findByText('Collection');
    screen.getByText('Harassing calls');
    expect(screen.queryByText('Process Result')).toBeNull();
  });

  // The spec's 'Silakan pilih' is Indonesian: an Indonesian page shows it exactly, an English one in English.
  it.each([
    ['en', 'Send', 'Please choose', 'Please rate our service'],
    ['id', 'Kirim', 'Silakan pilih', 'Silakan beri nilai layanan kami'],
  ] as const)(
    '%s: Send with no star chosen toasts %s -> %s and sends nothing',
    async (lang, send, toast, dialog) => {
      await switchLanguage(lang);
      try {
        const { recorded } = await renderLayout(layout, {
          responses: {
            problemDetail: ok(detail),
            saveScore: ok({ problemId: '7', score: 1 }, '00'),
          },
          query: { problemId: '7' },
        });
        await screen.findByText('They called at night');
        await act(async () => vi.advanceTimersByTime(3000));
        await act(async () => screen.getByRole('button', { name: send }).click());
        screen.getByText(toast);
        screen.getByRole('dialog', { name: dialog });
        expect(recorded.calls.filter((c) => c.endpoint === 'saveScore')).toEqual([]);
      } finally {
        setLanguage('en');
      }
    },
  );

  it('an empty complaint (no type, no content) shows the designed empty state; the header and its back stay', async () => {
    await renderLayout(layout, {
      responses: { problemDetail: ok({ problemId: '7', type: 0, content: '' }) },
      query: { problemId: '7' },
    });
    await screen.findByRole('heading', { level: 2, name: 'This complaint could not be found.' });
    screen.getByRole('heading', { level: 1, name: 'Complaint details' });
    screen.getByRole('button', { name: 'Back to my complaints' });
    expect(screen.queryByText('Process Result')).toBeNull();
  });
});
