/**
 * A page whose text is a fixed head and tail around a small per-request middle (the app's HTML
 * around its per-query early-request block: appShell.ts), sent compressed without compressing
 * the page per request. Issue 32: compressing each page anew made every new query value cost a
 * whole brotli and gzip run, and /repay with a new orderId per request fell from 466 to 62 pages/s.
 *
 * Head and tail are compressed once (compressFixed); per request the middle travels as it is,
 * inside the same compressed stream (the block is a few hundred bytes: compressing it would save
 * less than the work costs):
 * - gzip: one member, not concatenated members (RFC 1952 allows them, but a decoder may stop after
 *   the first). The head's deflate ends with a sync flush (byte-aligned, nothing after it refers
 *   back into it), the middle follows as stored blocks, the tail's own deflate brings the final
 *   block, and the CRC-32 continues from the head's over the middle and the tail.
 * - brotli: two brotli streams cannot be joined, but the head's stream, flushed, ends on a
 *   meta-block boundary; the middle and the tail follow as uncompressed meta-blocks (which leave
 *   the decoder's distance state alone), then the empty last meta-block.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, crc32, deflateRaw } from 'node:zlib';
import type { Representation } from '../http/staticFiles';

/** The compressed fixed parts of one page; keep it as long as its head and tail do not change. */
export interface FixedBodies {
  readonly etag: string;
  readonly head: Buffer;
  readonly tail: Buffer;
  readonly gzipHead: Buffer;
  readonly gzipTail: Buffer;
  readonly headCrc: number;
  readonly brHead: Buffer;
  readonly brTail: Buffer;
}

// gzip header: magic, deflate, no flags, no time, no extra flags, OS unknown.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** brotli's last meta-block: ISLAST and ISLASTEMPTY set, padded to the byte. */
const BROTLI_END = Buffer.from([0x03]);
const STORED_MAX = 0xffff;
/** 4 nibbles of MLEN - 1: meta-blocks of up to 64 KiB. */
const BROTLI_RAW_MAX = 0x10000;

const etagOf = (text: string) =>
  `"${createHash('sha256').update(text).digest('base64url').slice(0, 22)}"`;

/** Deflate stored blocks (never final) holding `bytes`; the stream is byte-aligned before and after. */
function storedBlocks(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += STORED_MAX) {
    const chunk = bytes.subarray(at, at + STORED_MAX);
    const header = Buffer.alloc(5);
    header[0] = 0; // BFINAL 0, BTYPE 00 (stored), the rest of the byte padding
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    out.push(header, chunk);
  }
  return out;
}

/** brotli uncompressed meta-blocks (never last) holding `bytes`. */
function rawMetaBlocks(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += BROTLI_RAW_MAX) {
    const chunk = bytes.subarray(at, at + BROTLI_RAW_MAX);
    // Bits, lowest first: ISLAST 0, MNIBBLES 00 (4 nibbles), MLEN - 1 in 16 bits, ISUNCOMPRESSED 1;
    // then zero bits up to the byte boundary (20 bits: 3 bytes).
    const bits = ((chunk.length - 1) << 3) | (1 << 19);
    out.push(Buffer.from([bits & 0xff, (bits >>> 8) & 0xff, (bits >>> 16) & 0xff]), chunk);
  }
  return out;
}

const brotli = promisify(brotliCompress);
const deflate = promisify(deflateRaw);

/**
 * Compresses a page's fixed parts, off the event loop (zlib's thread pool). `best`: brotli 11 and
 * gzip 9, for a page kept for its layout version: 230 ms once for /repay, whose page then travels
 * 7% smaller than at brotli 5, the quality used when each page was compressed per request.
 * Otherwise (a draft preview, made anew per request) brotli 5 and gzip 6.
 */
export async function compressFixed(
  head: string,
  tail: string,
  best: boolean,
): Promise<FixedBodies> {
  const headBytes = Buffer.from(head, 'utf8');
  const tailBytes = Buffer.from(tail, 'utf8');
  const level = best ? 9 : 6;
  const [brHead, gzipHead, gzipTail] = await Promise.all([
    brotli(headBytes, {
      finishFlush: constants.BROTLI_OPERATION_FLUSH,
      params: {
        [constants.BROTLI_PARAM_QUALITY]: best ? 11 : 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: headBytes.length,
      },
    }),
    deflate(headBytes, { level, finishFlush: constants.Z_SYNC_FLUSH }),
    deflate(tailBytes, { level }),
  ]);
  return {
    etag: etagOf(`${head}\u0000${tail}`),
    head: headBytes,
    tail: tailBytes,
    gzipHead,
    gzipTail,
    headCrc: crcAfter(headBytes, 0),
    brHead,
    brTail: Buffer.concat(rawMetaBlocks(tailBytes)),
  };
}

/**
 * The CRC-32 continued over `bytes`. Empty bytes leave it as it is: zlib's crc32() answers 0 for a
 * null data pointer, which an empty Buffer can have (seen after zlib's thread pool had it).
 */
function crcAfter(bytes: Buffer, crc: number): number {
  return bytes.length === 0 ? crc : crc32(bytes, crc);
}

function gzipTrailer(crc: number, length: number): Buffer {
  const t = Buffer.alloc(8);
  t.writeUInt32LE(crc >>> 0, 0);
  t.writeUInt32LE(length >>> 0, 4); // ISIZE: the length modulo 2^32
  return t;
}

/** The page with this middle, each encoding built only if it is sent. */
export function splicedRepresentation(
  fixed: FixedBodies,
  middle: string,
  type: string,
  cacheControl: string,
): Representation {
  const mid = Buffer.from(middle, 'utf8');
  const length = fixed.head.length + mid.length + fixed.tail.length;
  return {
    type,
    cacheControl,
    etag: mid.length === 0 ? fixed.etag : etagOf(`${fixed.etag}${middle}`),
    bodies: {
      get identity() {
        return Buffer.concat([fixed.head, mid, fixed.tail], length);
      },
      get gzip() {
        const crc = crcAfter(fixed.tail, crcAfter(mid, fixed.headCrc));
        return Buffer.concat([
          GZIP_HEADER,
          fixed.gzipHead,
          ...storedBlocks(mid),
          fixed.gzipTail,
          gzipTrailer(crc, length),
        ]);
      },
      get br() {
        return Buffer.concat([fixed.brHead, ...rawMetaBlocks(mid), fixed.brTail, BROTLI_END]);
      },
    },
  };
}
