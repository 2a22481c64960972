import { describe, expect, it } from 'vitest';
import realCatalogue from '../../../schemas/api/endpoints.json';
import { parseCatalogue } from '../../../src/contract/catalogue';

describe('parseCatalogue', () => {
  it('accepts the real schemas/api/endpoints.json', () => {
    const r = parseCatalogue(realCatalogue);
    expect(r.ok ? [] : r.errors).toEqual([]);
  });

  it('lists every problem of a broken catalogue', () => {
    const r = parseCatalogue({
      endpoints: { a: { path: 'x', method: 'PUT', client: 'xml', success: 0 } },
    });
    expect(r).toEqual({
      ok: false,
      errors: [
        'a: path must start with /',
        'a: method must be GET or POST',
        'a: unknown client',
        'a: success must be "0" or "00"',
      ],
    });
    expect(parseCatalogue(null)).toEqual({ ok: false, errors: ['missing "endpoints" object'] });
  });
});
