/**
 * Per-endpoint failure wording from the endpoint catalogue (`errors` in
 * schemas/api/endpoints.json): spec 8's messages live there once instead of in every layout that
 * calls the endpoint. The http action and data sources apply it to error.message (so onError,
 * the default toast and a data source's error slot all see it); a layout overrides it by
 * handling the code in onError.
 */
import catalogue from '../../../schemas/api/endpoints.json';

export interface LayoutError {
  code: string;
  message: string;
  serverMessage: string;
  requestId?: string;
}

type ErrorTable = Readonly<Record<string, string>>;

const tables = new Map<string, ErrorTable>();
for (const [name, entry] of Object.entries(
  catalogue.endpoints as Record<string, { errors?: Record<string, string> }>,
)) {
  if (entry.errors) tables.set(name, entry.errors);
}

/** Transport kinds (src/app/http/result.ts): the call never produced an envelope. */
const TRANSPORT = new Set(['timeout', 'network', 'bad-response', 'aborted', 'unknown-endpoint']);

/**
 * The error with the catalogue's wording: the message for its code (server code or transport
 * kind) first; then, for a server refusal without a message of its own, the fallback.
 */
export function withEndpointMessage(
  endpoint: string,
  error: LayoutError,
  table: ErrorTable | undefined = tables.get(endpoint),
): LayoutError {
  if (!table) return error;
  const own = Object.hasOwn(table, error.code) ? table[error.code] : undefined;
  if (own !== undefined) return { ...error, message: own };
  const fallback = table.fallback;
  if (fallback !== undefined && !TRANSPORT.has(error.code) && error.serverMessage.trim() === '')
    return { ...error, message: fallback };
  return error;
}
