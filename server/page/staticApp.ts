/**
 * The built app (dist/) with history fallback, demo assets (server/public -> /assets/demo/),
 * and the security headers every HTML response carries (SECURITY.md case 23). Built files and
 * the app's HTML are sent compressed by negotiation, with their caching rules (staticFiles.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createAppShell, type ShellPage } from './appShell';
import { loadStaticFiles, REVALIDATE, sendRepresentation } from '../http/staticFiles';
import { compressPage, pageRepresentation, type CompressedPage } from './compressedPage';
import { pageRefused, type PageLimit } from './pageLimit';
import {
  isPublicPage,
  looksLikeFile,
  NOINDEX,
  ROBOTS_META,
  robotsTxt,
  routePage,
} from './crawlers';
import type { LayoutStore } from '../layouts/store';
import { parseLanguage } from '@kopa/format';
import { readPageQuery, searchOf } from '@kopa/contract';
import appConfig from '../../config/app.json';

/** CSP sources for config/app.json's image or frame hosts: the same hosts the app and validator allow. */
const httpsSources = (hosts: readonly string[]): string[] => hosts.map((h) => `https://${h}`);

/** The HTML's CSP; `scriptSources` (hashes of the page's own inline scripts) are allowed besides 'self'. */
export function cspWith(scriptSources: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    ["img-src 'self' data: blob:", ...httpsSources(appConfig.imageHosts)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    ["frame-src 'self'", ...httpsSources(appConfig.frameHosts)].join(' '),
    "connect-src 'self'",
    "form-action 'self'",
  ].join('; ');
}

export const CSP = cspWith();

const NO_BUILD =
  `<!doctype html><html lang="en"><head><meta charset="utf-8">${ROBOTS_META}<title>Kopa</title></head>` +
  '<body><h1>Kopa</h1><p>The app is not built yet. Run <code>npm run build</code>, then restart the server.</p></body></html>';

/** Paths that are never the app: the API, layouts, uploads, test routes, static assets and the studio. */
const NOT_APP = /^\/(vexed|layouts|uploads|__test|assets|studio)(\/|$)/;

/** Answers search engines may index: the public pages (crawlers.ts). Everything else is noindex. */
const indexable = new WeakSet<FastifyReply>();

export function securityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    // Session values travel in page URLs: no answer but the official site's pages is for an index.
    if (!indexable.has(reply)) reply.header('X-Robots-Tag', NOINDEX);
    // Session parameters travel in page URLs: never send them to other sites.
    reply.header('Referrer-Policy', 'no-referrer');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      // The app's pages set their own, with the hash of their inline early script (sendApp).
      if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', CSP);
      reply.header('X-Frame-Options', 'SAMEORIGIN');
      reply.header('Cache-Control', 'no-cache');
    }
    return payload;
  });
}

function wantsHtml(req: FastifyRequest): boolean {
  const accept = req.headers.accept ?? '';
  return accept === '' || accept.includes('text/html') || accept.includes('*/*');
}

export async function registerStaticApp(
  app: FastifyInstance,
  distDir: string,
  publicDir: string,
  layouts: LayoutStore,
  pageLimit: PageLimit,
): Promise<void> {
  const index = join(distDir, 'index.html');
  const built = existsSync(index);
  const shell = built ? createAppShell(distDir, layouts) : null;
  const pageCsp = cspWith(shell?.scriptSources);
  await app.register(fastifyStatic, {
    root: publicDir,
    prefix: '/assets/demo/',
    decorateReply: false,
    index: false,
  });
  // One route per built file, read once at start (a new build means a restart, as before).
  // index.html is only ever sent through the app shell, with the screen's layout in it.
  for (const [path, rep] of loadStaticFiles(built ? distDir : '', new Set(['/index.html']))) {
    app.get(path, async (req, reply) => sendRepresentation(req, reply, rep));
  }
  // Each page compressed once, for as long as the shell keeps its text (one per layout version,
  // language and kind); nothing of a page is made per request.
  // The promise is kept, so requests that arrive while it is compressed wait for the same work.
  const compressed = new WeakMap<ShellPage, Promise<CompressedPage>>();
  const sendApp = async (req: FastifyRequest, reply: FastifyReply) => {
    // Every request that gets a page counts, whatever its path: the router and the path guard
    // (the canonical path) decided it is a page.
    if (await pageRefused(pageLimit, req, reply)) return reply;
    if (!shell) return reply.type('text/html; charset=utf-8').send(NO_BUILD);
    // An operator's preview link (?kopaPreview=<token>) shows the draft; any other value is ignored.
    const preview = (req.query as Record<string, unknown> | undefined)?.kopaPreview;
    const lang = parseLanguage(readPageQuery(searchOf(req.url)).lang) ?? 'en';
    // With a valid preview token only (the shell checks it), a data scenario of the preview (kopaScenario=<name>).
    const scenario = (req.query as Record<string, unknown> | undefined)?.kopaScenario;
    const page = await shell.page(
      req.kopaPath,
      typeof preview === 'string' ? preview : undefined,
      lang,
      typeof scenario === 'string' ? scenario : undefined,
    );
    let bodies = compressed.get(page);
    if (!bodies) {
      bodies = compressPage(page.text, page.kept);
      compressed.set(page, bodies);
    }
    reply.header('Content-Security-Policy', pageCsp);
    if (reply.statusCode === 200 && isPublicPage(req.kopaPath)) indexable.add(reply);
    return sendRepresentation(
      req,
      reply,
      pageRepresentation(await bodies, 'text/html; charset=utf-8', REVALIDATE),
    );
  };
  app.get('/', async (req, reply) => sendApp(req, reply));
  const robots = robotsTxt(appConfig.apiPrefix);
  app.get('/robots.txt', async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(robots),
  );
  app.setNotFoundHandler(async (req, reply) => {
    const path = req.kopaPath;
    const isRoute = routePage(path) !== undefined;
    // A route of the table, in any spelling, is its page; any other path without a file's name is
    // the app's not-found page (a way home) with status 404; a file nobody has (/x.php, /.env,
    // /favicon.txt) is a plain 404, never the page.
    if (
      (req.method === 'GET' || req.method === 'HEAD') &&
      !NOT_APP.test(path) &&
      wantsHtml(req) &&
      (isRoute || !looksLikeFile(path))
    ) {
      if (!isRoute) reply.code(404);
      return sendApp(req, reply);
    }
    return reply
      .code(404)
      .send({ code: '404', message: `Not found: ${req.method} ${req.kopaPath}` });
  });
}
