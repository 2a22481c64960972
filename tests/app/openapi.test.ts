/**
 * docs/openapi.json (npm run gen, scripts/lib/genOpenApi.ts) is a valid OpenAPI 3.1 document by a
 * validator of its own (@readme/openapi-parser), and says what the catalogue and spec section 8 say.
 * tests/server/openapi.test.ts and endpoints.test.ts hold the server's answers against it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileErrors, validate } from '@readme/openapi-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import endpoints from '../../schemas/api/endpoints.json';
import app from '../../config/app.json';

type Json = Record<string, unknown>;
type Doc = OpenAPIV3_1.Document & {
  paths: Record<string, Record<string, Json>>;
  components: Json;
};
const read = () =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../docs/openapi.json'), 'utf8')) as Doc;
const doc = read();

const catalogue = endpoints.endpoints as Record<
  string,
  { path: string; method: string; client: string; success: string; public?: boolean }
>;
const pathOf = (p: string) =>
  `${app.apiPrefix}${p.replaceAll('{provider}', app.provider).replace('/{legacyPrefix}', app.legacyPrefix)}`;
const op = (key: string) => {
  const e = catalogue[key];
  if (!e) throw new Error(key);
  return doc.paths[pathOf(e.path)]?.[e.method.toLowerCase()] as Json & {
    parameters: Array<{ $ref?: string; name?: string; in?: string; required?: boolean }>;
    responses: Record<string, Json>;
    requestBody?: { content: Record<string, unknown> };
  };
};

describe('docs/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, without warnings', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(read());
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    expect(result.warnings).toEqual([]);
  });

  it('the validator refuses a broken copy (a parameter without `in`, a dangling $ref)', async () => {
    const broken = read();
    const first = Object.values(broken.paths)[0] ?? {};
    const post = Object.values(first)[0] as Json;
    post.parameters = [{ name: 'userId' }]; // no `in`
    expect((await validate(broken)).valid).toBe(false);
    const dangling = read();
    delete (dangling.components.schemas as Json).RepaymentWayResponse;
    expect((await validate(dangling)).valid).toBe(false);
  });

  it('has every catalogue endpoint at its path and method, with its media type and success code', () => {
    for (const [key, e] of Object.entries(catalogue)) {
      const o = op(key);
      expect(o?.operationId, key).toBe(key);
      const media = Object.keys(o.requestBody?.content ?? {});
      if (e.method === 'GET') expect(media, key).toEqual([]);
      else
        expect(media, key).toEqual([
          {
            json: 'application/json',
            form: 'application/x-www-form-urlencoded',
            multipart: 'multipart/form-data',
          }[e.client],
        ]);
      const ok = JSON.stringify(o.responses['200']);
      if (e.client !== 'image')
        expect(ok, key).toContain(e.success === '00' ? '"const":"00"' : '"enum":[0,"0"]');
    }
    expect(Object.values(doc.paths).flatMap((p) => Object.keys(p))).toHaveLength(
      Object.keys(catalogue).length,
    );
  });

  it('borrower calls require userId and sessionId and may answer 401 and 403; public calls neither', () => {
    for (const [key, e] of Object.entries(catalogue)) {
      const refs = op(key).parameters.map((p) => p.$ref);
      const statuses = Object.keys(op(key).responses);
      const borrower = e.public !== true;
      expect(refs.includes('#/components/parameters/userIdRequired'), key).toBe(borrower);
      expect(refs.includes('#/components/parameters/sessionIdRequired'), key).toBe(borrower);
      expect(statuses.includes('401') && statuses.includes('403'), key).toBe(borrower);
      // The other session parameters of contract section 2 travel on every call.
      expect(refs, key).toEqual(
        expect.arrayContaining(
          ['deviceId', 'merchantNumber', 'lang'].map((n) => `#/components/parameters/${n}`),
        ),
      );
    }
    const params = doc.components.parameters as Record<string, { in: string; required?: boolean }>;
    expect(params.sessionIdRequired).toMatchObject({ in: 'query', required: true });
  });

  it("a GET's payload is its query; repayment-commit needs an Idempotency-Key", () => {
    expect(op('loanDetails').parameters).toContainEqual(
      expect.objectContaining({ name: 'orderId', in: 'query', required: true }),
    );
    expect(op('repaymentCommit').parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }),
    );
  });

  it('names the error codes of spec section 8 on their calls', () => {
    const codes = (key: string) => JSON.stringify(op(key).responses['200']);
    for (const key of ['repaymentCommit', 'repaymentConfirm']) {
      expect(codes(key)).toContain('"const":"800005"');
      expect(codes(key)).toContain('"const":"800006"');
    }
    expect(codes('repaymentConfirm')).toContain('wrong code');
    expect(codes('getSms')).toContain('"const":"101"');
    expect(codes('getSms')).toContain('"const":"11"');
    expect(codes('register')).toContain('"const":"-1"');
    expect(codes('register')).toContain('"const":"11"');
    expect(codes('problemSave')).toContain('does not support sending collection types');
  });
});
