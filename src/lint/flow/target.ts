/**
 * Where a URL written in a layout goes, read from its text and, when a binding builds it, from
 * the expression: this app (`/path`, a relative path), a host, a whole value the page checks when
 * it runs (`{{ data.x.logo }}`), a host an expression builds (`{{ 'https://evil' + '.example' }}`,
 * `https://{{ x }}.cdn/`), a script (`javascript:`, `vbscript:`), `data:`, or something else
 * (`tel:`, a route key, the native app's own deep link). The app's deep link wrapping a web
 * address (`kopa://open?url=https://...`) goes where the wrapped address goes; a scheme-less
 * `partner.example/...` handed to the native app (openLink) is that host.
 */
import { parseTemplate, type Node } from '@kopa/expr';

export type UrlTarget =
  | { to: 'home' }
  | { to: 'host'; host: string }
  | { to: 'value' }
  | { to: 'built' }
  | { to: 'script'; scheme: string }
  | { to: 'data'; image: boolean }
  | { to: 'other' };

export interface TargetOptions {
  /** openLink: a bare `host.tld/...` is that host (the native app opens it as a web address). */
  schemeless: boolean;
  /** The app's deep-link scheme (config/app.json deepLinkScheme), e.g. `kopa://`. */
  deepLink: string;
}

// eslint-disable-next-line no-control-regex
const LEADING = /^[\u0000-\u0020]+/;
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
const BARE_HOST = /^([a-z0-9-]+(?:\.[a-z0-9-]+)+)(?::\d+)?(?:[/?#\\]|$)/i;
const MARK = '\u0000';

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The host of `rest` (what follows `//`), or built when a binding (MARK) comes first. */
function hostOf(rest: string): UrlTarget {
  const end = rest.search(/[/\\?#]/);
  const authority = end < 0 ? rest : rest.slice(0, end);
  if (authority.includes(MARK)) return { to: 'built' };
  return { to: 'host', host: authority.slice(authority.lastIndexOf('@') + 1).toLowerCase() };
}

/** Classifies a text whose bindings after the first literal part are MARKs. */
function ofLiteral(raw: string, opts: TargetOptions): UrlTarget[] {
  const text = raw.replace(/[\t\n\r]/g, '').replace(LEADING, '');
  if (text === '') return [{ to: 'other' }]; // no address: nothing loads
  if (text.startsWith(MARK)) return [{ to: 'built' }];
  if (opts.deepLink && text.toLowerCase().startsWith(opts.deepLink.toLowerCase())) {
    const at = text.search(/[?&]url=/i);
    if (at < 0) return [{ to: 'other' }];
    const inner = safeDecode(text.slice(at + 5));
    return inner === '' ? [{ to: 'other' }] : ofLiteral(inner, { ...opts, schemeless: false });
  }
  if (/^[/\\][/\\]/.test(text)) return [hostOf(text.slice(2))];
  if (text.startsWith('/')) return [{ to: 'home' }];
  const scheme = SCHEME.exec(text)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https')
    return [hostOf(text.slice(scheme.length + 1).replace(/^[/\\]*/, ''))];
  if (scheme === 'javascript' || scheme === 'vbscript') return [{ to: 'script', scheme }];
  if (scheme === 'data') return [{ to: 'data', image: /^data:image\//i.test(text) }];
  if (scheme) return [{ to: 'other' }];
  const bare = BARE_HOST.exec(text);
  if (opts.schemeless && bare) return [{ to: 'host', host: (bare[1] ?? '').toLowerCase() }];
  // `partner.{{ x }}/...`: a bare host a binding finishes.
  if (opts.schemeless && /^[a-z0-9.-]*$/i.test(text.split(MARK)[0] ?? '') && text.includes(MARK))
    return [{ to: 'built' }];
  return [{ to: opts.schemeless ? 'other' : 'home' }];
}

/** A string an expression always makes, when it is made of literals, `+` and concat(). */
function folded(node: Node): string | null {
  if (node.type === 'Literal')
    return typeof node.value === 'string' ? node.value : String(node.value);
  if (node.type === 'Binary' && node.operator === '+') {
    const a = folded(node.left);
    const b = folded(node.right);
    return a !== null && b !== null ? a + b : null;
  }
  if (node.type === 'Call' && node.callee === 'concat') {
    const parts = node.args.map(folded);
    return parts.every((p) => p !== null) ? parts.join('') : null;
  }
  return null;
}

/** The literal start of an expression and whether more follows (`'https://x/' + y`). */
function prefix(node: Node): string | null {
  const whole = folded(node);
  if (whole !== null) return whole;
  if (node.type === 'Binary' && node.operator === '+') {
    const left = prefix(node.left);
    return left === null ? null : left + MARK;
  }
  if (node.type === 'Call' && node.callee === 'concat' && node.args[0]) {
    const first = prefix(node.args[0]);
    return first === null ? null : first + MARK;
  }
  return null;
}

function ofExpression(node: Node, rest: string, opts: TargetOptions): UrlTarget[] {
  if (node.type === 'Conditional')
    return [
      ...ofExpression(node.consequent, rest, opts),
      ...ofExpression(node.alternate, rest, opts),
    ];
  if (node.type === 'Logical')
    return [...ofExpression(node.left, rest, opts), ...ofExpression(node.right, rest, opts)];
  // A fallback picks one of its arguments; trim() and string() keep a whole address whole.
  if (node.type === 'Call' && (node.callee === 'default' || node.callee === 'coalesce'))
    return node.args.flatMap((a) => ofExpression(a, rest, opts));
  if (node.type === 'Call' && (node.callee === 'trim' || node.callee === 'string') && node.args[0])
    return ofExpression(node.args[0], rest, opts);
  // A list of addresses (the pictures an image-upload shows) goes wherever each one goes; an
  // empty list, nowhere.
  if (node.type === 'Array') return node.elements.flatMap((e) => ofExpression(e, rest, opts));
  const start = prefix(node);
  if (start !== null) return ofLiteral(start + rest, opts);
  if (node.type === 'Chain' || node.type === 'Identifier') return [{ to: 'value' }];
  return [{ to: 'built' }];
}

/** Every place a URL text may go (several when a condition picks between addresses). */
export function urlTargets(text: string, opts: TargetOptions): UrlTarget[] {
  const parsed = parseTemplate(text);
  if (!parsed.ok) return [{ to: 'built' }];
  const parts = parsed.template.parts.filter(
    (p, i) =>
      !(i === 0 && p.kind === 'text' && p.text.trim() === '' && parsed.template.parts.length > 1),
  );
  const first = parts[0];
  if (!first) return [{ to: 'home' }];
  const rest = parts
    .slice(1)
    .map((p) => (p.kind === 'binding' ? MARK : p.text))
    .join('');
  if (first.kind === 'binding') return ofExpression(first.ast, rest, opts);
  return ofLiteral(first.text + rest, opts);
}
