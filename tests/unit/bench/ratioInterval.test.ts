import { describe, expect, it } from 'vitest';
import { intervalText, ratioInterval } from '../../../scripts/bench/ratioInterval';

describe('ratioInterval (the range npm run bench prints beside a ratio)', () => {
  it('is a single point when every load took the same time', () => {
    expect(ratioInterval([300, 300, 300], [200, 200, 200])).toEqual({ low: 1.5, high: 1.5 });
  });

  it('holds the ratio of the medians, and widens with the spread of the loads', () => {
    const steady = ratioInterval([480, 500, 520, 490, 510, 500, 505], [400, 400, 410, 390, 400, 405, 395]);
    const noisy = ratioInterval([380, 500, 620, 440, 560, 500, 600], [300, 400, 500, 350, 450, 400, 330]);
    expect(steady.low).toBeLessThanOrEqual(1.25);
    expect(steady.high).toBeGreaterThanOrEqual(1.25);
    expect(noisy.high - noisy.low).toBeGreaterThan(steady.high - steady.low);
  });

  it('gives the same range for the same loads (seeded), and another for other loads', () => {
    const a = [455, 402, 497, 430, 466, 512, 441, 389, 470, 428];
    const b = [371, 390, 355, 402, 366, 340, 381, 377, 395, 360];
    expect(intervalText(a, b)).toBe(intervalText([...a], [...b]));
    expect(intervalText(a, b)).toMatch(/^\d\.\d\d-\d\.\d\d$/);
    expect(intervalText(a.map((t) => t + 60), b)).not.toBe(intervalText(a, b));
  });

  it('says nothing for a side with no loads', () => {
    expect(ratioInterval([], [1])).toEqual({ low: Number.NaN, high: Number.NaN });
  });
});
