export { createApiClient } from './client';
export { parseCatalogue } from './catalogue';
export { readSession, commonQueryString } from './session';
export { newIdempotencyKey } from './idempotency';
