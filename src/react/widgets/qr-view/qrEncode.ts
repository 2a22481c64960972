/**
 * QR code (model 2) encoder for what qr-view draws: byte mode, error correction level M, the
 * smallest version (1-40) the bytes fit in. It replaces qrcode-generator in the app:
 * that library is one closure with GIF, ASCII, Kanji and other modes we never use, 7 KB of
 * compressed JS on the repayment-code screen; this is about a third of that.
 *
 * Module for module it draws what qrcode-generator drew (tests/unit/qrEncode.test.ts compares
 * the two over every version), including its choice of mask: the eight masks are scored with
 * qrcode-generator's penalty rules on a matrix whose format and version bits are left light.
 */

/** Per version, level M: [blocks, total codewords, data codewords] for one or two block groups. */
const BLOCKS_M: readonly (readonly number[])[] = [
  [1, 26, 16],
  [1, 44, 28],
  [1, 70, 44],
  [2, 50, 32],
  [2, 67, 43],
  [4, 43, 27],
  [4, 49, 31],
  [2, 60, 38, 2, 61, 39],
  [3, 58, 36, 2, 59, 37],
  [4, 69, 43, 1, 70, 44],
  [1, 80, 50, 4, 81, 51],
  [6, 58, 36, 2, 59, 37],
  [8, 59, 37, 1, 60, 38],
  [4, 64, 40, 5, 65, 41],
  [5, 65, 41, 5, 66, 42],
  [7, 73, 45, 3, 74, 46],
  [10, 74, 46, 1, 75, 47],
  [9, 69, 43, 4, 70, 44],
  [3, 70, 44, 11, 71, 45],
  [3, 67, 41, 13, 68, 42],
  [17, 68, 42],
  [17, 74, 46],
  [4, 75, 47, 14, 76, 48],
  [6, 73, 45, 14, 74, 46],
  [8, 75, 47, 13, 76, 48],
  [19, 74, 46, 4, 75, 47],
  [22, 73, 45, 3, 74, 46],
  [3, 73, 45, 23, 74, 46],
  [21, 73, 45, 7, 74, 46],
  [19, 75, 47, 10, 76, 48],
  [2, 74, 46, 29, 75, 47],
  [10, 74, 46, 23, 75, 47],
  [14, 74, 46, 21, 75, 47],
  [14, 74, 46, 23, 75, 47],
  [12, 75, 47, 26, 76, 48],
  [6, 75, 47, 34, 76, 48],
  [29, 74, 46, 14, 75, 47],
  [13, 74, 46, 32, 75, 47],
  [40, 75, 47, 7, 76, 48],
  [18, 75, 47, 31, 76, 48],
];

// GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1.
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i++, x = (x << 1) ^ (x & 0x80 ? 0x11d : 0)) {
  EXP[i] = x;
  LOG[x] = i;
}
for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255] ?? 0;

const gfMul = (a: number, b: number): number =>
  a && b ? (EXP[(LOG[a] ?? 0) + (LOG[b] ?? 0)] ?? 0) : 0;

/** The Reed-Solomon codewords of `data`: the remainder of data * x^n by the generator of degree n. */
function errorCodewords(data: readonly number[], n: number): number[] {
  let gen = [1];
  for (let i = 0; i < n; i++) {
    const next = new Array<number>(gen.length + 1).fill(0);
    gen.forEach((g, j) => {
      next[j] = (next[j] ?? 0) ^ g;
      next[j + 1] = (next[j + 1] ?? 0) ^ gfMul(g, EXP[i] ?? 0);
    });
    gen = next;
  }
  const rest = new Array<number>(n).fill(0);
  for (const byte of data) {
    const factor = byte ^ (rest.shift() ?? 0);
    rest.push(0);
    for (let j = 0; j < n; j++) rest[j] = (rest[j] ?? 0) ^ gfMul(gen[j + 1] ?? 0, factor);
  }
  return rest;
}

/** Centres of the alignment patterns of a version (ISO 18004 table E.1, as a formula). */
function alignmentCentres(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = version === 32 ? 26 : Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const out = [6];
  for (let pos = version * 4 + 10; out.length < count; pos -= step) out.splice(1, 0, pos);
  return out;
}

/** Remainder of the BCH code of `value` by `poly` (degree `degree`), appended. */
function bch(value: number, poly: number, degree: number): number {
  let rem = value << degree;
  const top = 31 - Math.clz32(poly);
  for (let d = 31 - Math.clz32(rem); d >= top; d = 31 - Math.clz32(rem)) rem ^= poly << (d - top);
  return (value << degree) | rem;
}

const MASKS: readonly ((r: number, c: number) => boolean)[] = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (_, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r * c) % 3) + ((r + c) % 2)) % 2 === 0,
];

/** The codewords in the order they are placed: data, then error correction, block by block interleaved. */
function codewords(bytes: Uint8Array, version: number, blocks: readonly number[]): number[] {
  const groups: { count: number; total: number; data: number }[] = [];
  for (let i = 0; i < blocks.length; i += 3)
    groups.push({ count: blocks[i] ?? 0, total: blocks[i + 1] ?? 0, data: blocks[i + 2] ?? 0 });
  const dataCount = groups.reduce((n, g) => n + g.count * g.data, 0);
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  for (const b of bytes) put(b, 8);
  if (bits.length + 4 <= dataCount * 8) put(0, 4);
  while (bits.length % 8) bits.push(0);
  for (let pad = 0xec; bits.length < dataCount * 8; pad ^= 0xec ^ 0x11) put(pad, 8);
  const data: number[] = [];
  for (let i = 0; i < bits.length; i += 8)
    data.push(bits.slice(i, i + 8).reduce((n, b) => (n << 1) | b, 0));

  const dataBlocks: number[][] = [];
  const ecBlocks: number[][] = [];
  let offset = 0;
  for (const g of groups) {
    for (let k = 0; k < g.count; k++) {
      const block = data.slice(offset, offset + g.data);
      offset += g.data;
      dataBlocks.push(block);
      ecBlocks.push(errorCodewords(block, g.total - g.data));
    }
  }
  const out: number[] = [];
  for (const list of [dataBlocks, ecBlocks]) {
    const longest = Math.max(...list.map((b) => b.length));
    for (let i = 0; i < longest; i++) for (const b of list) if (i < b.length) out.push(b[i] ?? 0);
  }
  return out;
}

type Grid = (boolean | null)[][];

/** The matrix with `mask`; `test`: format and version bits light, as the mask scoring wants them. */
function draw(version: number, data: readonly number[], mask: number, test: boolean): Grid {
  const size = version * 4 + 17;
  const m: Grid = Array.from({ length: size }, () => new Array<boolean | null>(size).fill(null));
  const set = (r: number, c: number, v: boolean) => {
    const row = m[r];
    if (row && c >= 0 && c < size) row[c] = v;
  };
  for (const [pr, pc] of [
    [0, 0],
    [size - 7, 0],
    [0, size - 7],
  ] as const) {
    for (let r = -1; r <= 7; r++) {
      for (let c = -1; c <= 7; c++) {
        if (pr + r < 0 || pr + r >= size || pc + c < 0 || pc + c >= size) continue;
        const ring =
          (r >= 0 && r <= 6 && (c === 0 || c === 6)) || (c >= 0 && c <= 6 && (r === 0 || r === 6));
        set(pr + r, pc + c, ring || (r >= 2 && r <= 4 && c >= 2 && c <= 4));
      }
    }
  }
  const centres = alignmentCentres(version);
  for (const row of centres) {
    for (const col of centres) {
      if (m[row]?.[col] !== null) continue;
      for (let r = -2; r <= 2; r++)
        for (let c = -2; c <= 2; c++)
          set(row + r, col + c, Math.max(Math.abs(r), Math.abs(c)) !== 1);
    }
  }
  for (let i = 8; i < size - 8; i++) {
    if (m[i]?.[6] === null) set(i, 6, i % 2 === 0);
    if (m[6]?.[i] === null) set(6, i, i % 2 === 0);
  }
  // Format: level M is 00, then the mask; BCH(15,5), masked with 101010000010010.
  const format = bch(mask, 0x537, 10) ^ 0x5412;
  for (let i = 0; i < 15; i++) {
    const bit = !test && ((format >> i) & 1) === 1;
    set(i < 6 ? i : i < 8 ? i + 1 : size - 15 + i, 8, bit);
    set(8, i < 8 ? size - i - 1 : i < 9 ? 15 - i : 14 - i, bit);
  }
  set(size - 8, 8, !test);
  if (version >= 7) {
    const bits = bch(version, 0x1f25, 12);
    for (let i = 0; i < 18; i++) {
      const bit = !test && ((bits >> i) & 1) === 1;
      set(Math.floor(i / 3), (i % 3) + size - 11, bit);
      set((i % 3) + size - 11, Math.floor(i / 3), bit);
    }
  }
  const masked = MASKS[mask] ?? (() => false);
  let index = 0;
  for (let col = size - 1, up = true; col > 0; col -= 2, up = !up) {
    if (col === 6) col -= 1;
    for (let k = 0; k < size; k++) {
      const row = up ? size - 1 - k : k;
      for (const c of [col, col - 1]) {
        if (m[row]?.[c] !== null) continue;
        const bit = (((data[index >> 3] ?? 0) >>> (7 - (index & 7))) & 1) === 1;
        set(row, c, bit !== masked(row, c));
        index++;
      }
    }
  }
  return m;
}

/** qrcode-generator's penalty (its reading of the standard's four rules); lower is better. */
function penalty(m: Grid): number {
  const size = m.length;
  const dark = (r: number, c: number) => m[r]?.[c] === true;
  let points = 0;
  let darkCount = 0;
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const d = dark(r, c);
      if (d) darkCount++;
      let same = 0;
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          if (
            (dr || dc) &&
            r + dr >= 0 &&
            r + dr < size &&
            c + dc >= 0 &&
            c + dc < size &&
            dark(r + dr, c + dc) === d
          )
            same++;
        }
      }
      if (same > 5) points += same - 2;
      if (r < size - 1 && c < size - 1) {
        const n =
          Number(d) + Number(dark(r + 1, c)) + Number(dark(r, c + 1)) + Number(dark(r + 1, c + 1));
        if (n === 0 || n === 4) points += 3;
      }
      if (c < size - 6 && [1, 0, 1, 1, 1, 0, 1].every((v, i) => dark(r, c + i) === (v === 1)))
        points += 40;
      if (r < size - 6 && [1, 0, 1, 1, 1, 0, 1].every((v, i) => dark(r + i, c) === (v === 1)))
        points += 40;
    }
  }
  return points + (Math.abs((100 * darkCount) / size / size - 50) / 5) * 10;
}

/** The dark modules of the QR code of `bytes` (rows of booleans), or null when no version holds them. */
export function encodeQr(bytes: Uint8Array): boolean[][] | null {
  const version =
    BLOCKS_M.findIndex((b, i) => {
      let dataCount = 0;
      for (let k = 0; k < b.length; k += 3) dataCount += (b[k] ?? 0) * (b[k + 2] ?? 0);
      return 4 + (i + 1 < 10 ? 8 : 16) + bytes.length * 8 <= dataCount * 8;
    }) + 1;
  if (version === 0) return null;
  const data = codewords(bytes, version, BLOCKS_M[version - 1] ?? []);
  let best = 0;
  let lowest = Infinity;
  for (let mask = 0; mask < 8; mask++) {
    const points = penalty(draw(version, data, mask, true));
    if (points < lowest) {
      lowest = points;
      best = mask;
    }
  }
  return draw(version, data, best, false).map((row) => row.map((v) => v === true));
}
