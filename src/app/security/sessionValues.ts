/**
 * The second wall against leaking a borrower's session to another host: does a URL the page is
 * about to load carry one of the session values, in any spelling?
 */
import { decoded } from './urlParts';

/** Does `text` hold `value` where it is not part of a longer run of digits or letters? */
function holdsWord(text: string, value: string): boolean {
  const edge = (c: string | undefined, of: string | undefined) =>
    c !== undefined && of !== undefined && /\d/.test(c) === /\d/.test(of) && /[a-z\d]/.test(c);
  for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + 1)) {
    if (!edge(text[at - 1], value[0]) && !edge(text[at + value.length], value[value.length - 1]))
      return true;
  }
  return false;
}

/** Base64 of a value, as btoa and URL-safe, without padding. */
function base64Forms(value: string): string[] {
  try {
    const b = btoa(unescape(encodeURIComponent(value))).replace(/=+$/, '');
    return [b, b.replace(/\+/g, '-').replace(/\//g, '_')];
  } catch {
    return [];
  }
}

/**
 * Does a URL to another origin carry one of the borrower's session values (userId, sessionId,
 * phone, ...)? The value anywhere in the decoded URL, any case, unless it is part of a longer
 * run of digits or letters (`u10001.png` carries 10001, `a100012.png` does not); its base64; a
 * phone's national number in the URL's digits whatever country code precedes it
 * (`255712345678` carries 0712345678, and the other way round). A layout must never send them to another host: the
 * validator refuses the layouts that would; this is the page's own check of the URL it is about
 * to load, the second wall.
 */
export function carriesSessionValue(u: URL, values: readonly string[]): boolean {
  const secrets = values.filter((v) => v.length >= 4);
  if (secrets.length === 0) return false;
  const whole = decoded(u.href);
  const lower = whole.toLowerCase();
  const digits = whole.replace(/\D/g, '');
  return secrets.some((s) => {
    if (holdsWord(lower, s.toLowerCase())) return true;
    if (s.length >= 5 && base64Forms(s).some((b) => b.length >= 6 && whole.includes(b)))
      return true;
    if (!/^\+?\d+$/.test(s)) return false;
    // The national number: without the trunk 0, or the last nine digits after a country code.
    const national = s.replace(/^\+?0*/, '');
    const core = national.length >= 11 ? national.slice(-9) : national;
    return core.length >= 8 && digits.includes(core);
  });
}
