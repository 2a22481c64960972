/**
 * The texts one screen shows, for the page the server answers: the layouts' catalogue
 * (messages/layouts/<lang>.json) is about 4 KB of compressed JS for every first visit, and a
 * screen uses a few dozen of its hundreds of keys. The page carries those few as a JSON data
 * block instead; the whole chunk loads once the first screen is up, for the screens after it.
 *
 * Which keys: every single-quoted literal in the served layout that names a catalogue key. That
 * is each t('key') (the linter requires literal keys, src/lint/messageKeys.ts) and any other
 * literal that happens to be a key (harmless: a few bytes more). A key put together at run time
 * is not found; msg() then shows the key itself until the chunk is in, as it would for a typo.
 */
import en from '../../messages/layouts/en.json';
import zh from '../../messages/layouts/zh.json';
import id from '../../messages/layouts/id.json';
import type { Language } from '@kopa/format';

type MessageCatalogue = Readonly<Record<string, string>>;

const CATALOGUES: Record<Language, MessageCatalogue> = { en, zh, id };
const LITERAL = /'([A-Za-z0-9_.-]+)'/g;

/** key -> text in `lang` (English where that language lacks the key), for the keys `body` names. */
export function screenTextsOf(body: string, lang: Language): Record<string, string> {
  const own = CATALOGUES[lang];
  const out: Record<string, string> = {};
  for (const [, key] of body.matchAll(LITERAL)) {
    if (!key || key === '$comment' || Object.hasOwn(out, key)) continue;
    const text = Object.hasOwn(own, key)
      ? own[key]
      : Object.hasOwn(en, key)
        ? (en as MessageCatalogue)[key]
        : undefined;
    if (text !== undefined) out[key] = text;
  }
  return out;
}
