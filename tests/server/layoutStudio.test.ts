/**
 * Layouts on the database. Seeding from layouts/*.json, operator login, drafts,
 * publishing (checked: refused with the issues, nothing invalid reaches a borrower), immutable
 * versions, rollback, the audit log, restart persistence, the draft preview, and two instances on
 * one PostgreSQL seeing a publish (DATABASE_URL).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importLayouts } from '../../server/layouts/import';
import {
  DEMO_STUDIO_PASSWORD,
  DEMO_STUDIO_USER,
  previewToken,
  studioCredentials,
  studioLoginHint,
} from '../../server/layouts/studio/auth';
import { serverSecret } from '../../server/domain/tokens';
import { startServer, type TestServer } from './helpers';

const NAME = 'customer-service';
/**
 * The tests' own version of a layout a route shows (the repository's file changes with other
 * work): a server started on a directory holding it imports it as a new version at start.
 */
const FILE = `${JSON.stringify(
  {
    id: NAME,
    version: 1,
    title: 'Online service',
    dataSources: { kf: { endpoint: 'contactKfInfo', params: { overall: 30 } } },
    body: [
      { type: 'page-header', title: 'Online service' },
      { type: 'text', id: 'emailValue', text: '{{ data.kf.email }}' },
    ],
  },
  null,
  2,
)}\n`;
/** One visible text changed. */
const EDITED = FILE.replace('"title": "Online service"', '"title": "Online service desk"');
/** A binding to a field contactKfInfo does not have: the lint rule unknown-field refuses it. */
const BROKEN = FILE.replace('{{ data.kf.email }}', '{{ data.kf.emial }}');

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** A built app of one line: enough for the server to answer a route with its layout inlined. */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kopa-dist-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>Kopa</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

function layoutsDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kopa-layouts-'));
  writeFileSync(join(dir, `${NAME}.json`), FILE);
  return dir;
}

async function start(): Promise<TestServer> {
  const s = await startServer({ distDir: fakeDist(), layoutsDir: layoutsDir() });
  servers.push(s);
  return s;
}

/** The version borrowers get now. */
async function publishedVersion(s: TestServer): Promise<number> {
  return (
    (
      await s.db
        .selectFrom('layouts')
        .select('published_version')
        .where('name', '=', NAME)
        .executeTakeFirstOrThrow()
    ).published_version ?? 0
  );
}

async function login(s: TestServer): Promise<string> {
  const res = await s.inject({
    method: 'POST',
    url: '/studio/api/login',
    payload: { user: DEMO_STUDIO_USER, password: DEMO_STUDIO_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  const cookie = String(res.headers['set-cookie']).split(';')[0] ?? '';
  expect(cookie).toMatch(/^kopa_studio=/);
  expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/);
  return cookie;
}

function studio(s: TestServer, cookie: string) {
  const req = async (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    path: string,
    payload?: unknown,
  ) => {
    const res = await s.inject({
      method,
      url: `/studio/api${path}`,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return {
      status: res.statusCode,
      body: res.json() as { code: unknown; message: string; data: Record<string, unknown> },
    };
  };
  return {
    req,
    publish: async (text: string, note: string) => {
      expect((await req('PUT', `/layouts/${NAME}/draft`, { content: text })).status).toBe(200);
      return req('POST', `/layouts/${NAME}/publish`, { note });
    },
  };
}

/** The layout's newest audit entry. */
function latestAudit(s: TestServer) {
  return s.db
    .selectFrom('layout_audit')
    .selectAll()
    .where('layout', '=', NAME)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

async function served(s: TestServer, name = NAME): Promise<string> {
  const res = await s.inject({ method: 'GET', url: `/layouts/${name}.json` });
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe('layouts on the database', () => {
  // On PGlite the tests start from a copy of a database seeded with the repository's layouts, so
  // the tests' file is a changed file there (imported as the next version); on PostgreSQL each
  // test has a fresh schema, seeded from the tests' directory alone (version 1).
  it('the layouts directory is imported at start: a new published version, audited, served with an ETag and 304', async () => {
    const s = await start();
    expect(await served(s)).toBe(FILE);
    const first = await s.inject({ method: 'GET', url: `/layouts/${NAME}.json` });
    expect(
      (
        await s.inject({
          method: 'GET',
          url: `/layouts/${NAME}.json`,
          headers: { 'if-none-match': String(first.headers.etag) },
        })
      ).statusCode,
    ).toBe(304);
    const b = await publishedVersion(s);
    const audit = await latestAudit(s);
    expect([audit.action, audit.actor, audit.from_version, audit.to_version]).toEqual([
      'import',
      'import',
      b === 1 ? null : b - 1,
      b,
    ]);
    if (process.env.DATABASE_URL) expect(b).toBe(1);
  });

  it('the studio API needs the operator login: wrong password and a borrower session are refused', async () => {
    const s = await start();
    expect((await s.inject({ method: 'GET', url: '/studio/api/layouts' })).statusCode).toBe(401);
    const wrong = await s.inject({
      method: 'POST',
      url: '/studio/api/login',
      payload: { user: DEMO_STUDIO_USER, password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: 'Wrong user name or password.' });
    // A borrower's session parameters open nothing here.
    expect(
      (
        await s.inject({
          method: 'GET',
          url: '/studio/api/layouts?userId=10001&sessionId=demo-session',
        })
      ).statusCode,
    ).toBe(401);
    // A preview token is not a session (its purpose is signed into it).
    const { token } = previewToken(await serverSecret(s.db), NAME, Date.now());
    expect(
      (
        await s.inject({
          method: 'GET',
          url: '/studio/api/layouts',
          headers: { cookie: `kopa_studio=${token}` },
        })
      ).statusCode,
    ).toBe(401);
    const cookie = await login(s);
    const list = await studio(s, cookie).req('GET', '/layouts');
    expect(list.status).toBe(200);
    const b = await publishedVersion(s);
    expect(list.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: NAME,
          published: b,
          versions: b,
          path: '/customerService',
          draft: null,
        }),
      ]),
    );
  });

  it('ten failed logins from one address lock the login for 15 minutes, even with the right password', async () => {
    const s = await start();
    const attempt = (password: string) =>
      s.inject({
        method: 'POST',
        url: '/studio/api/login',
        payload: { user: DEMO_STUDIO_USER, password },
      });
    for (let i = 0; i < 10; i += 1) expect((await attempt(`wrong-${i}`)).statusCode).toBe(401);
    const locked = await attempt(DEMO_STUDIO_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      message: 'Too many failed logins; try again in 15 minutes.',
    });
  });

  it('credentials come from the environment; production without STUDIO_PASSWORD has no studio', () => {
    expect(studioCredentials({ NODE_ENV: 'development' })).toEqual({
      user: 'operator',
      password: DEMO_STUDIO_PASSWORD,
      demo: true,
    });
    expect(studioCredentials({ STUDIO_USER: 'ana', STUDIO_PASSWORD: 's3cret' })).toEqual({
      user: 'ana',
      password: 's3cret',
      demo: false,
    });
    expect(studioCredentials({ NODE_ENV: 'production' })).toBeNull();
    expect(studioLoginHint('http://x/studio', null)).toMatch(/^Layout studio: off/);
    // The demo names its second publisher, so the two-person publish can be tried.
    expect(
      studioLoginHint('http://x/studio', studioCredentials({ NODE_ENV: 'development' })),
    ).toContain('user "reviewer", password "kopa-studio-review"');
    expect(
      studioLoginHint('http://x/studio', { user: 'ana', password: 's3cret', demo: false }),
    ).not.toContain('s3cret');
  });

  it('publishing a draft makes a new immutable version that borrowers get, with an audit entry naming who and why', async () => {
    const s = await start();
    const api = studio(s, await login(s));
    const b = await publishedVersion(s);
    const res = await api.publish(EDITED, 'Clearer title');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ version: b + 1, from: b, changed: true });
    expect(await served(s)).toBe(EDITED);
    const html = await s.inject({
      method: 'GET',
      url: '/customerService',
      headers: { accept: 'text/html' },
    });
    expect(html.body).toContain('Online service desk');
    const detail = (await api.req('GET', `/layouts/${NAME}`)).body.data as {
      draft: unknown;
      versions: Array<{ version: number; author: string; note: string; published: boolean }>;
      audit: Array<{ action: string; actor: string; from: number; to: number; reason: string }>;
    };
    expect(detail.draft).toBeNull();
    expect(
      detail.versions.slice(0, 2).map((v) => [v.version, v.author, v.note, v.published]),
    ).toEqual([
      [b + 1, 'operator', 'Clearer title', true],
      [b, 'import', `layouts/${NAME}.json from the repository`, false],
    ]);
    expect(
      detail.audit.slice(0, 3).map((a) => [a.action, a.actor, a.from, a.to, a.reason]),
    ).toEqual([
      ['publish', 'operator', b, b + 1, 'Clearer title'],
      ['draft', 'operator', b, null, 'draft started'],
      ['import', 'import', b === 1 ? null : b - 1, b, `layouts/${NAME}.json from the repository`],
    ]);
    // Versions are history: the database itself refuses to change or delete one.
    await expect(
      s.db
        .updateTable('layout_versions')
        .set({ content: '{}' })
        .where('layout', '=', NAME)
        .execute(),
    ).rejects.toThrow(/immutable/);
    await expect(
      s.db.deleteFrom('layout_versions').where('layout', '=', NAME).execute(),
    ).rejects.toThrow(/immutable/);
    // Publishing needs a reason.
    await api.req('PUT', `/layouts/${NAME}/draft`, { content: FILE });
    expect((await api.req('POST', `/layouts/${NAME}/publish`, { note: ' ' })).status).toBe(400);
  });

  it.each([
    ['a broken binding', BROKEN, 'unknown-field', '/body/1/text'],
    ['text that is not JSON', `${FILE.slice(0, 40)}`, 'not-json', ''],
    [
      'a key written twice',
      FILE.replace('"version": 1', '"version": 1, "version": 2'),
      'duplicate-key',
      '/version',
    ],
    [
      'a 1,500-deep node',
      FILE.replace(
        '"body": [',
        `"body": [${'{"type":"container","children":['.repeat(1500)}${']}'.repeat(1500)},`,
      ),
      'too-deep',
      null,
    ],
  ])(
    'publishing %s is refused with the issues (file, pointer, line, message); borrowers keep the published version',
    async (_what, text, code, pointer) => {
      const s = await start();
      const api = studio(s, await login(s));
      const b = await publishedVersion(s);
      const saved = await api.req('PUT', `/layouts/${NAME}/draft`, { content: text });
      expect(saved.status).toBe(200);
      const res = await api.req('POST', `/layouts/${NAME}/publish`, { note: 'try' });
      expect(res.status).toBe(422);
      expect(res.body.message).toMatch(/^Not published: \d+ problem\(s\) in the draft\.$/);
      const issues = (
        res.body.data as {
          issues: Array<{
            file: string;
            pointer: string;
            code: string;
            line: number;
            message: string;
          }>;
        }
      ).issues;
      expect(issues[0]).toMatchObject({ file: `layouts/${NAME}.json`, code });
      expect(issues[0]?.line).toBeGreaterThan(0);
      if (pointer !== null) expect(issues.find((i) => i.code === code)?.pointer).toBe(pointer);
      // The draft's save answered with the same issues (the editor's inline errors).
      expect(
        (saved.body.data as { issues: Array<{ code: string }> }).issues.map((i) => i.code),
      ).toContain(code);
      expect(await served(s)).toBe(FILE);
      expect(await publishedVersion(s)).toBe(b);
      expect(
        (
          await s.db
            .selectFrom('layout_versions')
            .select('version')
            .where('layout', '=', NAME)
            .where('version', '>', b)
            .execute()
        ).length,
      ).toBe(0);
    },
  );

  it('rollback to an earlier version is one call and one audit entry; borrowers get that version again', async () => {
    const s = await start();
    const api = studio(s, await login(s));
    const b = await publishedVersion(s);
    await api.publish(EDITED, 'edited');
    expect(await served(s)).toBe(EDITED);
    const res = await api.req('POST', `/layouts/${NAME}/rollback`, {
      version: b,
      reason: 'Title confused borrowers',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ version: b, from: b + 1 });
    expect(await served(s)).toBe(FILE);
    const audit = await latestAudit(s);
    expect([audit.action, audit.actor, audit.from_version, audit.to_version, audit.reason]).toEqual(
      ['rollback', 'operator', b + 1, b, 'Title confused borrowers'],
    );
    // No new version: the rollback points at the old one.
    expect(
      (
        await s.db
          .selectFrom('layout_versions')
          .select('version')
          .where('layout', '=', NAME)
          .where('version', '>', b + 1)
          .execute()
      ).length,
    ).toBe(0);
    // Forward again is a rollback too; the current version, an unknown one and no reason are refused.
    expect(
      (await api.req('POST', `/layouts/${NAME}/rollback`, { version: b, reason: 'again' })).status,
    ).toBe(409);
    expect(
      (await api.req('POST', `/layouts/${NAME}/rollback`, { version: b + 9, reason: 'x' })).status,
    ).toBe(404);
    expect(
      (await api.req('POST', `/layouts/${NAME}/rollback`, { version: b + 1, reason: '' })).status,
    ).toBe(400);
    expect(
      (await api.req('POST', `/layouts/${NAME}/rollback`, { version: b + 1, reason: 'fixed' }))
        .status,
    ).toBe(200);
    expect(await served(s)).toBe(EDITED);
  });

  it('the last published version survives a restart (the unchanged file is not imported over it)', async () => {
    const first = await startServer({ layoutsDir: layoutsDir() });
    const api = studio(first, await login(first));
    const b = await publishedVersion(first);
    await api.publish(EDITED, 'before restart');
    await first.close({ keepData: true });
    const second = await first.restart();
    servers.push(second);
    expect(await served(second)).toBe(EDITED);
    expect(await publishedVersion(second)).toBe(b + 1);
  });

  it('the preview link shows the draft (marked for the development box) only with a valid token; borrowers still get the published version', async () => {
    const s = await start();
    const api = studio(s, await login(s));
    await api.req('PUT', `/layouts/${NAME}/draft`, { content: EDITED });
    const detail = (await api.req('GET', `/layouts/${NAME}`)).body.data as {
      preview: { url: string };
    };
    expect(detail.preview.url).toMatch(
      /^\/customerService\?userId=10001&sessionId=demo-session.*&kopaPreview=/,
    );
    const page = (url: string) =>
      s.inject({ method: 'GET', url, headers: { accept: 'text/html' } }).then((r) => r.body);
    const withToken = await page(detail.preview.url);
    expect(withToken).toContain('Online service desk');
    expect(withToken).toContain('data-preview="1"');
    const plain = await page('/customerService?userId=10001&sessionId=demo-session');
    expect(plain).not.toContain('Online service desk');
    expect(plain).not.toContain('data-preview');
    expect(
      await page(`${detail.preview.url.replace(/kopaPreview=[^&]+/, 'kopaPreview=forged.1.x')}`),
    ).not.toContain('Online service desk');
    // A token for another layout shows nothing of this one's draft.
    const other = detail.preview.url.replace(
      /kopaPreview=[^&]+/,
      `kopaPreview=${encodeURIComponent(previewToken(await serverSecret(s.db), 'repay', Date.now()).token)}`,
    );
    expect(await page(other)).not.toContain('Online service desk');
    expect(await served(s)).toBe(FILE);
  });

  it('npm run layouts:import publishes every file that differs from the published version, and nothing else', async () => {
    const s = await start();
    const dir = mkdtempSync(join(tmpdir(), 'kopa-import-'));
    try {
      writeFileSync(join(dir, `${NAME}.json`), EDITED);
      writeFileSync(
        join(dir, 'about-us.json'),
        FILE.replace(`"id": "${NAME}"`, '"id": "about-us"'),
      );
      writeFileSync(join(dir, 'repay.json'), '{ "id": "repay" ');
      const b = await publishedVersion(s);
      // about-us is new here (PostgreSQL) or differs from the repository's (PGlite): published either way.
      const first = await importLayouts(s.db, dir, 'all', 'developer');
      expect(first.map((o) => [o.name, o.result])).toEqual([
        ['about-us', 'published'],
        [NAME, 'published'],
        ['repay', 'refused'],
      ]);
      expect(first[1]?.version).toBe(b + 1);
      // Run again: nothing differs any more.
      const again = await importLayouts(s.db, dir, 'all', 'developer');
      expect(again.map((o) => [o.name, o.result])).toEqual([
        ['about-us', 'unchanged'],
        [NAME, 'unchanged'],
        ['repay', 'refused'],
      ]);
      const out = first;
      expect(out[2]?.issues?.[0]).toMatchObject({ file: 'layouts/repay.json', code: 'not-json' });
      s.app.kopaLayouts.store.invalidate();
      expect(await served(s)).toBe(EDITED);
      const audit = await latestAudit(s);
      expect([audit.action, audit.actor, audit.from_version, audit.to_version]).toEqual([
        'import',
        'developer',
        b,
        b + 1,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Asks `s` for the layout until it serves `text` (5 s at most); how long that took, in ms. */
async function waitForServed(s: TestServer, text: string): Promise<number> {
  const started = Date.now();
  let body = await served(s);
  while (body !== text && Date.now() - started < 5000) {
    await new Promise((r) => setTimeout(r, 50));
    body = await served(s);
  }
  expect(body).toBe(text);
  return Date.now() - started;
}

describe.skipIf(!process.env.DATABASE_URL)('several instances on one PostgreSQL', () => {
  it('a publish through one instance is served by the other within seconds, without a restart', async () => {
    const a = await start();
    // A second instance on the same database and schema (as behind a load balancer), its poll slow
    // enough that only LISTEN/NOTIFY can deliver the change in time.
    const log: { msg: string; layout?: string; version?: number }[] = [];
    const stream = { write: (line: string) => void log.push(JSON.parse(line) as never) };
    const b = await a.restart({ layoutPollMs: 60_000, logger: { level: 'info', stream } });
    expect(await served(b)).toBe(FILE);
    const v = await publishedVersion(a);
    const res = await studio(a, await login(a)).publish(EDITED, 'seen everywhere');
    expect(res.status).toBe(200);
    // The other instance compiles the new version on the notification, before anyone asks for it.
    await expect
      .poll(() => log.some((l) => l.msg === 'layout compiled' && l.version === v + 1))
      .toBe(true);
    const took = await waitForServed(b, EDITED);
    expect(took).toBeLessThan(3000);
    await b.app.close();
  });

  it('without notifications, the poll brings the publish within its interval', async () => {
    const a = await start();
    const b = await a.restart({ layoutPollMs: 300 });
    expect(await served(b)).toBe(FILE);
    // Published behind the server's back (no NOTIFY): only the poll can notice.
    const v = await publishedVersion(a);
    await a.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('layout_versions')
        .values({
          layout: NAME,
          version: v + 1,
          content: EDITED,
          served: EDITED,
          hash: 'x',
          author: 'test',
        })
        .execute();
      await tx
        .updateTable('layouts')
        .set({ published_version: v + 1 })
        .where('name', '=', NAME)
        .execute();
    });
    await waitForServed(b, EDITED);
    await b.app.close();
  });
});

describe('fragments are published with the layouts that use them', () => {
  const USING = `${JSON.stringify(
    {
      id: NAME,
      version: 1,
      title: 'Online service',
      dataSources: { kf: { endpoint: 'contactKfInfo', params: { overall: 30 } } },
      body: [{ type: 'page-header', title: 'Online service' }, { use: 'kf-line' }],
    },
    null,
    2,
  )}\n`;
  const fragment = (text: string) =>
    `${JSON.stringify({ fragment: { type: 'text', id: 'kfLine', text } }, null, 2)}\n`;

  it('a fragment edited after publishing reaches borrowers only through an import, which checks it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kopa-layouts-'));
    mkdirSync(join(dir, '_fragments'));
    writeFileSync(join(dir, `${NAME}.json`), USING);
    writeFileSync(
      join(dir, '_fragments', 'kf-line.json'),
      fragment('Write to us: {{ data.kf.email }}'),
    );
    const s = await startServer({ distDir: fakeDist(), layoutsDir: dir });
    servers.push(s);
    const b = await publishedVersion(s);
    expect(await served(s)).toContain('Write to us: {{ data.kf.email }}');
    expect(await served(s)).not.toContain('"use"');

    // Edited in place: borrowers keep the expansion that was checked when the layout was published.
    writeFileSync(
      join(dir, '_fragments', 'kf-line.json'),
      fragment('Write to us: {{ data.kf.emial }}'),
    );
    s.app.kopaLayouts.store.invalidate();
    expect(await served(s)).toContain('{{ data.kf.email }}');
    // The import sees the layout as changed (its fragment did) and refuses it, naming the fragment.
    const refused = await importLayouts(s.db, dir, 'all', 'developer');
    expect(refused.map((o) => o.result)).toEqual(['refused']);
    expect(refused[0]?.issues?.[0]).toMatchObject({
      code: 'unknown-field',
      pointer: '/body/1',
      fragment: { name: 'kf-line', pointer: '/fragment/text' },
    });
    s.app.kopaLayouts.store.invalidate();
    expect(await served(s)).toContain('{{ data.kf.email }}');
    expect(await publishedVersion(s)).toBe(b);

    // Fixed: the same layout text with the new fragment is a new version, with an audit entry.
    writeFileSync(
      join(dir, '_fragments', 'kf-line.json'),
      fragment('E-mail us: {{ data.kf.email }}'),
    );
    const published = await importLayouts(s.db, dir, 'all', 'developer');
    expect(published.map((o) => [o.result, o.version])).toEqual([['published', b + 1]]);
    s.app.kopaLayouts.store.invalidate();
    expect(await served(s)).toContain('E-mail us: {{ data.kf.email }}');
    const versions = await s.db
      .selectFrom('layout_versions')
      .select(['content', 'served'])
      .where('layout', '=', NAME)
      .orderBy('version')
      .execute();
    expect(versions.at(-1)?.content).toBe(USING);
    expect(versions.at(-2)?.content).toBe(USING);
    expect(versions.at(-2)?.served).toContain('Write to us');

    // Rolling back serves the old expansion again, although the fragment file says otherwise now.
    const api = studio(s, await login(s));
    const back = await api.req('POST', `/layouts/${NAME}/rollback`, {
      version: b,
      reason: 'old wording',
    });
    expect(back.status).toBe(200);
    s.app.kopaLayouts.store.invalidate();
    expect(await served(s)).toContain('Write to us: {{ data.kf.email }}');
  });
});
