/**
 * When a published change reaches borrowers, in the words the studio shows after a publish or a
 * roll-back. Their service worker checks a cached page's version before painting it (src/app/sw/sw.js),
 * so a borrower's next open shows it; a page already open keeps what it loaded.
 */
export function reachesBorrowers(version: number): string {
  return `Borrowers see version ${version} on their next open.`;
}
