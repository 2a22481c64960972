/**
 * Information flow to URLs: every place a layout puts an address (an image, a frame, an
 * empty-state image, a rich-text link, image or style url(), a redirect, a navigation, the
 * bridge's openLink) is a sink, and so is every argument of the bridge's sendSms (the message
 * the borrower's SMS or mail app sends, and its recipient, reach whoever it is addressed to). A labelled value (labels.ts) may go only to this app's own
 * paths; `javascript:` never goes anywhere, `data:` only into an image; a host an expression
 * builds cannot be proven and is refused; an image from a host config/app.json does not list
 * is refused wherever it is written. The page checks the resolved URL again when it runs
 * (src/app/security/url.ts), and with the labels sinkLabels gives the compiled layout
 * (src/app/security/labelledUrl.ts): the second wall.
 */
import app from '../../../config/app.json';
import type { LayoutIssue } from '@kopa/contract';
import { LAYOUT_MESSAGES } from '../messages';
import {
  handlerLocals,
  labelledRead,
  labelledReads,
  layoutLabels,
  nodeLocals,
  strings,
  type Labels,
  type Locals,
} from './labels';
import { stateRoot } from '../state';
import { urlTargets, type UrlTarget } from './target';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const esc = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

export type SinkKind = 'image' | 'frame' | 'link' | 'message';
interface Sink {
  kind: SinkKind;
  text: string;
  pointer: string;
  what: string;
  schemeless: boolean;
  locals: Locals;
}
/** Also found: a state path an image-upload shows, and the writes of state (sinks only together). */
type Found = Omit<Sink, 'kind'> & { kind: SinkKind | 'upload' | 'write' };

const ATTR =
  /\b(href|src|poster|action|formaction|xlink:href)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
const CSS_URL = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*))\s*\)/gi;

/** The addresses inside rich-text HTML: attributes and style url()s. */
function htmlSinks(html: string, pointer: string, locals: Locals, out: Found[]) {
  for (const m of html.matchAll(ATTR)) {
    const name = (m[1] ?? '').toLowerCase();
    const text = m[2] ?? m[3] ?? m[4] ?? '';
    const kind: SinkKind = name === 'src' || name === 'poster' ? 'image' : 'link';
    out.push({
      kind,
      text,
      pointer,
      what: `the rich text's ${name}`,
      schemeless: false,
      locals,
    });
  }
  for (const m of html.matchAll(CSS_URL)) {
    const text = m[1] ?? m[2] ?? m[3] ?? '';
    out.push({
      kind: 'image',
      text,
      pointer,
      what: "the rich text's style url()",
      schemeless: false,
      locals,
    });
  }
}

/**
 * The bridge actions whose arguments are sinks, with their kind and whether a bare host.tld/...
 * is that host: openLink's open an address; sendSms's are a message and its recipient.
 */
const BRIDGE_SINKS: Readonly<Record<string, readonly [Found['kind'], boolean]>> = {
  openLink: ['link', true],
  sendSms: ['message', false],
};

function collect(
  value: unknown,
  pointer: string,
  locals: Locals,
  labels: Labels,
  out: Found[],
  depth: number,
) {
  if (depth > 100) return;
  if (Array.isArray(value))
    return value.forEach((v, i) => collect(v, `${pointer}/${i}`, locals, labels, out, depth + 1));
  if (!isObj(value)) return;
  const add = (kind: Found['kind'], key: string, what: string, schemeless = false) => {
    const text = value[key];
    if (typeof text === 'string')
      out.push({
        kind,
        text,
        pointer: `${pointer}/${key}`,
        what,
        schemeless,
        locals,
      });
  };
  const { type } = value;
  if (type === 'image' && value.endpoint === undefined) add('image', 'src', 'an image');
  if (type === 'web-frame') add('frame', 'src', 'a frame');
  if (type === 'empty-state') add('image', 'image', 'an empty-state image');
  if (type === 'rich-text' && typeof value.html === 'string')
    htmlSinks(value.html, `${pointer}/html`, locals, out);
  if (type === 'redirect') add('link', 'url', 'a redirect');
  if (type === 'navigate') add('link', 'to', 'a navigation');
  const bridge =
    type === 'bridge' &&
    typeof value.action === 'string' &&
    Object.hasOwn(BRIDGE_SINKS, value.action)
      ? BRIDGE_SINKS[value.action]
      : undefined;
  if (bridge && isObj(value.args))
    for (const [k, v] of Object.entries(value.args))
      if (typeof v === 'string')
        out.push({
          kind: bridge[0],
          text: v,
          pointer: `${pointer}/args/${esc(k)}`,
          what:
            bridge[0] === 'link'
              ? `the bridge ${String(value.action)}`
              : `the bridge ${String(value.action)}'s ${k}`,
          schemeless: bridge[1],
          locals,
        });
  if (type === 'image-upload') add('upload', 'bind', 'an image-upload');
  if (type === 'setState' && typeof value.path === 'string')
    for (const text of strings(value.value))
      out.push({
        kind: 'write',
        text,
        pointer: `${pointer}/value`,
        what: value.path,
        schemeless: false,
        locals,
      });
  const inner = typeof type === 'string' ? nodeLocals(value, labels, locals) : locals;
  for (const [k, v] of Object.entries(value))
    if (k !== '$comment')
      collect(v, `${pointer}/${esc(k)}`, handlerLocals(k, inner), labels, out, depth + 1);
}

const HOSTS: Readonly<Record<'image' | 'frame', readonly string[]>> = {
  image: app.imageHosts,
  frame: app.frameHosts,
};

const where = (t: UrlTarget): string =>
  t.to === 'host'
    ? `host "${t.host}"`
    : t.to === 'value'
      ? 'wherever its value points'
      : 'a host an expression builds';

/**
 * An image-upload shows the addresses its state path holds (src/react/widgets/image-upload), so
 * what the layout writes there (setState, the initial state) is an image source; other writes
 * are no sink.
 */
function withUploadImages(doc: Obj, found: readonly Found[]): Sink[] {
  const shown = new Set(found.filter((s) => s.kind === 'upload').map((s) => stateRoot(s.text)));
  const initial: Found[] = [];
  if (isObj(doc.state))
    for (const root of shown)
      for (const text of strings(doc.state[root]))
        initial.push({
          kind: 'write',
          text,
          pointer: `/state/${esc(root)}`,
          what: root,
          schemeless: false,
          locals: new Map(),
        });
  return [...found, ...initial].flatMap((s): Sink[] => {
    if (s.kind === 'upload') return [];
    if (s.kind !== 'write') return [{ ...s, kind: s.kind }];
    return shown.has(stateRoot(s.what))
      ? [{ ...s, kind: 'image', what: `an image the image-upload shows (state.${s.what})` }]
      : [];
  });
}

/** The labels of an (expanded) layout and every sink in it. */
function sinksOf(doc: Obj): { labels: Labels; sinks: Sink[] } {
  const labels = layoutLabels(doc);
  const found: Found[] = [];
  collect(doc, '', new Map(), labels, found, 0);
  return { labels, sinks: withUploadImages(doc, found) };
}

/**
 * The labels of what reaches each sink, by the JSON pointer of the value that holds its address
 * (or its message): only sinks a labelled value reaches. The compiled layout carries them, so
 * the page's own URL check can refuse to send them to another origin.
 */
export function sinkLabels(doc: Obj): Record<string, string[]> {
  const { labels, sinks } = sinksOf(doc);
  const out: Record<string, string[]> = {};
  for (const sink of sinks) {
    const reads = labelledReads(sink.text, labels, sink.locals);
    if (reads.length === 0) continue;
    const kept = (out[sink.pointer] ??= []);
    for (const read of reads) if (!kept.includes(read)) kept.push(read);
  }
  return out;
}

/** The information-flow issues of one (expanded) layout. */
export function flowIssues(doc: Obj, file: string): LayoutIssue[] {
  const { labels, sinks } = sinksOf(doc);
  const issues: LayoutIssue[] = [];
  const push = (
    pointer: string,
    code: 'session-leak' | 'unproven-host' | 'script-url' | 'foreign-host',
    message: string,
  ) => issues.push({ file, pointer, code, message, severity: 'error' });
  for (const sink of sinks) {
    if (sink.kind === 'message') {
      // Not an address this app loads: the borrower's own SMS or mail app sends it on.
      const read = labelledRead(sink.text, labels, sink.locals);
      if (read)
        push(
          sink.pointer,
          'session-leak',
          LAYOUT_MESSAGES['session-leak'](read, sink.what, 'whoever the message is addressed to'),
        );
      continue;
    }
    const targets = urlTargets(sink.text, {
      schemeless: sink.schemeless,
      deepLink: app.deepLinkScheme,
    });
    for (const t of targets) {
      if (t.to === 'script')
        push(sink.pointer, 'script-url', LAYOUT_MESSAGES['script-url'](sink.what, `${t.scheme}:`));
      else if (t.to === 'data' && !(t.image && sink.kind === 'image'))
        push(sink.pointer, 'script-url', LAYOUT_MESSAGES['script-url'](sink.what, 'data:'));
      else if (t.to === 'built')
        push(sink.pointer, 'unproven-host', LAYOUT_MESSAGES['unproven-host'](sink.what));
      else if (t.to === 'host' && sink.kind !== 'link' && !HOSTS[sink.kind].includes(t.host))
        push(
          sink.pointer,
          'foreign-host',
          LAYOUT_MESSAGES['foreign-host'](sink.kind, t.host, HOSTS[sink.kind]),
        );
    }
    const away = targets.find((t) => t.to === 'host' || t.to === 'value' || t.to === 'built');
    const read = away ? labelledRead(sink.text, labels, sink.locals) : null;
    if (away && read)
      push(
        sink.pointer,
        'session-leak',
        LAYOUT_MESSAGES['session-leak'](read, sink.what, where(away)),
      );
  }
  const seen = new Set<string>();
  return issues.filter(
    (i) => !seen.has(`${i.pointer}|${i.code}`) && Boolean(seen.add(`${i.pointer}|${i.code}`)),
  );
}
