/**
 * How far a ratio of two medians can be trusted (issue 10). On this 2-core machine one run of 15
 * loads each has given a 4x ratio anywhere from 1.06 to 1.28 for the same code, so a ratio is
 * printed with the range it would likely take in another run: a percentile bootstrap, each side's
 * loads drawn again with replacement, the ratio of the medians taken each time.
 * Seeded: the same loads always give the same range.
 */
import { median } from './browser';

/** mulberry32: a small seeded generator, so the printed range does not change between calls. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function resample(values: readonly number[], random: () => number): number[] {
  return values.map(() => values[Math.floor(random() * values.length)] ?? Number.NaN);
}

/** The central `level` share (0.95: 95%) of median(a) / median(b) over `draws` resamplings. */
export function ratioInterval(a: readonly number[], b: readonly number[], level = 0.95, draws = 2000, seed = 1): { low: number; high: number } {
  if (a.length === 0 || b.length === 0) return { low: Number.NaN, high: Number.NaN };
  const random = generator(seed);
  const ratios: number[] = [];
  for (let i = 0; i < draws; i++) ratios.push(median(resample(a, random)) / median(resample(b, random)));
  ratios.sort((x, y) => x - y);
  const at = (q: number) => ratios[Math.min(ratios.length - 1, Math.max(0, Math.round(q * (ratios.length - 1))))] ?? Number.NaN;
  return { low: at((1 - level) / 2), high: at(1 - (1 - level) / 2) };
}

/** "1.12-1.31", for the bench's lines. */
export function intervalText(a: readonly number[], b: readonly number[]): string {
  const { low, high } = ratioInterval(a, b);
  return `${low.toFixed(2)}-${high.toFixed(2)}`;
}
