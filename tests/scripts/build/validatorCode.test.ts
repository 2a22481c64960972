/** The browser's validators carry no schemaPath strings; the tools' strict one keeps them. */
import { describe, expect, it } from 'vitest';
import { generateValidators } from '../../../scripts/lib/genValidators';
import { loadSchemas } from '../../../scripts/lib/schemas';

describe('generated validators', () => {
  it('drop schemaPath from the app and response validators, keep it in the strict one', () => {
    const out = generateValidators(loadSchemas());
    const app = out['src/contract/schema/generated/validators/app.js'] ?? '';
    expect(app).toContain('instancePath');
    expect(app).not.toContain('schemaPath');
    const responses = Object.entries(out).filter(
      ([f]) => f.includes('/responses/') && f.endsWith('.js'),
    );
    expect(responses.length).toBeGreaterThan(10);
    for (const [, code] of responses) expect(code).not.toContain('schemaPath');
    expect(out['src/contract/schema/generated/validators/strict.js']).toContain('schemaPath:"#/');
  });
});
