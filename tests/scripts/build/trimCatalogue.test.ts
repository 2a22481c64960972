/**
 * The app bundles the endpoint catalogue without its descriptions and comments; every
 * endpoint stays with every other field (path, method, client, success, response, errors, ...).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOC_KEYS, trimCatalogue } from '../../../scripts/build/trimCatalogue';
import { parseCatalogue } from '../../../src/contract/catalogue';

const FILE = join(import.meta.dirname, '..', '..', '..', 'schemas', 'api', 'endpoints.json');

function transform(code: string, id: string): { code: string } | undefined {
  const hook = trimCatalogue().transform as {
    filter: { id: RegExp[] };
    handler: (code: string, id: string) => { code: string };
  };
  return hook.filter.id.some((r) => r.test(id)) ? hook.handler(code, id) : undefined;
}

describe('trimCatalogue (build)', () => {
  it('keeps every endpoint and field but the descriptions, comments and server-only keys', () => {
    const source = readFileSync(FILE, 'utf8');
    const whole = JSON.parse(source) as { endpoints: Record<string, Record<string, unknown>> };
    const out = transform(source, FILE);
    expect(out).toBeDefined();
    const trimmed = JSON.parse(out?.code ?? '{}') as {
      endpoints: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(trimmed)).not.toContain('$comment');
    expect(Object.keys(trimmed.endpoints)).toEqual(Object.keys(whole.endpoints));
    for (const [name, spec] of Object.entries(whole.endpoints)) {
      const kept = Object.fromEntries(Object.entries(spec).filter(([k]) => !DOC_KEYS.has(k)));
      expect(trimmed.endpoints[name]).toEqual(kept);
    }
    expect(out?.code).not.toContain('"description"');
    expect(out?.code).not.toContain('"refusals"');
    expect(out?.code).not.toContain('"public"');
    expect(out?.code.length).toBeLessThan(source.length * 0.8);
    expect(parseCatalogue(trimmed).ok).toBe(true);
  });

  it('drops only the top-level $comment of the config and message files', () => {
    for (const file of [
      'config/app.json',
      'config/routes.json',
      'messages/en.json',
      'messages/layouts/zh.json',
    ]) {
      const source = readFileSync(join(FILE, '..', '..', '..', file), 'utf8');
      const { $comment, ...rest } = JSON.parse(source) as Record<string, unknown>;
      expect($comment, file).toEqual(expect.any(String));
      expect(JSON.parse(transform(source, `/x/${file}`)?.code ?? '{}'), file).toEqual(rest);
    }
    expect(
      JSON.parse(
        transform(
          '{"$comment":"c","description":"d","a":{"$comment":"kept"}}',
          '/x/messages/id.json',
        )?.code ?? '{}',
      ),
    ).toEqual({ description: 'd', a: { $comment: 'kept' } });
  });

  it('leaves every other file alone', () => {
    expect(transform('{"a":1}', '/x/layouts/repay.json')).toBeUndefined();
    expect(
      transform('{"a":1}', '/x/schemas/api/installment-plan.response.schema.json'),
    ).toBeUndefined();
  });
});
