/**
 * npm run check:links: every relative link and #anchor in every tracked Markdown file resolves
 * (scripts/lib/markdownLinks.ts). External links are not fetched. Exit 1 with the list otherwise.
 * `tsx scripts/check-links.ts [root]`: root defaults to this repository.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { brokenLinks } from './lib/markdownLinks';

const root = process.argv[2] ?? join(import.meta.dirname, '..');
const files = execFileSync('git', ['ls-files', '-z', '--', '*.md'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter(Boolean);
const broken = brokenLinks(root, files);
for (const b of broken) console.error(`${b.file}:${b.line}: ${b.target}: ${b.reason}`);
console.log(
  `check:links: ${files.length} Markdown files, ${broken.length} broken ${broken.length === 1 ? 'link' : 'links'}`,
);
process.exitCode = broken.length > 0 ? 1 : 0;
