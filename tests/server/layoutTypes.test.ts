/**
 * The typed-layout checks through the publish gate: each typed-layouts fixture (a shipped layout with one
 * realistic mistake) saved as the draft of its layout in the studio is refused at publish with
 * the message npm run validate prints (tests/fixtures/typed-layouts.expected.json), and borrowers
 * keep the published version; the shared check (server/layouts/check.ts) says the same.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLayoutText } from '../../server/layouts/check';
import {
  DEMO_REVIEWER,
  DEMO_REVIEWER_PASSWORD,
  DEMO_STUDIO_PASSWORD,
  DEMO_STUDIO_USER,
} from '../../server/layouts/studio/auth';
import { startServer, type TestServer } from './helpers';

const ROOT = join(import.meta.dirname, '..', '..');
const DIR = join(ROOT, 'tests/fixtures/typed-layouts');
interface Want {
  code: string;
  pointer: string;
  at: string;
  message: string;
}
const expected = JSON.parse(readFileSync(`${DIR}.expected.json`, 'utf8')) as Record<
  string,
  Want | string
>;
const fixtures = Object.entries(expected)
  .filter((e): e is [string, Want] => typeof e[1] === 'object')
  .map(([file, want]) => {
    const text = readFileSync(join(DIR, file), 'utf8');
    return { file, want, text, name: (JSON.parse(text) as { id: string }).id };
  });

let server: TestServer;
let cookie = '';

beforeAll(async () => {
  // The shipped layouts the fixtures were copied from, with the shipped fragments.
  const layouts = mkdtempSync(join(tmpdir(), 'kopa-layouts-'));
  for (const name of new Set(fixtures.map((f) => f.name)))
    cpSync(join(ROOT, 'layouts', `${name}.json`), join(layouts, `${name}.json`));
  mkdirSync(join(layouts, '_fragments'));
  for (const f of readdirSync(join(ROOT, 'layouts/_fragments')))
    cpSync(join(ROOT, 'layouts/_fragments', f), join(layouts, '_fragments', f));
  const dist = mkdtempSync(join(tmpdir(), 'kopa-dist-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>Kopa</title></head><body><div id="root"></div></body></html>',
  );
  server = await startServer({ distDir: dist, layoutsDir: layouts });
  const res = await server.inject({
    method: 'POST',
    url: '/studio/api/login',
    payload: { user: DEMO_STUDIO_USER, password: DEMO_STUDIO_PASSWORD },
  });
  cookie = String(res.headers['set-cookie']).split(';')[0] ?? '';
}, 120_000);

afterAll(async () => {
  await server?.close();
});

async function req(method: 'PUT' | 'POST', path: string, payload: object, as = cookie) {
  const res = await server.inject({
    method,
    url: `/studio/api${path}`,
    headers: { cookie: as },
    payload,
  });
  return {
    status: res.statusCode,
    body: res.json() as {
      message: string;
      data: {
        issues?: Array<{
          code: string;
          pointer: string;
          line: number;
          column: number;
          message: string;
        }>;
      };
    },
  };
}

async function served(name: string): Promise<string> {
  return (await server.inject({ method: 'GET', url: `/layouts/${name}.json` })).body;
}

describe('the studio refuses to publish each kind of type, role and order mistake', () => {
  it.each(fixtures.map((f) => [f.file, f] as const))('%s', async (_file, { name, text, want }) => {
    const before = await served(name);
    const saved = await req('PUT', `/layouts/${name}/draft`, { content: text });
    expect(saved.status).toBe(200);
    const res = await req('POST', `/layouts/${name}/publish`, { note: 'operator edit' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Not published: 1 problem(s) in the draft.');
    const [line, column] = want.at.split(':').map(Number);
    const issues = res.body.data.issues as unknown as Array<{ words: { where: string } }>;
    // Each in the operator's words too (tests/unit/operatorWords.test.ts); the rest as validate prints it.
    for (const i of issues) expect(i.words.where).not.toBe('');
    expect(issues.map(({ words: _words, ...raw }) => raw)).toEqual([
      {
        file: `layouts/${name}.json`,
        pointer: want.pointer,
        code: want.code,
        message: want.message,
        severity: 'error',
        line,
        column,
      },
    ]);
    expect(await served(name)).toBe(before);
  });

  it('publishes the shipped layout again once the mistake is undone', async () => {
    const name = 'repay';
    const fixed = readFileSync(join(ROOT, 'layouts', `${name}.json`), 'utf8').replace(
      '"version": 1',
      '"version": 2',
    );
    const saved = await req('PUT', `/layouts/${name}/draft`, { content: fixed });
    expect(saved.status).toBe(200);
    // A money screen: a second publisher approves this exact draft first.
    const login = await server.inject({
      method: 'POST',
      url: '/studio/api/login',
      payload: { user: DEMO_REVIEWER, password: DEMO_REVIEWER_PASSWORD },
    });
    const reviewer = String(login.headers['set-cookie']).split(';')[0] ?? '';
    const hash = (saved.body.data as { hash?: string }).hash ?? '';
    expect((await req('POST', `/layouts/${name}/approve`, { hash }, reviewer)).status).toBe(200);
    const res = await req('POST', `/layouts/${name}/publish`, { note: 'fixed' });
    expect(res.status).toBe(200);
    expect(JSON.parse(await served(name))).toMatchObject({ id: 'repay', version: 2 });
  });
});

describe('the shared check of the publish gate', () => {
  it.each(fixtures.map((f) => [f.file, f] as const))('%s', (_file, { name, text, want }) => {
    const issues = checkLayoutText(name, text);
    expect(issues.map((i) => [i.code, i.pointer, `${i.line}:${i.column}`, i.message])).toEqual([
      [want.code, want.pointer, want.at, want.message],
    ]);
  });
});
