/**
 * The answers of docs/openapi.json that are not an endpoint's data: refusal codes (HTTP 200, spec
 * section 8) and the HTTP errors (server/http/errorHandler.ts, server/core/errors.ts).
 */
type Json = Record<string, unknown>;

/** `{ code: "<status>", message }`: every HTTP error of the API (server/http/errorHandler.ts). */
export const errorEnvelope: Json = {
  type: 'object',
  description: 'An HTTP error: code is the status as text, message says why.',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string', pattern: '^[45][0-9]{2}$' },
    message: { type: 'string', minLength: 1 },
    data: {},
  },
};

/** A 401 says why in data.reason (server/http/session.ts), so the page can offer a way out. */
export const sessionErrorEnvelope: Json = {
  type: 'object',
  required: ['code', 'message', 'data'],
  properties: {
    code: { const: '401' },
    message: { type: 'string', minLength: 1 },
    data: {
      type: 'object',
      required: ['reason'],
      properties: {
        reason: {
          enum: ['missing', 'unknown', 'expired'],
          description:
            'missing: no userId or sessionId; unknown: no such session (or revoked); expired: idle or too old.',
        },
      },
    },
  },
};

const error = (description: string, name = 'ErrorEnvelope'): Json => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
});

/** components.responses: each HTTP error once, named. */
export const errorComponents: Json = {
  BadRequest: error(
    'The query, body or a header breaks the request schema or a rule; message names the field.',
  ),
  Unauthorized: error(
    'No live session for userId + sessionId (borrower calls only).',
    'SessionErrorEnvelope',
  ),
  Forbidden: error('The order, record or complaint belongs to another borrower.'),
  NotFound: error('A product, order, record, template or captcha the call names does not exist.'),
  PayloadTooLarge: error('The body is larger than the server takes (256 KB, an upload 5 MB).'),
  UnsupportedMediaType: error('The body is not of the media type the call takes.'),
  TooManyRequests: error('A limit was reached (requests per address, SMS codes); retry later.'),
  InternalError: error('A fault of the server; nothing about it is in the answer.'),
  Unavailable: error('The server is stopping or not ready; retry on another instance.'),
};

const named = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** The HTTP errors an operation can answer. */
export function errorResponses(session: boolean, hasBody: boolean): Json {
  return {
    '400': named('BadRequest'),
    ...(session ? { '401': named('Unauthorized'), '403': named('Forbidden') } : {}),
    '404': named('NotFound'),
    ...(hasBody ? { '413': named('PayloadTooLarge'), '415': named('UnsupportedMediaType') } : {}),
    '429': named('TooManyRequests'),
    '500': named('InternalError'),
    '503': named('Unavailable'),
  };
}

/**
 * A refusal's code: the ones the catalogue names, each with its meaning, or any other code (its
 * message is shown: spec section 8, "other codes show the server message"), never the success code.
 */
export function refusalCode(success: '0' | '00', codes: Record<string, string>): Json {
  const known = Object.entries(codes)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, description]) => ({ const: code, description }));
  return {
    anyOf: [
      ...known,
      { type: ['string', 'integer'], description: 'Any other refusal: its message is shown.' },
    ],
    not: { enum: success === '00' ? ['00'] : [0, '0'] },
  };
}
