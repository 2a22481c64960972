/**
 * Reading and rewriting a page the shell sent compressed, for the bench scripts that serve a
 * changed page (bench:page, bench:slow): decoded by its Content-Encoding and compressed again as
 * server/page/compressedPage.ts compresses a page kept for its layout version (brotli 11, gzip 9).
 */
import type { FastifyInstance } from 'fastify';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
} from 'node:zlib';

function decode(body: Buffer, encoding: unknown): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

function encode(html: string, encoding: unknown): Buffer {
  const raw = Buffer.from(html, 'utf8');
  if (encoding === 'br')
    return brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
  if (encoding === 'gzip') return gzipSync(raw, { level: 9 });
  return raw;
}

/** Serves every HTML page as `change` rewrites it, in the encoding the shell chose; each page text is rewritten and compressed once. */
export function rewritePages(app: FastifyInstance, change: (html: string) => string): void {
  const done = new Map<string, Buffer>();
  app.addHook('onSend', async (_req, reply, payload) => {
    if (
      !Buffer.isBuffer(payload) ||
      !String(reply.getHeader('content-type')).startsWith('text/html')
    )
      return payload;
    const encoding = reply.getHeader('content-encoding');
    const text = decode(payload, encoding);
    let body = done.get(`${String(encoding)}|${text}`);
    if (!body) {
      body = encode(change(text), encoding);
      done.set(`${String(encoding)}|${text}`, body);
    }
    reply.header('Content-Length', body.length);
    return body;
  });
}
