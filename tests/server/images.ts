/** Image headers for upload tests: just enough bytes for the magic and the pixel dimensions. */
import { PNG_1PX } from './helpers';

const u16le = (n: number) => Buffer.from([n & 0xff, (n >> 8) & 0xff]);
const u16be = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const u24le = (n: number) => Buffer.from([n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff]);
const u32le = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};

/** The 1-pixel PNG with its IHDR width and height replaced (CRC left stale, as an attacker would). */
export function png(w: number, h: number, padTo = 0): Buffer {
  const b = Buffer.from(PNG_1PX);
  b.writeUInt32BE(w, 16);
  b.writeUInt32BE(h, 20);
  return padTo > b.length ? Buffer.concat([b, Buffer.alloc(padTo - b.length)]) : b;
}

/** SOI, an APP0 segment, then a baseline SOF0 frame header with the size, then EOI. */
export function jpeg(w: number, h: number, sof = 0xc0): Buffer {
  const app0 = Buffer.concat([
    Buffer.from([0xff, 0xe0]),
    u16be(16),
    Buffer.from('JFIF\0'),
    Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0]),
  ]);
  const sofSeg = Buffer.concat([
    Buffer.from([0xff, sof]),
    u16be(17),
    Buffer.from([8]),
    u16be(h),
    u16be(w),
    Buffer.from([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]),
  ]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    app0,
    sofSeg,
    Buffer.alloc(32, 0),
    Buffer.from([0xff, 0xd9]),
  ]);
}

export function gif(w: number, h: number): Buffer {
  return Buffer.concat([
    Buffer.from('GIF89a'),
    u16le(w),
    u16le(h),
    Buffer.from([0, 0, 0]),
    Buffer.alloc(20),
  ]);
}

function riff(chunk: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from('WEBP'), Buffer.from(chunk), u32le(data.length), data]);
  return Buffer.concat([Buffer.from('RIFF'), u32le(body.length), body]);
}

export function webpVp8(w: number, h: number): Buffer {
  return riff(
    'VP8 ',
    Buffer.concat([
      Buffer.from([0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a]),
      u16le(w),
      u16le(h),
      Buffer.alloc(20),
    ]),
  );
}

export function webpVp8l(w: number, h: number): Buffer {
  const bits = ((w - 1) & 0x3fff) | (((h - 1) & 0x3fff) << 14);
  return riff('VP8L', Buffer.concat([Buffer.from([0x2f]), u32le(bits >>> 0), Buffer.alloc(20)]));
}

export function webpVp8x(w: number, h: number): Buffer {
  return riff(
    'VP8X',
    Buffer.concat([Buffer.from([0, 0, 0, 0]), u24le(w - 1), u24le(h - 1), Buffer.alloc(20)]),
  );
}
