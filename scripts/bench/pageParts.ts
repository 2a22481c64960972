/**
 * The parts the server writes into a screen's page (server/page/appShell.ts) that npm run bench:page
 * can take out, one at a time, to measure what each costs a cold load. Each is found by the
 * markup the shell writes; a part that is not found is an error, never a silent no-op (a first,
 * scratch version cut nothing, as the shell sends its pages compressed, and so measured the page
 * against itself; tests/server/appShell.test.ts holds the shell's markup and these patterns together).
 */
export const PAGE_PARTS = {
  /** The server-painted frame (server/page/appFrame.ts): header, title, skeleton, status. */
  frame: [/<div class="k-page k-frame" data-kopa-frame="">[\s\S]*?(?=<div id="root"><\/div>)/],
  /** The inline early script and its plan (src/app/shell/early.ts): the app then sends its own requests. */
  early: [
    /<script>[\s\S]*?<\/script>/,
    /<script type="application\/json" id="kopa-early">[\s\S]*?<\/script>/,
  ],
  /** The first screen's texts (server/page/screenTexts.ts): the app then waits for the texts chunk. */
  texts: [/<script type="application\/json" id="kopa-texts"[^>]*>[\s\S]*?<\/script>/],
  /** The modulepreload links of the entry's and the first screen's chunks. */
  preloads: [/<link rel="modulepreload"[^>]*>/g],
} as const satisfies Record<string, readonly RegExp[]>;

export type PagePart = keyof typeof PAGE_PARTS;

export function isPagePart(name: string): name is PagePart {
  return Object.hasOwn(PAGE_PARTS, name);
}

/** The page without `part`; throws when the page does not hold it. */
export function withoutPart(html: string, part: PagePart): string {
  let out = html;
  for (const pattern of PAGE_PARTS[part]) {
    const next = out.replace(pattern, '');
    if (next === out)
      throw new Error(
        `bench:page: the page holds no "${part}" (${String(pattern)}); scripts/bench/pageParts.ts is out of date with server/page/appShell.ts`,
      );
    out = next;
  }
  return out;
}
