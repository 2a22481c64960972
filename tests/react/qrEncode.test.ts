/**
 * Qr-view draws with its own encoder (src/react/widgets/qr-view/qrEncode.ts) instead of
 * qrcode-generator. It must draw the same code, module for module, so a scanner reads exactly
 * what it read before: checked here against qrcode-generator (now a test-only dependency) for
 * every version 1-40, at the fullest and at a middling length of each, plus texts the screens use.
 */
import qrcode from 'qrcode-generator';
import { describe, expect, it } from 'vitest';
import { encodeQr } from '../../src/react/widgets/qr-view/qrEncode';

function reference(bytes: Uint8Array): boolean[][] | null {
  const qr = qrcode(0, 'M');
  qr.addData(String.fromCharCode(...bytes), 'Byte');
  try {
    qr.make();
  } catch {
    return null;
  }
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
}

/** Deterministic bytes (a small LCG), so a failure names a reproducible input. */
function bytesOf(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

/** Level M byte capacity of versions 1-40 (ISO 18004 table 7). */
const CAPACITY = [
  14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666,
  711, 779, 857, 911, 997, 1059, 1125, 1190, 1264, 1370, 1452, 1538, 1628, 1722, 1809, 1911, 1989,
  2099, 2213, 2331,
];

describe('QR encoder', () => {
  it.each(CAPACITY.map((full, i) => [i + 1, full] as const))(
    'version %i: the same modules as qrcode-generator, full and part full',
    (version, full) => {
      const previous = CAPACITY[version - 2] ?? 0;
      for (const length of [full, previous + 1 + ((full - previous) >> 1)]) {
        const bytes = bytesOf(length, version * 7919 + length);
        const ours = encodeQr(bytes);
        expect(ours?.length).toBe(version * 4 + 17);
        expect(ours).toEqual(reference(bytes));
      }
    },
  );

  it('draws the texts the screens encode as qrcode-generator did (UTF-8), and refuses what no version holds', () => {
    for (const text of [
      '',
      'KOPA-REPAY-O170-123456',
      'https://pay.example.com/c?o=O170&amount=1100000',
      '还款码 O170',
      'A'.repeat(300),
    ]) {
      const bytes = new TextEncoder().encode(text);
      expect(encodeQr(bytes)).toEqual(reference(bytes));
    }
    expect(encodeQr(bytesOf(2332, 1))).toBeNull();
    expect(reference(bytesOf(2332, 1))).toBeNull();
  });
});
