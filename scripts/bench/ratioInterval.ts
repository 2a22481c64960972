/**
 * How far a ratio of two medians can be trusted. On this 2-core machine one run of 15
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
export function ratioInterval(
  a: readonly number[],
  b: readonly number[],
  level = 0.95,
  draws = 2000,
  seed = 1,
): { low: number; high: number } {
  if (a.length === 0 || b.length === 0) return { low: Number.NaN, high: Number.NaN };
  const random = generator(seed);
  const ratios: number[] = [];
  for (let i = 0; i < draws; i++)
    ratios.push(median(resample(a, random)) / median(resample(b, random)));
  ratios.sort((x, y) => x - y);
  const at = (q: number) =>
    ratios[Math.min(ratios.length - 1, Math.max(0, Math.round(q * (ratios.length - 1))))] ??
    Number.NaN;
  return { low: at((1 - level) / 2), high: at(1 - (1 - level) / 2) };
}

/** "1.12-1.31", for the bench's lines. */
export function intervalText(a: readonly number[], b: readonly number[]): string {
  const { low, high } = ratioInterval(a, b);
  return `${low.toFixed(2)}-${high.toFixed(2)}`;
}

/**
 * Two builds loaded in the same rounds, compared round by round: the median of b[i] - a[i] and
 * its `level` range from resampling whole rounds. The machine's speed drifts by 50-100 ms over a
 * run, and each round's loads share that drift, so this tells two builds apart with far fewer
 * loads than comparing their medians.
 */
export function pairedDifference(
  a: readonly number[],
  b: readonly number[],
  level = 0.95,
  draws = 2000,
  seed = 1,
): { median: number; low: number; high: number } {
  const diffs = a.slice(0, b.length).map((x, i) => (b[i] ?? Number.NaN) - x);
  if (diffs.length === 0) return { median: Number.NaN, low: Number.NaN, high: Number.NaN };
  const random = generator(seed);
  const medians: number[] = [];
  for (let i = 0; i < draws; i++) medians.push(median(resample(diffs, random)));
  medians.sort((x, y) => x - y);
  const at = (q: number) =>
    medians[Math.min(medians.length - 1, Math.max(0, Math.round(q * (medians.length - 1))))] ??
    Number.NaN;
  return { median: median(diffs), low: at((1 - level) / 2), high: at(1 - (1 - level) / 2) };
}

/** "+13 ms (95%: +1 to +26)", for the bench's lines. */
export function pairedText(a: readonly number[], b: readonly number[]): string {
  const { median: m, low, high } = pairedDifference(a, b);
  const signed = (x: number) => `${x > 0 ? '+' : ''}${x.toFixed(0)}`;
  return `${signed(m)} ms (95%: ${signed(low)} to ${signed(high)})`;
}
