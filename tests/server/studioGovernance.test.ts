/**
 * Studio governance: named accounts with roles (an editor drafts, a publisher
 * publishes), a money screen published only with another publisher's approval of that exact
 * draft, discarding a draft audited, two operators on one draft warned about each other, and
 * `npm run layouts:import` refusing to replace a version published in the studio after the
 * file's last import (--force replaces it, audited).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importLayouts, importReport } from '../../server/layouts/import';
import {
  DEMO_REVIEWER,
  DEMO_REVIEWER_PASSWORD,
  DEMO_STUDIO_PASSWORD,
  DEMO_STUDIO_USER,
} from '../../server/layouts/studio/auth';
import { disableOperator, saveOperator } from '../../server/layouts/studio/operators';
import { startServer, type TestServer } from './helpers';
import { studioAs } from './studioApi';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function start(): Promise<TestServer> {
  const s = await startServer();
  servers.push(s);
  return s;
}

const as = studioAs;

async function publishedText(
  s: TestServer,
  name: string,
): Promise<{ version: number; content: string }> {
  const row = await s.db
    .selectFrom('layouts')
    .innerJoin('layout_versions', (j) =>
      j
        .onRef('layout_versions.layout', '=', 'layouts.name')
        .onRef('layout_versions.version', '=', 'layouts.published_version'),
    )
    .select(['layout_versions.version', 'layout_versions.content'])
    .where('layouts.name', '=', name)
    .executeTakeFirstOrThrow();
  return row;
}

const retitled = (text: string, title: string) =>
  text.replace(/"title": "[^"]*"/, `"title": "${title}"`);

describe('studio governance', () => {
  it('roles: an editor (saved as the CLI does) drafts but cannot publish, approve or roll back; a publisher can; a disabled account is out at once', async () => {
    const s = await start();
    expect(await saveOperator(s.db, 'edna', 'editor', 'edna-password-1')).toBe('added');
    expect(await saveOperator(s.db, 'pablo', 'publisher', 'pablo-password-1')).toBe('added');
    const stored = await s.db
      .selectFrom('studio_operators')
      .select('password_hash')
      .where('name', '=', 'edna')
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(
      /^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/,
    );
    expect(stored.password_hash).not.toContain('edna-password-1');
    await expect(saveOperator(s.db, 'x', 'editor', 'short')).rejects.toThrow(/operator name "x"/);
    await expect(saveOperator(s.db, 'shorty', 'editor', 'short')).rejects.toThrow(
      /at least 12 characters/,
    );
    expect(
      (
        await s.inject({
          method: 'POST',
          url: '/studio/api/login',
          payload: { user: 'edna', password: 'wrong-password' },
        })
      ).statusCode,
    ).toBe(401);

    const editor = await as(s, 'edna', 'edna-password-1');
    expect((await editor('GET', '/me')).data).toEqual({ user: 'edna', role: 'editor' });
    const { content, version } = await publishedText(s, 'customer-service');
    expect(
      (
        await editor('PUT', '/layouts/customer-service/draft', {
          content: retitled(content, 'Help desk'),
        })
      ).status,
    ).toBe(200);
    const refused = await editor('POST', '/layouts/customer-service/publish', { note: 'try' });
    expect([refused.status, refused.message]).toEqual([
      403,
      'Publishing needs the publisher role; your account is an editor. Ask a publisher.',
    ]);
    expect(
      (await editor('POST', '/layouts/customer-service/rollback', { version: 1, reason: 'x' }))
        .message,
    ).toBe('Rolling back needs the publisher role; your account is an editor. Ask a publisher.');
    expect((await editor('POST', '/layouts/repay/approve', {})).status).toBe(403);
    expect((await publishedText(s, 'customer-service')).version).toBe(version);

    const publisher = await as(s, 'pablo', 'pablo-password-1');
    const done = await publisher('POST', '/layouts/customer-service/publish', {
      note: 'Edna asked',
    });
    expect([done.status, done.data.version]).toEqual([200, version + 1]);

    expect(await disableOperator(s.db, 'edna')).toBe(true);
    expect((await editor('GET', '/me')).status).toBe(401);
    expect(
      (
        await s.inject({
          method: 'POST',
          url: '/studio/api/login',
          payload: { user: 'edna', password: 'edna-password-1' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('a money screen is published only after another publisher, who did not edit it, approves that exact draft', async () => {
    const s = await start();
    const ana = await as(s, DEMO_STUDIO_USER, DEMO_STUDIO_PASSWORD);
    const rev = await as(s, DEMO_REVIEWER, DEMO_REVIEWER_PASSWORD);
    const { content, version } = await publishedText(s, 'repay');
    const draft = retitled(content, 'Repay now');
    const saved = await ana('PUT', '/layouts/repay/draft', { content: draft });
    const hash = String(saved.data.hash);
    const short = hash.slice(0, 8);

    const alone = await ana('POST', '/layouts/repay/publish', { note: 'new title' });
    expect([alone.status, alone.message]).toEqual([
      409,
      `"repay" needs two people to publish: it makes a money or identity call (generateVcode). Another publisher who did not edit this draft must approve this exact text (${short}). Ask another publisher to open it and press Approve.`,
    ]);
    // The editor of the draft cannot approve it.
    const own = await ana('POST', '/layouts/repay/approve', { hash });
    expect([own.status, own.message]).toEqual([
      403,
      'You edited this draft: it is approved by a publisher who did not edit it.',
    ]);
    // An approval of what the reviewer saw, when the draft changed since, is refused.
    expect((await rev('POST', '/layouts/repay/approve', { hash: 'f'.repeat(64) })).message).toBe(
      'The draft changed since you opened it: look at it again before approving.',
    );
    expect((await rev('POST', '/layouts/repay/approve', { hash })).status).toBe(200);
    expect((await ana('GET', '/layouts/repay')).data.draft).toMatchObject({
      hash,
      approvedBy: [DEMO_REVIEWER],
    });

    // The draft changes after the approval: that approval ends, and changing back does not revive it.
    await ana('PUT', '/layouts/repay/draft', { content: retitled(content, 'Repay today') });
    await ana('PUT', '/layouts/repay/draft', { content: draft });
    const changed = await ana('POST', '/layouts/repay/publish', { note: 'new title' });
    expect([changed.status, changed.message]).toEqual([
      409,
      expect.stringContaining(
        `The approval by ${DEMO_REVIEWER} ended (the draft changed): ask again.`,
      ),
    ]);
    expect((await publishedText(s, 'repay')).version).toBe(version);

    expect((await rev('POST', '/layouts/repay/approve', { hash })).status).toBe(200);
    const published = await ana('POST', '/layouts/repay/publish', { note: 'new title' });
    expect([published.status, published.data.version]).toEqual([200, version + 1]);
    expect((await publishedText(s, 'repay')).content).toBe(draft);
    const audit = await s.db
      .selectFrom('layout_audit')
      .select(['action', 'actor', 'reason'])
      .where('layout', '=', 'repay')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(audit).toEqual([
      {
        action: 'publish',
        actor: DEMO_STUDIO_USER,
        reason: `new title (approved by ${DEMO_REVIEWER})`,
      },
      { action: 'approve', actor: DEMO_REVIEWER, reason: `approved draft ${short}` },
    ]);
    // A screen whose change does nothing new and calls no money or identity endpoint needs no approval.
    const cs = await publishedText(s, 'customer-service');
    await ana('PUT', '/layouts/customer-service/draft', { content: retitled(cs.content, 'Help') });
    expect((await rev('POST', '/layouts/customer-service/approve', {})).status).toBe(400);
  });

  it('a discarded draft is an audit entry; a second operator saving the same draft is warned who else edits it', async () => {
    const s = await start();
    const ana = await as(s, DEMO_STUDIO_USER, DEMO_STUDIO_PASSWORD);
    const rev = await as(s, DEMO_REVIEWER, DEMO_REVIEWER_PASSWORD);
    const { content } = await publishedText(s, 'customer-service');
    expect(
      (await ana('PUT', '/layouts/customer-service/draft', { content: retitled(content, 'A') }))
        .data.warning,
    ).toBeNull();
    expect(
      (await ana('PUT', '/layouts/customer-service/draft', { content: retitled(content, 'AB') }))
        .data.warning,
    ).toBeNull();
    const second = await rev('PUT', '/layouts/customer-service/draft', {
      content: retitled(content, 'B'),
    });
    expect(second.data.warning).toBe(
      `${DEMO_STUDIO_USER} also edited this draft less than a minute ago: you share one draft, and each save replaces the other's text. Agree who goes on, and check the diff before publishing.`,
    );
    expect((await ana('GET', '/layouts/customer-service')).data.warning).toMatch(
      new RegExp(`^${DEMO_REVIEWER} also edited this draft`),
    );

    expect((await rev('DELETE', '/layouts/customer-service/draft')).data).toEqual({
      discarded: true,
    });
    expect((await rev('DELETE', '/layouts/customer-service/draft')).data).toEqual({
      discarded: false,
    });
    const audit = await s.db
      .selectFrom('layout_audit')
      .select(['action', 'actor', 'reason'])
      .where('layout', '=', 'customer-service')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(audit).toEqual([
      {
        action: 'discard',
        actor: DEMO_REVIEWER,
        reason: `draft discarded (last saved by ${DEMO_REVIEWER})`,
      },
      { action: 'draft', actor: DEMO_STUDIO_USER, reason: 'draft started' },
    ]);
  });

  it("layouts:import refuses to replace a version published in the studio after the file's last import; --force replaces it, audited", async () => {
    const s = await start();
    const ana = await as(s, DEMO_STUDIO_USER, DEMO_STUDIO_PASSWORD);
    const { content, version } = await publishedText(s, 'customer-service');
    await ana('PUT', '/layouts/customer-service/draft', {
      content: retitled(content, 'Studio title'),
    });
    expect(
      (await ana('POST', '/layouts/customer-service/publish', { note: 'studio change' })).status,
    ).toBe(200);

    const dir = mkdtempSync(join(tmpdir(), 'kopa-import-'));
    try {
      writeFileSync(join(dir, 'customer-service.json'), retitled(content, 'Repository title'));
      writeFileSync(join(dir, 'about-us.json'), (await publishedText(s, 'about-us')).content);
      const first = await importLayouts(s.db, dir, 'all', 'developer');
      expect(first.map((o) => [o.name, o.result])).toEqual([
        ['about-us', 'unchanged'],
        ['customer-service', 'conflict'],
      ]);
      const report = importReport(first);
      expect(report.failed).toBe(true);
      expect(report.lines[1]).toMatch(
        new RegExp(
          `^CONFLICT   customer-service: v${version + 1} was published in the studio by ${DEMO_STUDIO_USER} at \\S+, after this file's last import \\(v${version}\\); not replaced\\. Bring the studio's change into layouts/customer-service\\.json, or run with --force to replace it \\(audited\\)\\.$`,
        ),
      );
      expect((await publishedText(s, 'customer-service')).content).toBe(
        retitled(content, 'Studio title'),
      );

      const forced = await importLayouts(s.db, dir, 'all', 'developer', { force: true });
      expect(forced.map((o) => [o.name, o.result, o.version])).toEqual([
        ['about-us', 'unchanged', expect.any(Number)],
        ['customer-service', 'published', version + 2],
      ]);
      expect((await publishedText(s, 'customer-service')).content).toBe(
        retitled(content, 'Repository title'),
      );
      const audit = await s.db
        .selectFrom('layout_audit')
        .select(['action', 'actor', 'reason', 'from_version', 'to_version'])
        .where('layout', '=', 'customer-service')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit).toEqual({
        action: 'import-forced',
        actor: 'developer',
        from_version: version + 1,
        to_version: version + 2,
        reason: `layouts/customer-service.json from the repository (--force: replaced v${version + 1}, published in the studio by ${DEMO_STUDIO_USER})`,
      });
      // Settled: the file's import is now the last word, and a plain import finds nothing to do.
      expect((await importLayouts(s.db, dir, 'all', 'developer')).map((o) => o.result)).toEqual([
        'unchanged',
        'unchanged',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
