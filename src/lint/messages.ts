import { LIMIT_MESSAGES } from '@kopa/contract';
import { FRAGMENT_MESSAGES } from '@kopa/contract';

/**
 * The one catalogue of layout messages: code -> how the issue reads. `hint` is a
 * " (did you mean ...; allowed: ...)" suffix from src/lint/suggest.ts, or ''.
 */
export const LAYOUT_MESSAGES = {
  'not-json': (detail: string) => `not valid JSON: ${detail}`,
  'duplicate-key': (key: string, line: number, column: number) =>
    `key "${key}" is written twice in this object (first at ${line}:${column}); JSON keeps only the last`,
  // Checked before everything else (src/contract/schema/layoutLimits.ts, which the browser shares).
  'too-deep': LIMIT_MESSAGES['too-deep'],
  'too-large': LIMIT_MESSAGES['too-large'],
  'not-checked': (detail: string) => `could not be checked: ${detail}`,
  schema: (detail: string) => detail,
  condition: () =>
    'a condition is true, false or exactly one {{ }} binding: write {{ state.n > 2 }}, not "{{ state.n }} > 2" or "false"',
  'unknown-widget': (type: string, hint = '') => `unknown widget type "${type}"${hint}`,
  'unknown-action': (type: string, hint = '') => `unknown action type "${type}"${hint}`,
  'unknown-bridge-action': (name: string, hint = '') =>
    `unknown bridge action "${name}" (contract section 4)${hint}`,
  'unknown-endpoint': (name: string, hint = '') =>
    `unknown endpoint "${name}" (not in schemas/api/endpoints.json)${hint}`,
  'unknown-route': (to: string, hint = '') =>
    `unknown route "${to}" (not a key or path of config/routes.json)${hint}`,
  'unknown-dialog': (id: string, hint = '') =>
    `unknown dialog "${id}" (no dialog with this id in the layout)${hint}`,
  'unknown-data-source': (name: string, hint = '') => `unknown data source "${name}"${hint}`,
  'expression-syntax': (detail: string) => `expression does not parse: ${detail}`,
  'unknown-function': (name: string, hint = '') =>
    `unknown function "${name}" (see docs/expressions.md)${hint}`,
  'wrong-arity': (name: string, got: number, allowed: string) =>
    `${name}() takes ${allowed} argument${allowed === '1' ? '' : 's'}, not ${got} (see docs/expressions.md)`,
  'unknown-field': (path: string, field: string, endpoint: string, hint = '') =>
    `${path} has no field "${field}" (response schema of endpoint ${endpoint})${hint}`,
  'unknown-message': (key: string, hint = '') =>
    `unknown message "${key}" (not in messages/en.json)${hint}`,
  'unknown-name': (name: string, hint = '') =>
    `"${name}" is not a name a binding can read here${hint}`,
  'unknown-state': (name: string, hint = '') =>
    `state has no "${name}": declare it in the layout's "state"${hint}`,
  'duplicate-id': (id: string) => `node id "${id}" is used more than once`,
  // Forms and primary actions (src/lint/formRules.ts).
  // Types (src/lint/types/): the detail names the chain, the type, who wants what and the fix.
  'money-as-text': (detail: string) => `money passed as text: ${detail}`,
  'type-mismatch': (detail: string) => `wrong type: ${detail}`,
  'shows-undefined': (detail: string) => detail,
  'optional-value': (detail: string) => `hint: ${detail}`,
  // Order (src/lint/order.ts) and screen contracts (src/lint/flow/contracts.ts).
  'screen-contract': (path: string, call: string, why: string, detail: string) =>
    `screen ${path} must let the borrower call ${call} (${why}; config/screen-contracts.json), but ${detail}`,
  'validate-after-request': (fields: string, endpoint: string, at: string) =>
    `this validate checks ${fields} after the request ${endpoint} (${at}) already sent it: move the validate before the request`,
  'unvalidated-field': (path: string, field: string, endpoint: string) =>
    `the request ${endpoint} sends ${path}, which field "${field}" holds with input rules, but no validate before it in this action chain checks "${field}": add { "type": "validate", "fields": ["${field}"] } before the request`,
  'validate-target': (id: string, why: string) =>
    `validate cannot check ${id ? `"${id}"` : 'anything'}: ${why}`,
  'bad-pattern': (pattern: string) =>
    `input rule pattern ${JSON.stringify(pattern)} is not a valid regular expression (JavaScript, unicode mode)`,
  // layout.computed and fragments (third part).
  'unknown-computed': (name: string, hint = '') =>
    `computed has no "${name}": declare it in the layout's "computed"${hint}`,
  'computed-cycle': (name: string, loop: string) =>
    `computed "${name}" reads itself (${loop}): a computed value may read others, never in a circle`,
  // Where URLs go (src/lint/urlRules.ts).
  'foreign-host': (kind: 'image' | 'frame', host: string, allowed: readonly string[]) =>
    `${kind} host "${host}" is not on config/app.json ${kind}Hosts (allowed: ${allowed.join(', ') || 'none'}); only this app's own /paths and those hosts load`,
  'session-in-url': (read: string, kind: 'image' | 'frame' | 'link', where: string) =>
    `session value ${read} goes into ${kind === 'image' ? 'an' : 'a'} ${kind} URL that reaches ${where}: session values (userId, sessionId, mobilePhone, tokens, the page's query) only go to this app's own /paths`,
  // Information flow (src/lint/flow/infoFlow.ts).
  'session-leak': (read: string, what: string, where: string) =>
    `session or personal value ${read} goes into ${what}, which reaches ${where}: such values only go to this app's own /paths and API`,
  'unproven-host': (what: string) =>
    `${what} gets a host an expression builds: write the address's start (https://host/ or /path) as text, or bind a whole address the server sends`,
  'script-url': (what: string, scheme: string) =>
    `${what} is a ${scheme} address: javascript: never loads, data: only as an inline image`,
  // Fragments (src/contract/layout/fragments.ts, which imports nothing and owns their texts).
  ...FRAGMENT_MESSAGES,
  'id-mismatch': (id: string, file: string) =>
    `layout id "${id}" does not match its file name "${file}"`,
} as const;
