/**
 * The checker's information flow, read again when the page runs: the compiled layout carries the
 * labels of the data each URL and each bridge message carries (session or personal values, see
 * src/lint/flow/labels.ts), and a labelled URL may not go to another origin, a labelled message
 * not at all: the rule `npm run validate` enforces on the layout (src/lint/flow/infoFlow.ts),
 * checked here on the resolved value in case the copy the page got was made by a checker that
 * missed it, or changed on the way. Layouts that pass the checker carry labels only on URLs that
 * stay on this origin or go to the app itself (a route, the app's own deep link), which pass.
 */
import { decoded, normaliseUrlInput, originOf, parse, SCHEME } from './urlParts';

export interface LeavingOptions {
  /** A bare `host.tld/...` is that host (what the native app's openLink opens as a web address). */
  schemeless?: boolean;
  /** The app's deep-link scheme (`kopa://`): its links stay in the app, unless they wrap a web address. */
  deepLinkScheme?: string;
}

const BARE_HOST = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?(?:[/?#]|$)/i;

/**
 * The host a URL would take the page, an image request or the native app to, when that is not
 * this origin; null when it stays (a path, this origin, a route token, the app's own deep link,
 * `data:`, `tel:`: whatever the URL checks let through there is not another web origin).
 */
export function foreignHost(
  raw: string,
  origin: string,
  options: LeavingOptions = {},
): string | null {
  const s = normaliseUrlInput(raw);
  const home = originOf(origin);
  if (s === null || home === null) return null;
  const scheme = SCHEME.exec(s)?.[1]?.toLowerCase();
  const own = options.deepLinkScheme?.replace(/:.*$/, '').toLowerCase();
  if (scheme !== undefined && scheme === own) {
    const wrapped = /[?&]url=([^&#]*)/i.exec(s)?.[1];
    return wrapped ? foreignHost(decoded(wrapped), origin) : null;
  }
  if (scheme === undefined && options.schemeless && BARE_HOST.test(s))
    return parse(`https://${s}`)?.host ?? null;
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') return null;
  const u = parse(s, home);
  return u && u.origin !== home ? u.host : null;
}

/** Why a URL carrying `labels` may not go where it points, or null when it may. */
export function labelledLeak(
  raw: string,
  labels: readonly string[],
  origin: string,
  options: LeavingOptions = {},
): string | null {
  if (labels.length === 0) return null;
  const host = foreignHost(raw, origin, options);
  return host === null
    ? null
    : `it carries ${labels.join(', ')} to host "${host}"; labelled data stays on this origin`;
}

/** The bridge actions whose arguments the checker counts as sinks, and how each is read. */
const BRIDGE_SINKS: Readonly<Record<string, 'link' | 'message'>> = {
  openLink: 'link',
  sendSms: 'message',
};

/**
 * Why a bridge call may not be made with these arguments, or null: openLink's address carrying a
 * label may not go to another origin; sendSms sends whatever it carries to whoever the message is
 * addressed to, so no labelled argument at all.
 */
export function labelledBridgeLeak(
  action: string,
  args: Readonly<Record<string, unknown>>,
  labels: Readonly<Record<string, readonly string[]>>,
  origin: string,
  deepLinkScheme: string,
): string | null {
  const sink = Object.hasOwn(BRIDGE_SINKS, action) ? BRIDGE_SINKS[action] : undefined;
  if (sink === undefined) return null;
  for (const [name, carried] of Object.entries(labels)) {
    if (carried.length === 0) continue;
    if (sink === 'message')
      return `its ${name} carries ${carried.join(', ')} to whoever the message is addressed to; labelled data stays on this origin`;
    const value = args[name];
    const leak =
      typeof value === 'string'
        ? labelledLeak(value, carried, origin, { schemeless: true, deepLinkScheme })
        : null;
    if (leak) return leak;
  }
  return null;
}

type Checked = { ok: true; url: string; external: boolean } | { ok: false; reason: string };

/** A link or frame check's answer, refused when the URL carries labels to another origin. */
export function refusingLeaks(
  checked: Checked,
  raw: string,
  labels: readonly string[] | undefined,
  origin: string,
): Checked {
  if (!checked.ok || labels === undefined) return checked;
  const leak = labelledLeak(raw, labels, origin);
  return leak === null ? checked : { ok: false, reason: leak };
}
