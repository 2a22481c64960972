import { createHash } from 'node:crypto';
import Ajv, { type Options } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { BANNER } from './genTypes';
import { widgetSchemas, type SchemaFile } from './schemas';

const AJV_OPTIONS: Options = {
  discriminator: true, // one precise error for a node or action of a known type, not one per oneOf branch
  allErrors: true,
  allowUnionTypes: true,
  strict: true,
  strictRequired: false, // the unions require "type" at the top, as ajv's discriminator asks
  keywords: ['tsType', 'valueType'], // tsType: read by json-schema-to-typescript; valueType: by the layout type checker (src/lint/types/expected.ts)
  code: { source: true, esm: true, optimize: true },
};

function camel(kebab: string): string {
  return kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

// ajv's ESM standalone output still require()s this runtime helper; inline it so the module is
// plain ESM for Vite and Node alike. Any other require() would be a new case to handle here.
const UCS2LENGTH = `function __ucs2length(str) { let n = 0; for (const _ of str) n++; return n; }\n`;

/**
 * ajv writes the schema location of every error (`schemaPath:"#/properties/x/type"`); the
 * browser reads the instance path, keyword and params only, so those strings are dropped
 * from its validators (a tenth of their code). The strict build (tools) keeps them.
 */
const SCHEMA_PATH = /schemaPath:"(?:[^"\\]|\\.)*",/g;

function asPlainEsm(code: string, file: string, keepSchemaPath = false): string {
  const plain = code.replace(
    /require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g,
    '__ucs2length',
  );
  const out = keepSchemaPath ? plain : plain.replace(SCHEMA_PATH, '');
  const left = out.match(/require\([^)]*\)/);
  if (left) throw new Error(`${file}: unexpected ${left[0]} in generated validator`);
  return BANNER + UCS2LENGTH + out;
}

/**
 * A schema without the keywords that only document it (they would be embedded in the code).
 * `keep` names documenting keywords the validator acts on (response validators fill `default`s).
 */
function withoutDocs(schema: unknown, keep: readonly string[] = []): Record<string, unknown> {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      // "properties" maps names to schemas: a property may itself be called "description".
      if (key === 'properties' || key === 'definitions') {
        out[key] = Object.fromEntries(
          Object.entries(v as Record<string, unknown>).map(([k, s]) => [k, strip(s)]),
        );
      } else if (
        keep.includes(key) ||
        ![
          'description',
          'title',
          'default',
          '$comment',
          'examples',
          'tsType',
          'valueType',
        ].includes(key)
      ) {
        out[key] = strip(v);
      }
    }
    return out;
  };
  return strip(schema) as Record<string, unknown>;
}

/**
 * The version of the layout schema both builds were made from (a hash of their code). The server
 * stamps a layout it has checked with the strict build as checked for this version; a page whose
 * own version is the same needs not load the app build to check that layout again.
 */
function layoutSchemaVersion(out: Record<string, string>): string {
  const hash = createHash('sha256');
  for (const file of [
    'src/contract/schema/generated/validators/strict.js',
    'src/contract/schema/generated/validators/app.js',
  ])
    hash.update(out[file] ?? '');
  return `${BANNER}export const LAYOUT_SCHEMA_VERSION = '${hash.digest('base64url').slice(0, 16)}';\n`;
}

const DTS_HEADER = `${BANNER}import type { ValidateFunction } from 'ajv';\n`;

/**
 * Two builds of the same schemas:
 * - strict (tools, the layout server): the node union checks every node by its widget schema;
 * - app: node.schema.json is replaced by the node envelope, so the outline of a layout is checked
 *   once and then each node by its own validator at render time. One bad or unknown node then
 *   falls back alone while its siblings render.
 */
export function generateValidators(schemas: SchemaFile[]): Record<string, string> {
  const out: Record<string, string> = {};

  const strict = new Ajv({ ...AJV_OPTIONS, schemas: schemas.map((f) => f.schema) });
  const strictExports = {
    validateLayoutStrict: 'layout.schema.json',
    validateCompiledLayout: 'compiled-layout.schema.json',
  };
  out['src/contract/schema/generated/validators/strict.js'] = asPlainEsm(
    standaloneCode(strict, strictExports),
    'strict.js',
    true,
  );
  out['src/contract/schema/generated/validators/strict.d.ts'] =
    DTS_HEADER +
    'export const validateLayoutStrict: ValidateFunction;\n' +
    'export const validateCompiledLayout: ValidateFunction;\n';

  const envelope = schemas.find((f) => f.id === 'node-envelope.schema.json');
  if (!envelope) throw new Error('schemas/node-envelope.schema.json is missing');
  const appSchemas = schemas
    // config/ is checked at build and server start (server/core/config.ts), never in the browser.
    .filter(
      (f) =>
        f.id !== 'node.schema.json' &&
        f.id !== 'node-envelope.schema.json' &&
        !f.id.startsWith('api/') &&
        !f.id.startsWith('config/'),
    )
    .map((f) => f.schema);
  appSchemas.push({ ...envelope.schema, $id: 'node.schema.json' });
  // The app needs only the first error of a node, without ajv's message texts (it words its
  // own), and none of the docs: this keeps the validators small enough to load on every page.
  const app = new Ajv({
    ...AJV_OPTIONS,
    allErrors: false,
    messages: false,
    inlineRefs: false,
    schemas: appSchemas.map((s) => withoutDocs(s)),
  });
  const widgets = widgetSchemas(schemas);
  const appExports: Record<string, string> = { validateLayoutOutline: 'layout.schema.json' };
  for (const w of widgets) appExports[`validate_${camel(w.type)}`] = w.id;
  out['src/contract/schema/generated/validators/app.js'] = asPlainEsm(
    standaloneCode(app, appExports),
    'app.js',
  );
  out['src/contract/schema/generated/validators/app.d.ts'] =
    DTS_HEADER +
    Object.keys(appExports)
      .map((name) => `export const ${name}: ValidateFunction;\n`)
      .join('');
  out['src/contract/schema/generated/validators/layoutSchemaVersion.ts'] = layoutSchemaVersion(out);
  Object.assign(out, generateResponseValidators(schemas));
  return out;
}

const RESPONSE_DIR = 'src/contract/schema/generated/validators/responses';

/**
 * The client drops null properties before validating (absent and null are one value), so a
 * required property that may be null gets `default: null` here: null stays null for it, and a
 * schema author need not remember to write it.
 */
function nullDefaults(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullDefaults);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    out[key] =
      key === 'properties'
        ? Object.fromEntries(
            Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, nullDefaults(v)]),
          )
        : nullDefaults(value);
  }
  const required = Array.isArray(out.required) ? (out.required as string[]) : [];
  const props = (out.properties ?? {}) as Record<string, Record<string, unknown>>;
  for (const name of required) {
    const prop = props[name];
    const types = prop ? ([] as unknown[]).concat(prop.type ?? []) : [];
    if (prop && types.includes('null') && !('default' in prop))
      props[name] = { ...prop, default: null };
  }
  return out;
}

/** A schema without its `required` lists (at every depth). */
function withoutRequired(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutRequired);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (key === 'required' && Array.isArray(value)) continue;
    out[key] =
      key === 'properties'
        ? Object.fromEntries(
            Object.entries(value as Record<string, unknown>).map(([k, v]) => [
              k,
              withoutRequired(v),
            ]),
          )
        : withoutRequired(value);
  }
  return out;
}

/**
 * Where the schema requires fields: `r` the required names of an object, `p` its properties that
 * require fields further down, `i` the same for the items of an array, `a` for the values of a map.
 * Undefined when nothing below requires anything.
 */
function requiredTree(schema: unknown): Record<string, unknown> | undefined {
  if (schema === null || typeof schema !== 'object') return undefined;
  const s = schema as Record<string, unknown>;
  const tree: Record<string, unknown> = {};
  if (Array.isArray(s.required) && s.required.length > 0) tree.r = s.required;
  const props: Record<string, unknown> = {};
  for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, unknown>)) {
    const t = requiredTree(v);
    if (t) props[k] = t;
  }
  if (Object.keys(props).length > 0) tree.p = props;
  const items = requiredTree(s.items);
  if (items) tree.i = items;
  const values =
    typeof s.additionalProperties === 'object' ? requiredTree(s.additionalProperties) : undefined;
  if (values) tree.a = values;
  return Object.keys(tree).length > 0 ? tree : undefined;
}

/**
 * One module per API response schema (schemas/api/*.response.schema.json), each its own chunk:
 * the client loads the one it needs with import() while the request is in flight, so they add
 * no round trip and nothing to the entry. They normalise as well as check (src/app/http/normalise.ts):
 * - coerceTypes: a backend that sends "1" for 1, 7 for "7" or "true" for true is read as meant;
 * - useDefaults: an absent field with a `default` in its schema gets it (before `required`);
 * - the schema sits under a wrapper property `data`, so the root can be coerced too and a
 *   `default` on the root stands for an envelope with no data at all.
 */
function generateResponseValidators(schemas: SchemaFile[]): Record<string, string> {
  const out: Record<string, string> = {};
  const responses = schemas.filter(
    (f) => f.id.startsWith('api/') && f.id.endsWith('.response.schema.json'),
  );
  const loaders: string[] = [];
  for (const f of responses) {
    const name = f.id.slice('api/'.length, -'.schema.json'.length); // the catalogue's name: repayment-commit.response
    const file = name.replace(/\.response$/, '');
    const {
      $id: _id,
      $schema: _s,
      ...inner
    } = nullDefaults(withoutDocs(f.schema, ['default'])) as Record<string, unknown>;
    // The validator checks kinds and fills defaults; the required fields are checked after it, by
    // the boundary, from `required` (a field the spec names but the answer lacks spoils only the
    // nodes bound to it).
    const wrapper = {
      $id: 'response',
      type: 'object',
      properties: { data: withoutRequired(inner) },
      required: ['data'],
    };
    const ajv = new Ajv({
      ...AJV_OPTIONS,
      allErrors: false,
      messages: false, // the report words the first error itself (keyword, path, params)
      coerceTypes: true,
      useDefaults: true,
      removeAdditional: false,
      validateFormats: false, // formats are for the server's own checks; no ajv-formats in the bundle
      inlineRefs: true,
      schemas: [wrapper],
    });
    // `k`: every field the answer may carry at its top, so an answer holding only fields the
    // spec names but does not require (contact-kf-info's smWa) is still an answer.
    const known = Object.keys((inner.properties ?? {}) as Record<string, unknown>);
    const rootTree = { ...requiredTree(inner), ...(known.length > 0 ? { k: known } : {}) };
    const tree = `export const required = ${JSON.stringify(rootTree)};\n`;
    out[`${RESPONSE_DIR}/${file}.js`] =
      asPlainEsm(standaloneCode(ajv, { validate: 'response' }), `${file}.js`) + tree;
    out[`${RESPONSE_DIR}/${file}.d.ts`] =
      DTS_HEADER +
      'export const validate: ValidateFunction;\n' +
      '/** The fields the response schema requires, by place (src/app/http/requiredFields.ts). */\n' +
      "export const required: import('./index').RequiredTree;\n";
    loaders.push(`  '${name}': () => import('./${file}.js'),\n`);
  }
  out[`${RESPONSE_DIR}/index.ts`] =
    BANNER +
    `import type { ValidateFunction } from 'ajv';\n\n` +
    `/** Where a response schema requires fields: \`r\` names here, \`p\` properties below, \`i\` array items, \`a\` map values; \`k\` (root only) every field it declares at the top. */\n` +
    `export interface RequiredTree {\n  r?: readonly string[];\n  k?: readonly string[];\n  p?: Readonly<Record<string, RequiredTree>>;\n  i?: RequiredTree;\n  a?: RequiredTree;\n}\n\n` +
    `/** Response schema name (as endpoints.json names it) -> its validator module, loaded on demand. */\n` +
    `export const responseValidators: Readonly<Record<string, () => Promise<{ validate: ValidateFunction; required: RequiredTree }>>> = {\n` +
    loaders.join('') +
    `};\n`;
  return out;
}
