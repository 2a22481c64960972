/**
 * What search engines may see. Only the public pages of config/routes.json (the official site)
 * are for them: every other page's URL carries a borrower's session values (contract section 2),
 * so it is disallowed in /robots.txt and answered noindex (header and meta), in case a crawler
 * ignores robots.txt or finds a link elsewhere. Everything that is not a page (the API, uploads,
 * layouts, the studio, assets) is noindex too.
 */
import routes from '../../config/routes.json';
import { pageMatcher } from '@kopa/contract';

export interface RoutePage {
  path: string;
  layout: string;
  public?: boolean;
}

const pages: Readonly<Record<string, RoutePage>> = routes.pages;

/** The route table's page for a request path, read as the app's router reads it (any case, trailing slash). */
export const routePage = pageMatcher(pages);

/** A page search engines may index: a public route. */
export const isPublicPage = (path: string): boolean => routePage(path)?.public === true;

/** The value of X-Robots-Tag and of the robots meta on everything else. */
export const NOINDEX = 'noindex';

export const ROBOTS_META = `<meta name="robots" content="${NOINDEX}">`;

/**
 * A path that names a file (an extension in its last segment, or a dot-segment such as /.env):
 * when no route or built file answers it, it is a 404, never the app's page.
 */
export function looksLikeFile(path: string): boolean {
  const segments = path.split('/');
  return (
    segments.some((s) => s.startsWith('.') && s.length > 0) || (segments.at(-1) ?? '').includes('.')
  );
}

/**
 * /robots.txt: the official site allowed (the home page exactly: `/$`), each borrower page, the
 * studio, the API, uploads and operator preview links disallowed. Rules match by prefix and letter
 * case; another spelling of a borrower path is still answered noindex.
 */
export function robotsTxt(apiPrefix: string): string {
  const site = Object.values(pages)
    .filter((p) => p.public === true)
    .map((p) => p.path);
  const borrower = Object.values(pages)
    .filter((p) => p.public !== true)
    .map((p) => p.path);
  const lines = [
    '# Kopa. Only the official site is for search engines: every other page carries a',
    "# borrower's session in its address, and is also answered noindex.",
    'User-agent: *',
    ...site.map((path) => `Allow: ${path === '/' ? '/$' : path}`),
    ...[...new Set(borrower)].sort().map((path) => `Disallow: ${path}`),
    'Disallow: /studio',
    `Disallow: ${apiPrefix}/`,
    'Disallow: /uploads/',
    'Disallow: /*kopaPreview=',
  ];
  return `${lines.join('\n')}\n`;
}
