/**
 * The market's zone (Africa/Dar_es_Salaam, +03:00 for decades) is shown without Intl
 * when the build found its offset fixed; zones with daylight saving, unknown zones and instants
 * outside the checked years still go through Intl, and both ways read the same.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixedZone } from '../../../src/format/fixedZone';

describe('fixedZone (build time)', () => {
  it('finds the fixed offset of Dar es Salaam, and none for a zone with daylight saving or an unknown zone', () => {
    const dar = fixedZone('Africa/Dar_es_Salaam', Date.UTC(2026, 5, 1));
    expect(dar?.offsetMinutes).toBe(180);
    expect(dar?.from).toBe(Date.UTC(1996, 0, 1));
    expect(dar?.to).toBe(Date.UTC(2056, 0, 1));
    expect(fixedZone('UTC')?.offsetMinutes).toBe(0);
    expect(fixedZone('Europe/London')).toBeNull();
    expect(fixedZone('America/Sao_Paulo', Date.UTC(2026, 0, 1))).toBeNull(); // DST until 2019
    expect(fixedZone('Not/AZone')).toBeNull();
  });
});

describe("formatDateTime with the build's fixed zone", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  const instants = [
    '2026-01-01T22:30:00Z',
    '2025-12-31T21:00:00Z',
    '2026-03-01T00:00:00+05:30',
    '2024-02-28T21:59:59Z',
    '2024-02-28T22:00:00Z',
    '2056-06-01T00:00:00Z',
  ];

  it('reads exactly as Intl does, and asks Intl outside the checked years', async () => {
    const viaIntl = await import('../../../src/format/date');
    const expected = instants.map((i) => viaIntl.formatDateTime(i, 'Africa/Dar_es_Salaam'));
    expect(expected[0]).toBe('2026-01-02 01:30:00');
    expect(expected[4]).toBe('2024-02-29 01:00:00');

    vi.resetModules();
    vi.stubGlobal('__KOPA_FIXED_ZONE__', fixedZone('Africa/Dar_es_Salaam', Date.UTC(2026, 5, 1)));
    let created = 0;
    const RealFormat = Intl.DateTimeFormat;
    vi.stubGlobal('Intl', {
      ...Intl,
      DateTimeFormat: class extends RealFormat {
        constructor(...args: ConstructorParameters<typeof RealFormat>) {
          super(...args);
          created++;
        }
      },
    });
    const fixed = await import('../../../src/format/date');
    expect(
      instants.slice(0, 5).map((i) => fixed.formatDateTime(i, 'Africa/Dar_es_Salaam')),
    ).toEqual(expected.slice(0, 5));
    expect(created).toBe(0);
    // 2056 is past the checked years: Intl answers, the same way.
    expect(fixed.formatDateTime(instants[5], 'Africa/Dar_es_Salaam')).toBe(expected[5]);
    expect(created).toBe(1);
    // Another zone is never taken for the fixed one.
    expect(fixed.formatDateTime('2026-07-01T12:00:00Z', 'Europe/London')).toBe(
      '2026-07-01 13:00:00',
    );
  });
});
