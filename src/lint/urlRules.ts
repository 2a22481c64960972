/**
 * Where a layout sends a URL: an image or frame on another host must be on
 * config/app.json's imageHosts / frameHosts (the page's CSP lists the same hosts), and the
 * borrower's session values (anything from the page's query: userId, sessionId, mobilePhone,
 * orderId, ...; tokens, phones and ids by name anywhere) never go into a URL that can reach
 * another origin: an image or frame source, a redirect or a bridge openLink. Only a URL whose
 * written text starts with this app's own path (`/...`) is known to stay home; one that starts
 * with a binding may be anywhere. The app checks the resolved URL again (src/app/security/url.ts).
 */
import app from '../../config/app.json';
import { analyzeTemplate, hasBindings } from '@kopa/expr';
import type { LayoutIssue } from '@kopa/contract';
import { LAYOUT_MESSAGES } from './messages';
import { stateRoot } from './state';

type Obj = Record<string, unknown>;
type Kind = 'image' | 'frame' | 'link';

interface Site {
  kind: Kind;
  text: string;
  pointer: string;
}

/** Query keys that say nothing about who the borrower is (the page's language). */
const NOT_SESSION = new Set(['lang']);
/** Names that hold a credential or identify a borrower, wherever they are read from. */
const SENSITIVE_NAME = /token|session|phone|password|secret|userid|deviceid|idcard/i;
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
// eslint-disable-next-line no-control-regex
const LEADING_C0_OR_SPACE = /^[\u0000-\u0020]+/;

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const esc = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every string in a value (params and setState values may nest). */
function strings(value: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 100) return out;
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out, depth + 1);
  else if (isObj(value)) for (const v of Object.values(value)) strings(v, out, depth + 1);
  return out;
}

/** The URL-bearing strings of the layout, and the state paths setState writes with what. */
function collect(
  value: unknown,
  pointer: string,
  sites: Site[],
  writes: { root: string; value: unknown }[],
  depth: number,
): void {
  if (depth > 100) return;
  if (Array.isArray(value)) {
    value.forEach((v, i) => collect(v, `${pointer}/${i}`, sites, writes, depth + 1));
    return;
  }
  if (!isObj(value)) return;
  const { type } = value;
  if (type === 'image' && value.endpoint === undefined && typeof value.src === 'string')
    sites.push({ kind: 'image', text: value.src, pointer: `${pointer}/src` });
  if (type === 'web-frame' && typeof value.src === 'string')
    sites.push({ kind: 'frame', text: value.src, pointer: `${pointer}/src` });
  if (type === 'redirect' && typeof value.url === 'string')
    sites.push({ kind: 'link', text: value.url, pointer: `${pointer}/url` });
  if (type === 'bridge' && value.action === 'openLink' && isObj(value.args)) {
    for (const [k, v] of Object.entries(value.args))
      if (typeof v === 'string')
        sites.push({ kind: 'link', text: v, pointer: `${pointer}/args/${esc(k)}` });
  }
  if (type === 'setState' && typeof value.path === 'string')
    writes.push({ root: stateRoot(value.path), value: value.value });
  for (const [k, v] of Object.entries(value))
    if (k !== '$comment') collect(v, `${pointer}/${esc(k)}`, sites, writes, depth + 1);
}

/**
 * Where a URL written as `text` goes, from its literal start: this app (a `/path`), a known host,
 * somewhere unknown (it starts with a binding, or a binding writes the host), or not a web
 * address at all (a data: image, the app's deep link, a native route name).
 */
type Target = { to: 'home' } | { to: 'host'; host: string } | { to: 'unknown' } | { to: 'not-web' };

export function targetOf(text: string): Target {
  const open = text.indexOf('{{');
  // The browser drops tabs and newlines anywhere and spaces at the ends (src/app/security/url.ts).
  const literal = (open < 0 ? text : text.slice(0, open))
    .replace(/[\t\n\r]/g, '')
    .replace(LEADING_C0_OR_SPACE, '');
  if (literal === '') return open < 0 ? { to: 'not-web' } : { to: 'unknown' };
  let rest: string;
  if (/^[/\\][/\\]/.test(literal)) rest = literal.slice(2);
  else if (literal.startsWith('/')) return { to: 'home' };
  else {
    const scheme = SCHEME.exec(literal)?.[1]?.toLowerCase();
    if (scheme !== 'http' && scheme !== 'https') return { to: 'not-web' };
    rest = literal.slice(scheme.length + 1).replace(/^[/\\]*/, '');
  }
  const end = rest.search(/[/\\?#]/);
  // A binding before the host ends (`https://{{ x }}.cdn/`, `https://cdn.{{ x }}/`): anywhere.
  if (end < 0 && open >= 0) return { to: 'unknown' };
  const authority = end < 0 ? rest : rest.slice(0, end);
  // Userinfo (`https://ok.example@evil.tld`) is refused by the page; the host is what follows it.
  return { to: 'host', host: authority.slice(authority.lastIndexOf('@') + 1).toLowerCase() };
}

/** The session values a binding text reads, each named as written (`query.sessionId`). */
function sessionReads(
  text: string,
  computed: ReadonlyMap<string, string>,
  state: ReadonlyMap<string, string>,
): string[] {
  if (!hasBindings(text)) return [];
  const out: string[] = [];
  for (const path of analyzeTemplate(text).paths) {
    const [root, key] = path;
    const name = path.join('.');
    if (root === 'query' && (key === undefined || !NOT_SESSION.has(key))) out.push(name);
    else if (root === 'computed' && key !== undefined && computed.has(key))
      out.push(`${name} (${computed.get(key) ?? ''})`);
    else if (root === 'state' && key !== undefined && state.has(key))
      out.push(`${name} (${state.get(key) ?? ''})`);
    else if (path.slice(1).some((segment) => SENSITIVE_NAME.test(segment))) out.push(name);
  }
  return out;
}

/** Computed values and state names that hold a session value, through each other, to a fixpoint. */
function carriers(
  doc: Obj,
  writes: { root: string; value: unknown }[],
): { computed: Map<string, string>; state: Map<string, string> } {
  const computed = new Map<string, string>();
  const state = new Map<string, string>();
  const defs = isObj(doc.computed) ? Object.entries(doc.computed) : [];
  for (let changed = true; changed;) {
    changed = false;
    for (const [name, value] of defs) {
      if (computed.has(name)) continue;
      const read = strings(value).flatMap((t) => sessionReads(t, computed, state))[0];
      if (read !== undefined) changed = Boolean(computed.set(name, `reads ${read}`));
    }
    for (const w of writes) {
      if (state.has(w.root)) continue;
      const read = strings(w.value).flatMap((t) => sessionReads(t, computed, state))[0];
      if (read !== undefined) changed = Boolean(state.set(w.root, `set from ${read}`));
    }
  }
  return { computed, state };
}

const HOSTS: Record<'image' | 'frame', readonly string[]> = {
  image: app.imageHosts,
  frame: app.frameHosts,
};

/** The issues of the (expanded) layout `doc`. */
export function urlIssues(doc: Obj, file: string): LayoutIssue[] {
  const sites: Site[] = [];
  const writes: { root: string; value: unknown }[] = [];
  collect(doc, '', sites, writes, 0);
  if (sites.length === 0) return [];
  const { computed, state } = carriers(doc, writes);
  const issues: LayoutIssue[] = [];
  for (const site of sites) {
    const target = targetOf(site.text);
    if (target.to === 'home' || target.to === 'not-web') continue;
    if (target.to === 'host' && site.kind !== 'link') {
      const hosts = HOSTS[site.kind];
      if (!hosts.includes(target.host)) {
        issues.push({
          file,
          pointer: site.pointer,
          code: 'foreign-host',
          message: LAYOUT_MESSAGES['foreign-host'](site.kind, target.host, hosts),
          severity: 'error',
        });
      }
    }
    const read = sessionReads(site.text, computed, state)[0];
    if (read !== undefined) {
      const where = target.to === 'host' ? `host "${target.host}"` : 'wherever its binding points';
      issues.push({
        file,
        pointer: site.pointer,
        code: 'session-in-url',
        message: LAYOUT_MESSAGES['session-in-url'](read, site.kind, where),
        severity: 'error',
      });
    }
  }
  return issues;
}
