/**
 * The built app's files with content negotiation: the build writes .br and .gz beside each
 * text file (scripts/build/compress.ts); a request gets the best encoding its Accept-Encoding
 * allows (brotli, then gzip, then the file as is), with Vary: Accept-Encoding and the length of
 * the bytes actually sent. Hashed files under assets/ never change: cached for a year,
 * immutable. Anything else (sw.js, the bench page's HTML) revalidates with its ETag.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip' | 'identity';

export interface Representation {
  type: string;
  etag: string;
  cacheControl: string;
  bodies: Partial<Record<Encoding, Buffer>> & { identity: Buffer };
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

/**
 * The encoding to send, or null when the client refuses every one we have (406). Codings not
 * listed are not acceptable, except identity, which is unless refused (q=0, or "*;q=0" without
 * naming it). Equal weights prefer the smaller body: br, then gzip.
 */
export function negotiate(
  header: string | undefined,
  available: readonly Encoding[],
): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    if (!coding) continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m?.[1] !== undefined) q = Number(m[1]);
    }
    weights.set(coding === 'x-gzip' ? 'gzip' : coding, Number.isFinite(q) ? q : 0);
  }
  const star = weights.get('*');
  // Identity not named is acceptable, but only as the last resort: it never outranks a coding
  // the client asked for ("br;q=0.2" still beats sending the file as is).
  const weight = (c: Encoding): number =>
    weights.get(c) ?? (c === 'identity' ? (star === 0 ? 0 : 0.001) : (star ?? 0));
  let best: Encoding | null = null;
  for (const c of ['br', 'gzip', 'identity'] as const) {
    if (!available.includes(c) || weight(c) <= 0) continue;
    if (best === null || weight(c) > weight(best)) best = c;
  }
  return best;
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue; // .vite/manifest.json is the server's, not the browser's
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (!name.endsWith('.br') && !name.endsWith('.gz')) yield path;
  }
}

const etagOf = (bytes: Buffer) =>
  `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;

/** Every file under dir by URL path, with its precompressed copies; skip lists paths served elsewhere. */
export function loadStaticFiles(
  dir: string,
  skip: ReadonlySet<string>,
): Map<string, Representation> {
  const files = new Map<string, Representation>();
  if (!existsSync(dir)) return files;
  for (const path of walk(dir)) {
    const url = `/${relative(dir, path).split(sep).join('/')}`;
    if (skip.has(url)) continue;
    const identity = readFileSync(path);
    const bodies: Representation['bodies'] = { identity };
    if (existsSync(`${path}.br`)) bodies.br = readFileSync(`${path}.br`);
    if (existsSync(`${path}.gz`)) bodies.gzip = readFileSync(`${path}.gz`);
    // Vite puts content-hashed names under assets/ (also the bench page's /__bench/assets/).
    const hashed = url.split('/').includes('assets');
    files.set(url, {
      type: TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
      etag: etagOf(identity),
      cacheControl: hashed ? IMMUTABLE : REVALIDATE,
      bodies,
    });
  }
  return files;
}

/** A representation of generated text (a layout's JSON), compressed now; callers keep it. */
export function compressedText(text: string, type: string, cacheControl: string): Representation {
  const identity = Buffer.from(text, 'utf8');
  // Quality 5: a per-text cost once per layout version, close to 11's size.
  const br = brotliCompressSync(identity, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    },
  });
  return {
    type,
    etag: etagOf(identity),
    cacheControl,
    bodies: { identity, br, gzip: gzipSync(identity, { level: 6 }) },
  };
}

function notModified(req: FastifyRequest, etag: string): boolean {
  const inm = req.headers['if-none-match'];
  if (!inm) return false;
  // The ETag names the content; each encoding of it is the same resource for revalidation.
  return inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*');
}

export function sendRepresentation(
  req: FastifyRequest,
  reply: FastifyReply,
  rep: Representation,
): FastifyReply {
  // By key only: a body may be a getter that builds it when read, so only the one sent is read.
  const available = Object.keys(rep.bodies) as Encoding[];
  reply
    .header('Vary', 'Accept-Encoding')
    .header('ETag', rep.etag)
    .header('Cache-Control', rep.cacheControl);
  // Only a 200 is revalidated: a not-found page keeps its 404 (its text is every unknown path's).
  if (reply.statusCode === 200 && notModified(req, rep.etag)) return reply.code(304).send();
  const encoding = negotiate(req.headers['accept-encoding'], available);
  if (encoding === null)
    return reply
      .code(406)
      .type('text/plain; charset=utf-8')
      .send('No acceptable content encoding.');
  const body = rep.bodies[encoding] ?? rep.bodies.identity;
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.type(rep.type).header('Content-Length', body.length).send(body);
}
