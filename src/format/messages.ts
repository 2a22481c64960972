import en from '../../messages/en.json' with { type: 'json' };

/**
 * The message catalogue (docs/decisions/014-languages-formats-page-states.md): every
 * text the app itself says (toasts, fallbacks, loading, error and session screens) and the
 * texts layouts read with {{ t('key') }}, in English, Chinese and Indonesian.
 *
 * The language is chosen once, before the first screen renders, from what the host says
 * (src/app/shell/language.ts), and stays for the app's lifetime: module state, not React state,
 * because the HTTP client and the bridge fallbacks need it too and know nothing of React.
 * The app's own English texts are bundled (the fallback of every missing key); the other
 * languages' app texts are a chunk loaded only by borrowers who read them. The layouts' texts
 * (messages/layouts/) are a chunk per language, English included: loadScreenTexts.
 */

export const LANGUAGES = ['en', 'zh', 'id'] as const;
export type Language = (typeof LANGUAGES)[number];
export type MessageCatalogue = Readonly<Record<string, string>>;

const english: MessageCatalogue = en;
let current: Language = 'en';
let active: MessageCatalogue = english;

/**
 * The layouts' texts (messages/layouts/<lang>.json), per language once loaded. Not in the entry:
 * hundreds of screen texts would grow it for every borrower, and a screen needs them only when it
 * renders, so they are a chunk per language that the shell loads beside the first screen's widget
 * chunks (the server preloads it with them; src/app/shell/loadLayout.ts waits for both).
 */
const screenTexts: Partial<Record<Language, MessageCatalogue>> = {};
const screenLoads: Partial<Record<Language, Promise<boolean>>> = {};

/**
 * The first screen's own texts, put in the page by the server (server/page/screenTexts.ts):
 * that screen renders without the texts chunk, which loads when the page is idle.
 */
const firstScreenTexts: Partial<Record<Language, MessageCatalogue>> = {};

/** Keeps the first screen's texts of `lang` (strings only; anything else in the block is left out). */
export function adoptFirstScreenTexts(lang: Language, texts: unknown): void {
  if (texts === null || typeof texts !== 'object' || Array.isArray(texts)) return;
  firstScreenTexts[lang] = Object.fromEntries(
    Object.entries(texts).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

/** Whether the first screen's texts in the current language came with the page. */
export function hasFirstScreenTexts(): boolean {
  return firstScreenTexts[current] !== undefined;
}

function importScreenTexts(lang: Language): Promise<{ default: MessageCatalogue }> {
  if (lang === 'zh') return import('../../messages/layouts/zh.json', { with: { type: 'json' } });
  if (lang === 'id') return import('../../messages/layouts/id.json', { with: { type: 'json' } });
  return import('../../messages/layouts/en.json', { with: { type: 'json' } });
}

/**
 * Loads the layouts' texts of `lang` (once; later calls share the load). Resolves false when the
 * chunk could not be fetched (a later call tries again), so the screen can show its error state.
 */
export function loadScreenTexts(lang: Language = current): Promise<boolean> {
  const known = screenLoads[lang];
  if (known) return known;
  const load = importScreenTexts(lang).then(
    (module) => {
      screenTexts[lang] = module.default;
      return true;
    },
    () => {
      delete screenLoads[lang];
      return false;
    },
  );
  screenLoads[lang] = load;
  return load;
}

/** `zh`, `zh-CN`, `zh_Hans` -> zh; `id`, `id-ID` and Android's old `in` -> id; `en-GB` -> en; else null. */
export function parseLanguage(raw: unknown): Language | null {
  if (typeof raw !== 'string') return null;
  const base = raw.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (base === 'in') return 'id';
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : null;
}

/** The language messages are shown in now. */
export function language(): Language {
  return current;
}

/** Makes `lang` the language of every message from now on, with its catalogue (English for en). */
export function setLanguage(lang: Language, catalogue?: MessageCatalogue): void {
  current = lang;
  active = lang === 'en' ? english : (catalogue ?? english);
}

/** The catalogue of a language, loaded on demand (a separate chunk per language). */
export async function loadMessageCatalogue(lang: Language): Promise<MessageCatalogue> {
  if (lang === 'zh')
    return (await import('../../messages/zh.json', { with: { type: 'json' } })).default;
  if (lang === 'id')
    return (await import('../../messages/id.json', { with: { type: 'json' } })).default;
  return english;
}

/** Loads and switches to `lang`; a catalogue that cannot be loaded leaves English on. */
export async function switchLanguage(lang: Language): Promise<Language> {
  const screens = loadScreenTexts(lang);
  try {
    setLanguage(lang, await loadMessageCatalogue(lang));
    await screens;
    return lang;
  } catch {
    setLanguage('en');
    await loadScreenTexts('en');
    return 'en';
  }
}

/** Text of a parameter as a mixed template shows it: numbers and strings as text, others as nothing. */
function paramText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : '';
}

/**
 * The message `key` in the current language, English when that language lacks it, the key itself
 * when no catalogue has it (so a typo shows up on screen instead of a blank). `{name}` is replaced
 * by `params.name` (own properties only); a placeholder without a parameter stays as written.
 */
export function msg(key: string, params?: Readonly<Record<string, unknown>>): string {
  const own = (c: MessageCatalogue | undefined) =>
    c && key !== '$comment' && Object.hasOwn(c, key) ? c[key] : undefined;
  const text =
    own(active) ??
    own(screenTexts[current]) ??
    own(firstScreenTexts[current]) ??
    own(english) ??
    own(screenTexts.en) ??
    key;
  if (!params || !text.includes('{')) return text;
  return text.replace(/\{([A-Za-z_]\w*)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? paramText(params[name]) : whole,
  );
}

/**
 * An object whose properties read as messages in the current language each time they are read,
 * for tables that used to hold English constants (MESSAGES of src/app/http, BROWSER_MESSAGES).
 */
export function messageTable<K extends string>(
  keys: Readonly<Record<K, string>>,
): Readonly<Record<K, string>> {
  const table = {} as Record<K, string>;
  for (const name of Object.keys(keys) as K[]) {
    Object.defineProperty(table, name, { get: () => msg(keys[name]), enumerable: true });
  }
  return Object.freeze(table);
}
