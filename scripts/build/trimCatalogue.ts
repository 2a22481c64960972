/**
 * Vite plugin: the app bundles schemas/api/endpoints.json (the endpoint catalogue: src/app/http, the
 * endpoint error texts), but its descriptions and comments are for people only: dropped from the
 * bundle (several KB of the entry). Everything else stays, so a field the client comes
 * to read needs no change here. The server, the linter and the tests read the file itself, whole.
 * The same goes for the top-level `$comment` of config/*.json and messages/**.json (about 1 KB of
 * every first visit).
 */
import type { Plugin } from 'vite';

/**
 * Keys the app never reads, at the top of the catalogue and in each endpoint: the texts for people
 * and what only the server and docs/openapi.json use (who needs a session, which call takes an
 * Idempotency-Key, what each refusal code means).
 */
export const DOC_KEYS: ReadonlySet<string> = new Set([
  '$comment',
  'description',
  'public',
  'idempotencyKey',
  'refusals',
]);

const CATALOGUE = /[\\/]schemas[\\/]api[\\/]endpoints\.json$/;
/** Files documented by a top-level `$comment` only: every other key (a message named "description" too) stays. */
const COMMENTED = /[\\/](config|messages)[\\/]([a-z-]+[\\/])?[a-z-]+\.json$/;

const withoutDocs = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => !DOC_KEYS.has(k)));

export function trimCatalogue(): Plugin {
  return {
    name: 'kopa-trim-catalogue',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: [CATALOGUE, COMMENTED] },
      handler(code, id) {
        if (!CATALOGUE.test(id)) {
          const { $comment: _comment, ...rest } = JSON.parse(code) as Record<string, unknown>;
          return { code: JSON.stringify(rest), map: null };
        }
        const raw = JSON.parse(code) as {
          endpoints: Record<string, Record<string, unknown>>;
        } & Record<string, unknown>;
        const endpoints = Object.fromEntries(
          Object.entries(raw.endpoints).map(([name, spec]) => [name, withoutDocs(spec)]),
        );
        return { code: JSON.stringify({ ...withoutDocs(raw), endpoints }), map: null };
      },
    },
  };
}
