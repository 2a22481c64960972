/**
 * JSON answers (the API, layouts, error envelopes) over 1 KB are sent compressed by negotiation
 *: brotli or gzip as Accept-Encoding allows, chosen by the same rules as the built
 * files (staticFiles.negotiate), streamed through zlib so a large plan is never held twice and
 * the work runs on libuv's pool, not the event loop. Every JSON answer says Vary: Accept-Encoding
 * (the same URL may be large next time). Answers that already carry an encoding (the built
 * files' precompressed copies) and small ones pass as they are.
 *
 * Levels, measured on the 5,000-installment plan (836 KB of JSON; docs/decisions/023): brotli
 * quality 5 sends it in ~14 KB for ~20 ms of CPU (about what JSON.stringify of it
 * costs), against 16 s of a 400 kbit/s link saved; quality 9 is 8x the CPU for 1% less;
 * gzip 6 (~31 KB, ~20 ms) for clients without brotli.
 */
import { Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { negotiate } from './staticFiles';

export const COMPRESS_MIN_BYTES = 1024;
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

function addVary(current: unknown): string {
  const list = String(current ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.some((v) => v.toLowerCase() === 'accept-encoding' || v === '*')
    ? list.join(', ')
    : [...list, 'Accept-Encoding'].join(', ');
}

export function registerJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method === 'HEAD' || reply.hasHeader('content-encoding')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json'))
      return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    reply.header('Vary', addVary(reply.getHeader('vary')));
    const size = Buffer.byteLength(payload);
    if (size < COMPRESS_MIN_BYTES) return payload;
    // A client refusing every coding (even identity) still gets the JSON as it is: an API answer is never a 406.
    const coding = negotiate(req.headers['accept-encoding'], ['br', 'gzip', 'identity']);
    if (coding === null || coding === 'identity') return payload;
    const zip =
      coding === 'br'
        ? createBrotliCompress({
            params: {
              [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: size,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          })
        : createGzip({ level: GZIP_LEVEL });
    reply.header('Content-Encoding', coding);
    reply.removeHeader('content-length');
    return Readable.from([typeof payload === 'string' ? Buffer.from(payload) : payload]).pipe(zip);
  });
}
