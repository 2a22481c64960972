/**
 * Pixel dimensions read from image headers (no decoding, no native libraries), so a small file
 * that would decode to a huge bitmap (a 30000x30000 PNG is 3.6 GB of pixels) is refused before
 * any borrower's or operator's browser tries to show it.
 */
import type { ImageType } from './images';

export interface Dimensions {
  width: number;
  height: number;
}

function png(b: Buffer): Dimensions | null {
  // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4).
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function gif(b: Buffer): Dimensions | null {
  return b.length < 10 ? null : { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

/** SOFn markers carry the frame size; every other segment is skipped by its length. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpeg(b: Buffer): Dimensions | null {
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] ?? 0;
    if (marker === 0xff) {
      i += 1;
      continue;
    } // fill byte
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame header
    const len = b.readUInt16BE(i + 2);
    if (len < 2) return null;
    if (SOF.has(marker)) {
      if (i + 9 > b.length) return null;
      return { width: b.readUInt16BE(i + 7), height: b.readUInt16BE(i + 5) };
    }
    i += 2 + len;
  }
  return null;
}

function webp(b: Buffer): Dimensions | null {
  if (b.length < 30) return null;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    // Frame tag (3), start code 9d 01 2a, then 14-bit width and height (2 scale bits each).
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  }
  return null;
}

/** Width and height from the header of an image already sniffed as `kind`; null if unreadable. */
export function imageDimensions(buf: Buffer, kind: ImageType): Dimensions | null {
  switch (kind.ext) {
    case 'png':
      return png(buf);
    case 'gif':
      return gif(buf);
    case 'jpg':
      return jpeg(buf);
    case 'webp':
      return webp(buf);
    default:
      return null;
  }
}

export const MAX_IMAGE_SIDE = 8000;
/** 40 megapixels: a phone camera's photo fits, a decompression bomb does not. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Null when acceptable, else the reason for the borrower. */
export function dimensionProblem(d: Dimensions | null): string | null {
  if (!d)
    return 'Could not read the image size; the file may be damaged. Please choose another image.';
  if (d.width < 1 || d.height < 1) return 'The image size is invalid (0 pixels).';
  if (
    d.width > MAX_IMAGE_SIDE ||
    d.height > MAX_IMAGE_SIDE ||
    d.width * d.height > MAX_IMAGE_PIXELS
  ) {
    return `The image is too large (${d.width}x${d.height} pixels); at most ${MAX_IMAGE_SIDE}x${MAX_IMAGE_SIDE} pixels and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`;
  }
  return null;
}
