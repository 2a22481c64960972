/**
 * Captcha image: 4 characters drawn from a 5x7 bitmap font, scaled, jittered and sprinkled with
 * noise, encoded as PNG. The alphabet leaves out look-alikes (0/O, 1/I/L, 2/Z, B/8, S/5, G/6...).
 */
import { randomInt } from 'node:crypto';
import { encodePng } from './png';

const GLYPHS: Record<string, string[]> = {
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  C: ['01110', '10001', '10000', '10000', '10000', '10001', '01110'],
  D: ['11110', '10001', '10001', '10001', '10001', '10001', '11110'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  J: ['00111', '00010', '00010', '00010', '00010', '10010', '01100'],
  K: ['10001', '10010', '10100', '11000', '10100', '10010', '10001'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  N: ['10001', '11001', '10101', '10011', '10001', '10001', '10001'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
  W: ['10001', '10001', '10001', '10101', '10101', '10101', '01010'],
  X: ['10001', '10001', '01010', '00100', '01010', '10001', '10001'],
  Y: ['10001', '10001', '01010', '00100', '00100', '00100', '00100'],
  '3': ['11110', '00001', '00001', '01110', '00001', '00001', '11110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
};
const ALPHABET = Object.keys(GLYPHS);

export function randomCaptchaText(length = 4): string {
  let s = '';
  for (let i = 0; i < length; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

const W = 100;
const H = 36;
const SCALE = 4;

export function renderCaptcha(text: string): Buffer {
  const px = new Uint8Array(W * H * 3).fill(245);
  const set = (x: number, y: number, r: number, g: number, b: number) => {
    if (x < 0 || y < 0 || x >= W || y >= H) return;
    const i = (y * W + x) * 3;
    px[i] = r;
    px[i + 1] = g;
    px[i + 2] = b;
  };
  for (let n = 0; n < 260; n++)
    set(randomInt(W), randomInt(H), 150 + randomInt(90), 150 + randomInt(90), 150 + randomInt(90));
  [...text].forEach((ch, idx) => {
    const glyph = GLYPHS[ch.toUpperCase()];
    if (!glyph) return;
    const ox = 6 + idx * 23 + randomInt(3);
    const oy = 2 + randomInt(5);
    const colour = [randomInt(120), randomInt(120), 60 + randomInt(140)] as const;
    glyph.forEach((row, gy) => {
      [...row].forEach((bit, gx) => {
        if (bit !== '1') return;
        for (let dy = 0; dy < SCALE; dy++)
          for (let dx = 0; dx < SCALE - 1; dx++) {
            set(ox + gx * (SCALE - 1) + dx + Math.floor(gy / 3), oy + gy * SCALE + dy, ...colour);
          }
      });
    });
  });
  // Two noise lines across the text.
  for (let l = 0; l < 2; l++) {
    let y = randomInt(H);
    const slope = (randomInt(9) - 4) / 10;
    for (let x = 0; x < W; x++) {
      set(x, Math.round(y), 90, 90, 90);
      y += slope;
    }
  }
  return encodePng(W, H, px);
}
