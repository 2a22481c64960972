import {
  adoptFirstScreenTexts,
  language,
  loadMessageCatalogue,
  loadScreenTexts,
  parseLanguage,
  setLanguage,
  type MessageCatalogue,
  type Language,
} from '@kopa/format';
import { blockElement, PAGE_BLOCK } from '@kopa/contract';
import { readPageQuery } from '@kopa/contract';

/**
 * The borrower's language comes from the host: the native app opens the page with
 * `lang=zh` / `lang=id` (or `zh-CN`, `in`, ...) in the query; anything else, or nothing, is
 * English. The bridge has no call for it (contract section 4), so the query is read once, at
 * start, before the first screen renders; in-app navigation carries it (createEnv commonQuery).
 * English needs no wait; another language loads its app texts chunk first. The layouts' texts
 * (a chunk per language, English too) start loading here and are waited for only where the
 * first screen also waits for its widget chunks (src/app/shell/loadLayout.ts), so the data requests
 * never wait for them and the server's modulepreload links fetch them in parallel.
 */
export function hostLanguage(search: string): Language {
  return parseLanguage(readPageQuery(search).lang) ?? 'en';
}

/** The `kopa-texts` block of the page (server/page/screenTexts.ts), if it is in `lang`: adopted, true. */
function takeFirstScreenTexts(doc: Document, lang: Language): boolean {
  const block = blockElement(doc, PAGE_BLOCK.texts);
  if (!block) return false;
  block.remove();
  if (block.dataset.lang !== lang) return false;
  try {
    adoptFirstScreenTexts(lang, JSON.parse(block.textContent ?? ''));
    return true;
  } catch {
    return false;
  }
}

/**
 * Sets the language and `<html lang>`. English is set at once (the language is returned, not a
 * promise, so the first screen can start in the same task); another language once its messages
 * are loaded.
 */
export function startLanguage(doc: Document, search: string): Language | Promise<Language> {
  const wanted = hostLanguage(search);
  // The first screen's texts came with the page: the whole chunk waits until it is up (loadLayout).
  if (!takeFirstScreenTexts(doc, wanted)) void loadScreenTexts(wanted);
  if (wanted === 'en') return choose(doc, 'en');
  return loadMessageCatalogue(wanted).then(
    (catalogue) => choose(doc, wanted, catalogue),
    () => {
      void loadScreenTexts('en');
      return choose(doc, 'en');
    },
  );
}

function choose(doc: Document, lang: Language, catalogue?: MessageCatalogue): Language {
  setLanguage(lang, catalogue);
  // Written only when it changes: the server's page already says it, and each write makes the
  // browser recompute the style of every element (the :lang() state), even for the same value.
  if (doc.documentElement.lang !== lang) doc.documentElement.lang = lang;
  return lang;
}

/** `lang=xx` for URLs the app builds, '' for English (the default needs no parameter). */
export function languageQuery(): string {
  const lang = language();
  return lang === 'en' ? '' : `lang=${lang}`;
}
