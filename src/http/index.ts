export { createApiClient } from './client';
export { parseCatalogue } from '../contract/catalogue';
export { readSession, commonQueryString, IDENTIFYING_KEYS } from './session';
export { newIdempotencyKey } from './idempotency';
