/**
 * npm run gen        writes everything derived from schemas/: TypeScript types, ajv standalone
 *                    validators (the app compiles nothing at run time, so it runs under a CSP
 *                    without 'unsafe-eval'), the widget reference docs and docs/openapi.json
 *                    (the borrower API as OpenAPI 3.1, for backend teams).
 *                    Also the spec-minimal and spec-noisy answers of every endpoint
 *                    (tests/fixtures/spec-answers/, from docs/spec/product-spec.md).
 * npm run gen:check  regenerates in memory and fails if a committed file is stale.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generateTypes } from './lib/genTypes';
import { generateValidators } from './lib/genValidators';
import { generateWidgetDocs } from './lib/genDocs';
import { generateEndpointTypes } from './lib/genEndpoints';
import { generateOpenApi } from './lib/genOpenApi';
import { loadSchemas } from './lib/schemas';
import { SPEC_FILE, generateSpecFixtures } from './lib/genSpecFixtures';
import { checkAppConfig } from '../server/core/config';

const ROOT = join(import.meta.dirname, '..');
const check = process.argv.includes('--check');

// The deployment's config is bundled into the app: a field that breaks its schema stops the build
// here (gen:check runs first in npm test), naming the field.
try {
  checkAppConfig(JSON.parse(readFileSync(join(ROOT, 'config/app.json'), 'utf8')));
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}

const schemas = loadSchemas();
const types = await generateTypes(schemas);
const outputs: Record<string, string> = {
  ...types,
  // From the types just generated (not the file on disk), so gen:check sees a stale contract too.
  ...generateEndpointTypes(types['src/contract/schema/generated/types.ts'] ?? ''),
  ...generateValidators(schemas),
  ...generateWidgetDocs(schemas),
  ...generateOpenApi(schemas),
};
const catalogue = JSON.parse(readFileSync(join(ROOT, 'schemas/api/endpoints.json'), 'utf8')) as {
  endpoints: Parameters<typeof generateSpecFixtures>[2];
};
Object.assign(
  outputs,
  generateSpecFixtures(schemas, readFileSync(join(ROOT, SPEC_FILE), 'utf8'), catalogue.endpoints),
);

const stale: string[] = [];
for (const [file, content] of Object.entries(outputs)) {
  const full = join(ROOT, file);
  const current = existsSync(full) ? readFileSync(full, 'utf8') : null;
  if (current === content) continue;
  if (check) {
    stale.push(file);
  } else {
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
    console.log(`wrote ${file}`);
  }
}
if (check) {
  if (stale.length > 0) {
    console.error(
      `Generated files are stale (run npm run gen and commit):\n  ${stale.join('\n  ')}`,
    );
    process.exit(1);
  }
  console.log(`gen:check: ${Object.keys(outputs).length} generated files are up to date`);
}
