export { createApiClient } from './client';
export { parseCatalogue } from '@kopa/contract';
export { readSession, commonQueryString, IDENTIFYING_KEYS } from './borrowerSession';
export { newIdempotencyKey } from './idempotency';
