// @vitest-environment jsdom
/**
 * `<html lang>` is written only when it changes. The server's page already carries the
 * borrower's language, and a write, even of the same value, made the browser restyle every
 * element of the painted frame (the :lang() state) as the app started.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startLanguage } from '../../src/app/shell/language';

function langWrites(): MutationRecord[] {
  const records: MutationRecord[] = [];
  new MutationObserver((list) => records.push(...list)).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['lang'],
  });
  return records;
}

afterEach(() => {
  document.documentElement.lang = 'en';
});

describe('<html lang> at start', () => {
  it("is not written when the page already says the borrower's language", async () => {
    document.documentElement.lang = 'en';
    const writes = langWrites();
    expect(startLanguage(document, '?orderId=O1')).toBe('en');
    await Promise.resolve();
    expect(writes).toHaveLength(0);
  });

  it("is set when the page says another one (a page served without the server's shell)", async () => {
    document.documentElement.lang = 'zh';
    const writes = langWrites();
    startLanguage(document, '');
    await Promise.resolve();
    expect(document.documentElement.lang).toBe('en');
    expect(writes).toHaveLength(1);
  });
});
