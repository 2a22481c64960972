/**
 * Languages and page states: layouts read catalogue messages with t(), the app's own
 * texts follow the language, and a data source's loading, error and empty states keep the page
 * header and offer Retry and a way out.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage, switchLanguage } from '../../src/format/messages';
import { ok, renderLayout, type FakeResponse } from '../support/renderLayout';

const layout = (name: string) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, `../../layouts/${name}.json`), 'utf8'),
  ) as Record<string, unknown>;
const KF = { telephone: '+255 711 000 111', email: 'help@kopa.example' };
const serverFailure = (message: string, status = 500): FakeResponse => ({
  ok: false,
  kind: 'server',
  code: String(status),
  message,
  serverMessage: message,
  status,
});

afterEach(() => setLanguage('en'));

describe('catalogue text in three languages', () => {
  it.each([
    ['en', 'Online service', 'Contact us', 'Call customer service'],
    ['zh', '在线客服', '联系我们', '拨打客服电话'],
    ['id', 'Layanan online', 'Hubungi kami', 'Telepon layanan pelanggan'],
  ] as const)('customer service in %s', async (lang, title, heading, button) => {
    await switchLanguage(lang);
    await renderLayout(layout('customer-service'), { responses: { contactKfInfo: ok(KF) } });
    await screen.findByRole('heading', { level: 1, name: title });
    screen.getByText(heading);
    screen.getByRole('button', { name: button });
    screen.getByText(KF.email); // data stays as the server sent it
  });

  it("t() fills parameters (pay guide business number) and the app's own toasts follow the language", async () => {
    await switchLanguage('zh');
    const { user, recorded } = await renderLayout(
      {
        id: 't',
        version: 1,
        title: 't',
        body: [
          { type: 'text', text: "{{ t('payGuide.warning', {business: '400200'}) }}" },
          { type: 'button', label: 'go', onTap: [{ type: 'navigate', to: 'noSuchRoute' }] },
        ],
      },
      {},
    );
    screen.getByText('切勿向个人账户付款：Kopa 只接受使用您的还款码向商户号 400200 的付款。');
    await user.click(screen.getByRole('button', { name: 'go' }));
    expect(recorded.toasts.map((t) => t.message)).toEqual(['此页面暂不可用。']);
  });
});

describe('designed page states', () => {
  it('loading keeps the header and says so in the language', async () => {
    await switchLanguage('id');
    await renderLayout(layout('customer-service'), {
      responses: { contactKfInfo: () => new Promise(() => undefined) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Layanan online' });
    expect(screen.getByRole('status').textContent).toBe('Memuat...');
  });

  it("a raw server error is never shown: the friendly line, Retry that loads again, and Close (the header's back)", async () => {
    let calls = 0;
    const { user, recorded } = await renderLayout(layout('customer-service'), {
      responses: {
        contactKfInfo: () =>
          ++calls === 1 ? (serverFailure('Internal Server Error') as never) : ok(KF),
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load this page');
    expect(alert.textContent).toContain(
      'Something went wrong on our side. Please try again in a moment.',
    );
    expect(alert.textContent).not.toContain('Internal Server Error');
    expect(recorded.toasts.map((t) => t.message)).toEqual([
      'Something went wrong. Please try again.',
    ]);
    screen.getByRole('heading', { level: 1, name: 'Online service' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(recorded.bridge).toEqual([{ action: 'closeWebView', args: {} }]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText(KF.email);
    expect(calls).toBe(2);
  });

  it('a server message meant for people is shown; the way out of a page with a parent is Back to it', async () => {
    const { user, recorded } = await renderLayout(layout('complaint-list'), {
      routes: { complaint: '/complainPage' },
      responses: {
        problemList: serverFailure('Complaints are closed for maintenance until 10:00.', 503),
      },
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Complaints are closed for maintenance until 10:00.',
    );
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(recorded.navigations.map((n) => n.path.split('?')[0])).toEqual(['/complainPage']);
  });

  it("empty: the header stays, the layout's empty text by key, a way out", async () => {
    await switchLanguage('zh');
    await renderLayout(layout('complaint-list'), {
      routes: { complaint: '/complainPage' },
      responses: { problemList: ok({ tabs: [] }) },
    });
    await screen.findByRole('heading', { level: 2, name: '暂无投诉' });
    screen.getByRole('heading', { level: 1, name: '我的投诉' });
    screen.getByRole('button', { name: '返回' });
  });
});
