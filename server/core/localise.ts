/**
 * One language per page (contract section 7): every text the reference server sends
 * (statuses, detail lines, question and complaint types, form labels, notices, error messages)
 * follows the page's `lang`, which every API call carries (src/app/http/buildRequest.ts).
 *
 * The server's code and its data (seed rows, settings an operator edits) are written in English,
 * the catalogue's source language. The catalogue (messages/*.json, messages/layouts/*.json and
 * the server's own messages/server/*.json: the same keys in en, zh and id) is read as a table
 * from each English text to its translation, like gettext's msgid: a handler never looks a key
 * up, and an operator's new English row simply stays English until the catalogue has it. A text
 * with {parameters} is a pattern ("Please repay {amount}."); the parameters' own values are
 * translated too when the catalogue has them ('"{field}" is required' with field "Bank").
 * The answer is translated once, at the envelope (server/http/endpoint.ts, server/http/errorHandler.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseLanguage, type Language } from '@kopa/format';

type MessageCatalogue = Record<string, string>;

const ROOT = join(import.meta.dirname, '..', '..');
const FILES = ['messages/server/{l}.json', 'messages/{l}.json', 'messages/layouts/{l}.json'];

function read(lang: Language): MessageCatalogue[] {
  return FILES.map(
    (f) => JSON.parse(readFileSync(join(ROOT, f.replace('{l}', lang)), 'utf8')) as MessageCatalogue,
  );
}

interface Pattern {
  re: RegExp;
  names: string[];
  target: string;
}

export interface Localiser {
  /** `text` in the language, or `text` itself when the catalogue does not have it. */
  text(text: string): string;
}

const PARAM = /\{([A-Za-z_]\w*)\}/g;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function build(lang: Language): Localiser {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  const english = read('en');
  const own = read(lang);
  // The server's file first: where the app and the server word one English text differently, the
  // server's translation is the one written for what it sends.
  english.forEach((file, i) => {
    for (const [key, source] of Object.entries(file)) {
      const target = own[i]?.[key];
      if (key === '$comment' || typeof target !== 'string' || source === target) continue;
      const names = [...source.matchAll(PARAM)].map((m) => m[1] as string);
      if (names.length === 0) {
        if (!exact.has(source)) exact.set(source, target);
      } else {
        const re = new RegExp(
          `^${source
            .split(PARAM)
            .map((part, j) => (j % 2 === 1 ? '(.+?)' : escape(part)))
            .join('')}$`,
          's',
        );
        patterns.push({ re, names, target });
      }
    }
  });
  const text = (source: string): string => {
    const found = exact.get(source);
    if (found !== undefined) return found;
    for (const p of patterns) {
      const m = p.re.exec(source);
      if (!m) continue;
      const values = Object.fromEntries(p.names.map((n, i) => [n, m[i + 1] ?? '']));
      return p.target.replace(PARAM, (whole, name: string) =>
        name in values ? text(values[name] as string) : whole,
      );
    }
    return source;
  };
  return { text };
}

const IDENTITY: Localiser = { text: (t) => t };
const built = new Map<Language, Localiser>();

/** The localiser of a page's `lang` (as the host wrote it: zh, zh-CN, id, in, ...); English is the identity. */
export function localiserFor(raw: unknown): Localiser {
  const lang = parseLanguage(raw) ?? 'en';
  if (lang === 'en') return IDENTITY;
  let l = built.get(lang);
  if (!l) built.set(lang, (l = build(lang)));
  return l;
}

/** `lang` of a request's query string (the API calls' and the pages'). */
export function requestLang(query: unknown): unknown {
  return typeof query === 'object' && query !== null
    ? (query as { lang?: unknown }).lang
    : undefined;
}

/**
 * A field that carries JSON as text (card-init's `note`, the options of a form item, spec section
 * 3) has its strings translated inside; null when the text is not JSON.
 */
function jsonText(v: string, walk: (x: unknown) => unknown): string | null {
  try {
    return JSON.stringify(walk(JSON.parse(v)));
  } catch {
    return null;
  }
}

/** A copy of `value` with every string translated (objects and arrays walked; other values kept). */
export function localiseData<T>(value: T, l: Localiser): T {
  if (l === IDENTITY) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string')
      return /^\s*[[{]/.test(v) ? (jsonText(v, walk) ?? l.text(v)) : l.text(v);
    if (Array.isArray(v)) return v.map(walk);
    // A key that is a phrase, not a field name, is a text too (repayment-code-info's payNotice
    // is keyed by the name of each group of channels, "Mobile money").
    if (typeof v === 'object' && v !== null)
      return Object.fromEntries(
        Object.entries(v).map(([k, x]) => [/\s/.test(k) ? l.text(k) : k, walk(x)]),
      );
    return v;
  };
  return walk(value) as T;
}
