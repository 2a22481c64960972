import { describe, expect, it } from 'vitest';
import {
  intervalText,
  pairedDifference,
  pairedText,
  ratioInterval,
} from '../../../scripts/bench/ratioInterval';

describe('ratioInterval (the range npm run bench prints beside a ratio)', () => {
  it('is a single point when every load took the same time', () => {
    expect(ratioInterval([300, 300, 300], [200, 200, 200])).toEqual({ low: 1.5, high: 1.5 });
  });

  it('holds the ratio of the medians, and widens with the spread of the loads', () => {
    const steady = ratioInterval(
      [480, 500, 520, 490, 510, 500, 505],
      [400, 400, 410, 390, 400, 405, 395],
    );
    const noisy = ratioInterval(
      [380, 500, 620, 440, 560, 500, 600],
      [300, 400, 500, 350, 450, 400, 330],
    );
    expect(steady.low).toBeLessThanOrEqual(1.25);
    expect(steady.high).toBeGreaterThanOrEqual(1.25);
    expect(noisy.high - noisy.low).toBeGreaterThan(steady.high - steady.low);
  });

  it('gives the same range for the same loads (seeded), and another for other loads', () => {
    const a = [455, 402, 497, 430, 466, 512, 441, 389, 470, 428];
    const b = [371, 390, 355, 402, 366, 340, 381, 377, 395, 360];
    expect(intervalText(a, b)).toBe(intervalText([...a], [...b]));
    expect(intervalText(a, b)).toMatch(/^\d\.\d\d-\d\.\d\d$/);
    expect(
      intervalText(
        a.map((t) => t + 60),
        b,
      ),
    ).not.toBe(intervalText(a, b));
  });

  it('says nothing for a side with no loads', () => {
    expect(ratioInterval([], [1])).toEqual({ low: Number.NaN, high: Number.NaN });
  });
});

describe('pairedDifference (two builds compared round by round)', () => {
  it('sees a steady difference that the spread of each side hides', () => {
    // Both sides drift together by 200 ms over the run; b is 10 ms slower in every round.
    const a = Array.from({ length: 40 }, (_, i) => 400 + (i % 10) * 20 + (i % 3) * 7);
    const b = a.map((t, i) => t + 10 + (i % 2 === 0 ? 2 : -2));
    const paired = pairedDifference(a, b);
    expect(paired.median).toBe(10);
    expect(paired.low).toBeGreaterThan(0);
    expect(paired.high).toBeLessThan(20);
    // The ratio of the medians cannot tell them apart: its range covers no difference at all.
    const { low, high } = ratioInterval(b, a);
    expect(low).toBeLessThanOrEqual(1);
    expect(high).toBeGreaterThan(1);
    expect(pairedText(a, b)).toBe(
      `+10 ms (95%: +${paired.low.toFixed(0)} to +${paired.high.toFixed(0)})`,
    );
  });

  it('has a range around zero for two builds that take turns being faster', () => {
    const a = [400, 420, 410, 430, 405, 415, 425, 435];
    const b = [405, 415, 415, 425, 410, 410, 430, 430];
    const paired = pairedDifference(a, b);
    expect(paired.low).toBeLessThanOrEqual(0);
    expect(paired.high).toBeGreaterThanOrEqual(0);
  });
});
