// @vitest-environment jsdom
/**
 * The page carries the first screen's texts (server/page/screenTexts.ts), so the screen shows
 * them without the layouts' texts chunk, which loads only when the page is idle. A block in
 * another language than the borrower's is not used.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startLanguage } from '../../src/app/shell/language';
import { msg } from '../../src/format/messages';

// Indonesian: the test setup has loaded the English texts chunk already (tests/setup/web.ts).
const chunkLoads = vi.hoisted(() => ({ id: 0 }));
vi.mock('../../messages/layouts/id.json', async (importOriginal) => {
  chunkLoads.id += 1;
  return importOriginal();
});
const idTexts = JSON.parse(readFileSync('messages/layouts/id.json', 'utf8')) as Record<
  string,
  string
>;

function textsBlock(lang: string, texts: unknown): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'kopa-texts';
  block.dataset.lang = lang;
  block.textContent = JSON.stringify(texts);
  document.body.append(block);
}

describe("the first screen's texts from the page", () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('shows them at once and does not fetch the texts chunk for the first screen', async () => {
    textsBlock('id', { 'customerService.call': 'Hubungi kami sekarang', 'bad.value': 7 });
    expect(await startLanguage(document, '?lang=id')).toBe('id');
    expect(document.getElementById('kopa-texts')).toBeNull(); // taken once
    expect(msg('customerService.call')).toBe('Hubungi kami sekarang');
    expect(msg('bad.value')).toBe('bad.value'); // not a string: left out
    await new Promise((r) => setTimeout(r, 20));
    expect(chunkLoads.id).toBe(0);
  });

  it('ignores a block in another language and loads the chunk as before', async () => {
    textsBlock('zh', { 'customerService.intro': '中文' });
    await startLanguage(document, '?lang=id');
    await vi.waitFor(() => expect(chunkLoads.id).toBe(1));
    await vi.waitFor(() =>
      expect(msg('customerService.intro')).toBe(idTexts['customerService.intro']),
    );
  });
});
