/**
 * The message catalogue: each language file fits schemas/config/messages.schema.json,
 * every key exists in every language with the same {parameters}, the spec's exact strings are
 * kept in their language, and msg()/parseLanguage/market formats behave as documented.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { afterEach, describe, expect, it } from 'vitest';
import {
  LANGUAGES,
  loadMessageCatalogue,
  msg,
  parseLanguage,
  setLanguage,
  switchLanguage,
} from '../../src/format/messages';
import { formatMoney } from '../../src/format/money';
import { formatDate, formatDateTime } from '../../src/format/date';
import { marketFrom, MARKET } from '../../src/format/market';
import { MESSAGES } from '../../src/app/http/result';
import { BROWSER_MESSAGES } from '../../src/app/bridge/browser';
import { validateLayoutDocument } from '../../src/lint/validateLayout';

const ROOT = join(import.meta.dirname, '..', '..');
const read = (file: string) =>
  JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Record<string, string>;
/** Each language's catalogue: the app's texts (messages/<l>.json) and the layouts' (messages/layouts/<l>.json). */
const catalogues = Object.fromEntries(
  LANGUAGES.map((l) => [
    l,
    {
      ...read(`messages/${l}.json`),
      ...read(`messages/layouts/${l}.json`),
      ...read(`messages/server/${l}.json`),
    },
  ]),
);
const keysOf = (c: Record<string, string>) =>
  Object.keys(c)
    .filter((k) => k !== '$comment')
    .sort();
const params = (text: string) => [...text.matchAll(/\{([A-Za-z_]\w*)\}/g)].map((m) => m[1]).sort();

/** The spec's exact strings (product-spec.md sections 8-9), each in the language it is written in. */
const SPEC: [lang: string, key: string, text: string][] = [
  ['en', 'spec.validPhone', 'Please enter a valid phone number.'],
  ['en', 'spec.fillComments', 'Please fill in your comments and suggestions'],
  ['en', 'spec.completeInformation', 'Please provide complete information!'],
  ['en', 'spec.successful', 'Successful!'],
  ['en', 'spec.pointOut', 'Point out'],
  ['en', 'spec.repaymentReminder', 'Repayment reminder'],
  ['en', 'spec.demoSuccess', 'Successful demonstration！'],
  ['en', 'spec.uploadSucceeded', 'Upload succeeded!'],
  ['en', 'spec.codeSent', 'Verification code sent!'],
  ['en', 'spec.accountDeleted', 'Your account has been deleted!'],
  ['en', 'spec.withdrawNow', 'Withdraw Now'],
  ['en', 'spec.registrationSucceeded', 'registration succeeded'],
  ['en', 'spec.wrongCode', 'wrong code'],
  ['en', 'spec.processingFailed', 'processing failed'],
  ['en', 'spec.cardListFailed', 'failed to query card list'],
  ['en', 'spec.noDoubleSubmit', 'do not submit the repayment request twice'],
  ['en', 'spec.noCollectionTypes', 'The selected order does not support sending collection types'],
  ['en', 'spec.tradeNo', 'TradeNo:'],
  ['en', 'common.copySuccess', 'copy success'],
  ['en', 'customerService.title', 'Online service'],
  ['en', 'complaintList.title', 'My complaints'],
  ['en', 'bridge.closeWebView', 'You can close this page now'],
  ['id', 'spec.pleaseChoose', 'Silakan pilih'],
  ['zh', 'spec.chooseBankCard', '请先选择付款银行卡！'],
  ['zh', 'spec.enterValidCode', '请输入正确的验证码'],
  ['zh', 'spec.enterValidMobile', '请正确输入手机号！'],
  ['zh', 'spec.enterValidCaptcha', '请正确输入图形验证码！'],
  ['zh', 'spec.enterValidSmsCode', '请正确输入短信验证码！'],
  ['zh', 'spec.noRepeatCode', '请勿重复发送验证码!'],
];

afterEach(() => setLanguage('en'));

describe('the catalogue files', () => {
  const validate = new Ajv({ allErrors: true, strict: true }).compile(
    read('schemas/config/messages.schema.json'),
  );
  it.each(
    LANGUAGES.flatMap((l) => [
      `messages/${l}.json`,
      `messages/layouts/${l}.json`,
      `messages/server/${l}.json`,
    ]),
  )('%s fits the schema', (file) => {
    expect(validate(read(file)), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each(LANGUAGES)(
    '%s: a key is an app text, a layout text or a server text, never two of them',
    (lang) => {
      const app = keysOf(read(`messages/${lang}.json`));
      const layouts = keysOf(read(`messages/layouts/${lang}.json`));
      expect(layouts.filter((k) => app.includes(k))).toEqual([]);
      expect(
        keysOf(read(`messages/server/${lang}.json`)).filter(
          (k) => !k.startsWith('server.') || app.includes(k) || layouts.includes(k),
        ),
      ).toEqual([]);
    },
  );

  it('the schema refuses a key that is not dotted and an empty message', () => {
    expect(validate({ payNow: 'Pay Now' })).toBe(false);
    expect(validate({ 'repay.payNow': '' })).toBe(false);
  });

  it.each(['zh', 'id'] as const)(
    '%s has exactly the keys of English, with the same {parameters}',
    (lang) => {
      const en = catalogues.en ?? {};
      const other = catalogues[lang] ?? {};
      expect(keysOf(other)).toEqual(keysOf(en));
      for (const key of keysOf(en))
        expect(params(other[key] ?? ''), `${lang} ${key}`).toEqual(params(en[key] ?? ''));
    },
  );

  it.each(SPEC)('spec string in %s: %s is "%s" exactly', (lang, key, text) => {
    expect(catalogues[lang]?.[key]).toBe(text);
  });

  it('no Chinese text in the English catalogue (no Chinese toasts on English pages)', () => {
    const chinese = keysOf(catalogues.en ?? {}).filter((k) =>
      /[\u4e00-\u9fff]/.test(catalogues.en?.[k] ?? ''),
    );
    expect(chinese).toEqual([]);
  });
});

describe('msg and the language switch', () => {
  it('reads the current language, falls back to English, then to the key itself', async () => {
    expect(msg('common.retry')).toBe('Retry');
    await switchLanguage('zh');
    expect(msg('common.retry')).toBe('重试');
    expect(msg('no.suchKey')).toBe('no.suchKey');
    setLanguage('id', { 'common.retry': 'Coba lagi' });
    expect(msg('common.close')).toBe('Close'); // missing in this catalogue: English
  });

  it('fills {parameters} from own properties; a missing one stays as written', () => {
    expect(msg('widget.tooManyPictures', { max: 9 })).toBe('You can add at most 9 pictures.');
    expect(msg('widget.tooManyPictures')).toBe('You can add at most {max} pictures.');
    expect(
      msg('widget.tooManyPictures', Object.create({ max: 3 }) as Record<string, unknown>),
    ).toBe('You can add at most {max} pictures.');
  });

  it("the app's own tables follow the language (HTTP failures, browser bridge fallbacks)", async () => {
    expect(MESSAGES.timeout).toBe('The request timed out. Please try again.');
    await switchLanguage('id');
    expect(MESSAGES.timeout).toBe('Waktu permintaan habis. Silakan coba lagi.');
    expect(BROWSER_MESSAGES.closeWebView).toBe('Anda dapat menutup halaman ini sekarang');
  });

  it.each([
    ['zh', 'zh'],
    ['zh-CN', 'zh'],
    ['zh_Hans', 'zh'],
    ['ID', 'id'],
    ['id-ID', 'id'],
    ['in', 'id'],
    ['en-GB', 'en'],
    ['fr', null],
    ['', null],
    [null, null],
  ])('parseLanguage(%j) is %j', (raw, lang) => {
    expect(parseLanguage(raw)).toBe(lang);
  });

  it('loads each language as its own catalogue', async () => {
    expect((await loadMessageCatalogue('zh'))['common.close']).toBe('关闭');
    expect((await loadMessageCatalogue('id'))['common.close']).toBe('Tutup');
  });
});

describe('market formats', () => {
  it('the default market keeps the contract formats', () => {
    expect(MARKET).toMatchObject({
      group: '.',
      decimal: ',',
      dateFormat: 'YYYY-MM-DD',
      currency: 'TZS',
      timeZone: 'Africa/Dar_es_Salaam',
    });
    expect(formatMoney(1234567)).toBe('12.345,67');
    expect(formatDate('2026-01-01T22:30:00Z')).toBe('2026-01-02');
  });

  it('another market: separators from its locale or its own settings, its date order and zone', () => {
    const ph = marketFrom({
      locale: 'en-PH',
      currency: 'PHP',
      timeZone: 'Asia/Manila',
      dateFormat: 'MM/DD/YYYY',
    });
    expect(formatMoney(123456789, ph)).toBe('1,234,567.89');
    expect(formatDateTime('2026-01-01T22:30:00Z', ph.timeZone, ph.dateFormat)).toBe(
      '01/02/2026 06:30:00',
    );
    const id = marketFrom({ locale: 'id-ID', thousandsSeparator: ' ', dateFormat: 'DD/MM/YYYY' });
    expect(formatMoney(-123456, id)).toBe('-1 234,56');
    expect(formatDate('2026-03-09', 'Asia/Jakarta', id.dateFormat)).toBe('09/03/2026');
  });
});

describe('the server-painted frame (server/page/appFrame.ts)', () => {
  const doc = {
    title: "{{ t('customerService.title') }}",
    body: [
      {
        type: 'page-header',
        title: "{{ t('customerService.title') }}",
        onBack: [{ type: 'bridge', action: 'closeWebView' }],
      },
    ],
  };

  it("paints a t('key') title and its loading line in the borrower's language, English by default", async () => {
    const { documentTitle, frameHtml } = await import('../../server/page/appFrame');
    expect(documentTitle(doc)).toBe('Online service');
    expect(documentTitle(doc, 'zh')).toBe('在线客服');
    expect(frameHtml(doc, 'id')).toContain('<h1 class="k-page-header__title">Layanan online</h1>');
    expect(frameHtml(doc, 'id')).toContain('role="status">Memuat...</p>');
  });

  it('a title with any other binding is not painted (it needs the runtime)', async () => {
    const { documentTitle } = await import('../../server/page/appFrame');
    expect(documentTitle({ title: "{{ t('customerService.title') + data.x }}" })).toBeNull();
    expect(documentTitle({ title: "{{ t('no.suchKey') }}" })).toBeNull();
  });
});

describe('the linter checks t() keys', () => {
  const check = (text: string) =>
    validateLayoutDocument(
      { id: 'x', version: 1, title: 'X', body: [{ type: 'text', text }] },
      'fixtures/x.json',
    ).map((i) => `${i.code}: ${i.message}`);

  it('a known key, with or without parameters, passes', () => {
    expect(check("{{ t('customerService.title') }}")).toEqual([]);
    expect(check("Up to {{ t('widget.tooManyPictures', {max: 9}) }}")).toEqual([]);
  });

  it('an unknown key is an error with did-you-mean', () => {
    expect(check("{{ t('customerService.titel') }}")).toEqual([
      'unknown-message: unknown message "customerService.titel" (not in messages/en.json) (did you mean "customerService.title" or "customerService.call" or "customerService.email"?)',
    ]);
  });

  it('a wrong argument count is an arity error', () => {
    expect(check("{{ t('common.retry', {}, 1) }}")).toEqual([
      'wrong-arity: t() takes 1 or 2 arguments, not 3 (see docs/expressions.md)',
    ]);
  });
});
