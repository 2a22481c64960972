import app from '../../../config/app.json';
import routes from '../../../config/routes.json';
import wireNames from '../../../config/wire-names.json';
import endpoints from '../../../schemas/api/endpoints.json';
import { clientPath } from '@kopa/contract';

/** The deployment's configuration, bundled at build time (config/ and the endpoint catalogue). */
export const appConfig = app;
export const routeTable = routes;
export const wireNameTable = wireNames;
// The older endpoint family lives under one configurable prefix: its paths read /{legacyPrefix}/...
export const endpointCatalogue = {
  ...endpoints,
  endpoints: Object.fromEntries(
    Object.entries(endpoints.endpoints).map(([k, e]) => [
      k,
      { ...e, path: clientPath(e.path, app.legacyPrefix) },
    ]),
  ),
};

type PageKey = keyof typeof routes.pages;

/** Route key (or alias) -> path; undefined for unknown keys and for native-only keys. */
export function routePath(key: string): string | undefined {
  const aliased = Object.hasOwn(routes.aliases, key)
    ? routes.aliases[key as keyof typeof routes.aliases]
    : key;
  return Object.hasOwn(routes.pages, aliased) ? routes.pages[aliased as PageKey].path : undefined;
}
