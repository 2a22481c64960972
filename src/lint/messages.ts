import { LIMIT_MESSAGES } from '../schema/layoutLimits';

/** The one catalogue of layout messages: code -> how the issue reads. */
export const LAYOUT_MESSAGES = {
  'not-json': (detail: string) => `not valid JSON: ${detail}`,
  // Checked before everything else (src/schema/layoutLimits.ts, which the browser shares).
  'too-deep': LIMIT_MESSAGES['too-deep'],
  'too-large': LIMIT_MESSAGES['too-large'],
  'not-checked': (detail: string) => `could not be checked: ${detail}`,
  schema: (detail: string) => detail,
  'unknown-widget': (type: string) => `unknown widget type "${type}"`,
  'unknown-action': (type: string) => `unknown action type "${type}"`,
  'unknown-bridge-action': (name: string) => `unknown bridge action "${name}" (allowed: contract section 4)`,
  'unknown-endpoint': (name: string) => `unknown endpoint "${name}" (not in schemas/api/endpoints.json)`,
  'unknown-route': (to: string) => `unknown route "${to}" (not a key or path of config/routes.json)`,
  'unknown-dialog': (id: string) => `unknown dialog "${id}" (no dialog with this id in the layout)`,
  'unknown-data-source': (name: string) => `unknown data source "${name}"`,
  'expression-syntax': (detail: string) => `expression does not parse: ${detail}`,
  'unknown-function': (name: string) => `unknown function "${name}" (see docs/expressions.md)`,
  'unknown-field': (path: string, field: string, endpoint: string) =>
    `${path} has no field "${field}" (response schema of endpoint ${endpoint})`,
  'unknown-name': (name: string) => `"${name}" is not a scope name (data, state, query, config, item, index, ...)`,
  'duplicate-id': (id: string) => `node id "${id}" is used more than once`,
  'id-mismatch': (id: string, file: string) => `layout id "${id}" does not match its file name "${file}"`,
} as const;

export type LayoutMessageCode = keyof typeof LAYOUT_MESSAGES;
