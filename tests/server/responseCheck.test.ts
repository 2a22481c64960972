/**
 * A handler is held to its endpoint's response schema twice. At compile time the
 * handler for key K must return ResponseOf<K> and K must be a catalogue name (the
 * `@ts-expect-error` lines below fail `tsc` the day that check stops working). At run time, in
 * development and test, an answer that breaks the schema is a 500 with a log line naming the
 * endpoint and the JSON pointer; in production it is answered as it is and logged.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEndpointCatalogue, compileApiValidators } from '../../server/core/catalogue';
import { loadAppConfig, loadWireNames } from '../../server/core/config';
import { publicEndpoint, type EndpointContext } from '../../server/http/endpoint';
import { responseCheckFor, type ResponseCheck } from '../../server/core/settings';
import { registerErrorHandling } from '../../server/http/errorHandler';
import { createWireMapper } from '../../server/core/wire';

const cfg = loadAppConfig();
const catalogue = loadEndpointCatalogue(cfg.provider);
const validators = compileApiValidators();
const wire = createWireMapper(loadWireNames());
const CONTACT = `/vexed${catalogue.contactKfInfo?.path ?? ''}`;

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A bare Fastify app with only the endpoint registration, and the error lines it logs. */
function bareServer(responseCheck: ResponseCheck): {
  app: FastifyInstance;
  ctx: EndpointContext;
  logged: () => Array<Record<string, unknown>>;
} {
  const lines: string[] = [];
  const server = Fastify({
    logger: {
      level: 'error',
      stream: {
        write: (line: string) => {
          lines.push(line);
        },
      },
    },
  });
  registerErrorHandling(server);
  app = server;
  return {
    app: server,
    ctx: { cfg, catalogue, validators, wire, responseCheck, log: server.log },
    logged: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

/** The contact call as the app sends it. */
const askContact = (server: ReturnType<typeof bareServer>['app']) =>
  server.inject({
    method: 'POST',
    url: CONTACT,
    payload: { overall: 30 },
    headers: { 'content-type': 'application/json' },
  });

describe('responses are checked against their schema', () => {
  it('development and test answer 500 for a handler that breaks its schema, logging endpoint and pointer', async () => {
    const { app: server, ctx, logged } = bareServer('strict');
    // @ts-expect-error -- email must be a string (ContactKfInfoResponse): the compile-time half of the check.
    publicEndpoint(server, ctx, 'contactKfInfo', async () => ({
      email: 42,
      smWa: '+255700000000',
    }));
    const res = await askContact(server);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: '500',
      message:
        'Response of contactKfInfo does not match contact-kf-info.response at /email: must be string',
    });
    expect(logged()).toContainEqual(
      expect.objectContaining({
        level: 50,
        endpoint: 'contactKfInfo',
        schema: 'contact-kf-info.response',
        pointer: '/email',
        msg: 'response of contactKfInfo does not match contact-kf-info.response at /email: must be string',
      }),
    );
  });

  it('a missing required field is named by the pointer of the object that lacks it', async () => {
    const { app: server, ctx, logged } = bareServer('strict');
    // @ts-expect-error -- email is required (spec: "Contact info: email, smWa"; smWa has a default phone).
    publicEndpoint(server, ctx, 'contactKfInfo', async () => ({ smWa: '+255 700 000 000' }));
    const res = await askContact(server);
    expect(res.statusCode).toBe(500);
    expect(logged()[0]).toMatchObject({ endpoint: 'contactKfInfo', pointer: '/' });
    expect(String(res.json().message)).toContain("must have required property 'email'");
  });

  it('production answers the data as it is and logs the mismatch', async () => {
    const { app: server, ctx, logged } = bareServer('log');
    // @ts-expect-error -- as above.
    publicEndpoint(server, ctx, 'contactKfInfo', async () => ({
      email: 42,
      smWa: '+255700000000',
    }));
    const res = await askContact(server);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 0,
      message: 'success',
      data: { email: 42, smWa: '+255700000000' },
    });
    expect(logged()).toContainEqual(
      expect.objectContaining({ endpoint: 'contactKfInfo', pointer: '/email' }),
    );
  });

  it('a handler that keeps to its schema is answered normally and logs nothing', async () => {
    const { app: server, ctx, logged } = bareServer('strict');
    publicEndpoint(server, ctx, 'contactKfInfo', async () => ({
      email: 'help@kopa.example',
      smWa: '+255700000000',
    }));
    const res = await askContact(server);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 0,
      message: 'success',
      data: { email: 'help@kopa.example', smWa: '+255700000000' },
    });
    expect(logged()).toEqual([]);
  });

  it('an endpoint key outside the catalogue does not compile, and fails at registration if forced', () => {
    const { app: server, ctx } = bareServer('strict');
    // @ts-expect-error -- 'contactKfInof' is not an EndpointKey.
    expect(() => publicEndpoint(server, ctx, 'contactKfInof', async () => ({}))).toThrow(
      'endpoint contactKfInof missing from schemas/api/endpoints.json',
    );
  });

  it('strict in development and test, logged only in production or when NODE_ENV is unset (npm start)', () => {
    expect(responseCheckFor('development')).toBe('strict');
    expect(responseCheckFor('test')).toBe('strict');
    expect(responseCheckFor('production')).toBe('log');
    expect(responseCheckFor(undefined)).toBe('log');
  });
});
