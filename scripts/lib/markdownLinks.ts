/**
 * The relative links of Markdown files and whether they resolve: the target file or folder exists
 * and, for an #anchor into Markdown, the heading (GitHub's slug) or an HTML id/name is there.
 * External links (any scheme: http, https, mailto, ...) are never fetched: they are skipped.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';

export interface BrokenLink {
  file: string;
  line: number;
  target: string;
  reason: string;
}

const FENCE = /^\s*(```|~~~)/;
const INLINE = /!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const REFERENCE = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$/;
const HTML_TARGET = /<(?:a|img)\s[^>]*?(?:href|src)="([^"]+)"/g;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** GitHub's heading slug: lower case, punctuation dropped, spaces to hyphens. */
export function slugOf(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Lines outside fenced code blocks; `text` has inline code spans blanked (their text is no link). */
function proseLines(text: string): { line: number; raw: string; text: string }[] {
  let fenced = false;
  const out: { line: number; raw: string; text: string }[] = [];
  text.split('\n').forEach((raw, i) => {
    if (FENCE.test(raw)) fenced = !fenced;
    else if (!fenced) out.push({ line: i + 1, raw, text: raw.replace(/`[^`]*`/g, '``') });
  });
  return out;
}

/** The anchors a Markdown file offers: heading slugs (duplicates numbered) and HTML ids/names. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { raw, text: line } of proseLines(text)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(raw);
    if (heading) {
      const base = slugOf(heading[1] ?? '');
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      anchors.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const m of line.matchAll(/<[a-z]+\s[^>]*?(?:id|name)="([^"]+)"/gi)) anchors.add(m[1]!);
  }
  return anchors;
}

/** Every link target of one Markdown text, with its line. */
export function linksOf(text: string): { line: number; target: string }[] {
  return proseLines(text).flatMap(({ line, text: l }) => {
    const reference = REFERENCE.exec(l);
    const targets = [
      ...[...l.matchAll(INLINE)].map((m) => m[1]!),
      ...[...l.matchAll(HTML_TARGET)].map((m) => m[1]!),
      ...(reference ? [reference[1]!] : []),
    ];
    return targets.map((target) => ({ line, target }));
  });
}

/** The broken relative links of `files` (paths relative to `root`). */
export function brokenLinks(root: string, files: readonly string[]): BrokenLink[] {
  const texts = new Map<string, string>();
  const read = (abs: string) => {
    if (!texts.has(abs)) texts.set(abs, readFileSync(abs, 'utf8'));
    return texts.get(abs)!;
  };
  const broken: BrokenLink[] = [];
  for (const file of files) {
    const abs = join(root, file);
    for (const { line, target } of linksOf(read(abs))) {
      if (SCHEME.test(target) || target.startsWith('//')) continue; // external: not fetched
      const [pathPart = '', anchor] = target.split('#', 2);
      const path = decodeURIComponent(pathPart);
      const dest = path === '' ? abs : resolve(path.startsWith('/') ? root : dirname(abs), path);
      const report = (reason: string) => broken.push({ file, line, target, reason });
      if (relative(root, dest).startsWith('..')) report('points outside the repository');
      else if (!existsSync(dest)) report('no such file');
      else if (anchor && extname(dest) === '.md' && statSync(dest).isFile()) {
        if (!anchorsOf(read(dest)).has(decodeURIComponent(anchor)))
          report(`no heading or id "${anchor}"`);
      }
    }
  }
  return broken;
}
