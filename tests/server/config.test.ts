/**
 * config/app.json is checked against schemas/config/app.schema.json where the server reads it
 * (loadAppConfig, called by buildServer at start) and by npm run gen / gen:check (scripts/gen.ts).
 * A broken copy of the config in a temporary root must stop both, naming the field.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAppConfig, ROOT } from '../../server/core/config';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** A root holding the real schema and config/app.json changed by `edit`. */
function rootWith(edit: (cfg: Record<string, unknown>) => void): string {
  const root = mkdtempSync(join(tmpdir(), 'kopa-config-'));
  roots.push(root);
  mkdirSync(join(root, 'config'));
  cpSync(join(ROOT, 'schemas/config'), join(root, 'schemas/config'), { recursive: true });
  const cfg = JSON.parse(readFileSync(join(ROOT, 'config/app.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  edit(cfg);
  writeFileSync(join(root, 'config/app.json'), JSON.stringify(cfg));
  return root;
}

describe('config/app.json schema', () => {
  it('accepts the committed config', () => {
    expect(loadAppConfig().apiPrefix).toBe('/vexed');
  });

  it('refuses a wrongly typed field, naming it', () => {
    const root = rootWith((cfg) => {
      cfg.httpTimeoutMs = '60000';
      (cfg.theme as Record<string, unknown>).primary = 'blue';
    });
    expect(() => loadAppConfig(root)).toThrow(
      /\/theme\/primary: must match pattern[\s\S]*\/httpTimeoutMs: must be integer/,
    );
  });

  it('refuses a missing field and an unknown one (a typo), naming both', () => {
    const root = rootWith((cfg) => {
      delete cfg.apiPrefix;
      cfg.redirectAllowList = [];
    });
    expect(() => loadAppConfig(root)).toThrow(
      /\/apiPrefix: must have required property[\s\S]*\/redirectAllowList: must NOT have additional properties/,
    );
  });
});
