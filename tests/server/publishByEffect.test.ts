/**
 * Publishing by effect: two people are needed for a layout that makes a money or identity call
 * (config/publishing.json) and for any change of what a layout does, whatever the layout is
 * called. An approval is of one exact text by a publisher who did not edit it, and ends when
 * the draft changes, at publish, at rollback and after 24 hours. Rolling back to a version two
 * people published may be done by one (audited as the emergency path); other rollbacks that
 * change what the layout does need approval.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_REVIEWER, DEMO_STUDIO_USER } from '../../server/layouts/studio/auth';
import { publishedOf, twoPublishers } from './studioApi';
import { withSaveBankInfo } from '../support/saveBankInfoButton';

const retitled = (text: string, title: string) =>
  text.replace(/"title": "[^"]*"/, `"title": "${title}"`);

describe('publishing by effect', () => {
  it.each(['add-normal-card', 'alipay-repayment', 'loan-detail'])(
    'one publisher adding a saveBankInfo button to %s is refused alone; the studio shows the effect diff',
    async (name) => {
      const { ana } = await twoPublishers();
      const before = await publishedOf(ana, name);
      const draft = withSaveBankInfo(before.content);
      const saved = await ana('PUT', `/layouts/${name}/draft`, { content: draft });
      expect(saved.data.issues).toEqual([]);
      const detail = await ana('GET', `/layouts/${name}`);
      const effects = detail.data.effects as { diff: string[]; twoPerson: string };
      expect(effects.diff).toContain('adds a call to saveBankInfo');
      expect(effects.twoPerson).toMatch(/money or identity call \(.*saveBankInfo.*\)/);
      const res = await ana('POST', `/layouts/${name}/publish`, { note: 'continue button' });
      expect(res.status).toBe(409);
      expect(res.message).toContain(`"${name}" needs two people to publish`);
      expect((await publishedOf(ana, name)).version).toBe(before.version);
    },
  );

  it('a change of effects on a screen with no money call needs two people; a text change does not', async () => {
    const { ana } = await twoPublishers();
    const cs = await publishedOf(ana, 'customer-service');
    await ana('PUT', '/layouts/customer-service/draft', { content: retitled(cs.content, 'Help') });
    expect((await ana('POST', '/layouts/customer-service/publish', { note: 'title' })).status).toBe(
      200,
    );
    const doc = JSON.parse(retitled(cs.content, 'Help')) as { body: unknown[] };
    doc.body.push({ type: 'image', src: 'https://cdn.kopa.example/help.png', alt: 'Help' });
    await ana('PUT', '/layouts/customer-service/draft', { content: JSON.stringify(doc, null, 2) });
    const res = await ana('POST', '/layouts/customer-service/publish', { note: 'image' });
    expect([res.status, res.message]).toEqual([
      409,
      expect.stringContaining(
        'needs two people to publish: it changes what the layout does: adds the external host cdn.kopa.example',
      ),
    ]);
  });

  it('the editor of a draft cannot approve it; another publisher can, and the other publishes', async () => {
    const { ana, rev } = await twoPublishers();
    const draft = withSaveBankInfo((await publishedOf(ana, 'loan-detail')).content);
    const { data } = await ana('PUT', '/layouts/loan-detail/draft', { content: draft });
    const own = await ana('POST', '/layouts/loan-detail/approve', { hash: data.hash });
    expect(own.status).toBe(403);
    // A reviewer who edited the draft too is out as well.
    await rev('PUT', '/layouts/loan-detail/draft', { content: draft });
    expect((await rev('POST', '/layouts/loan-detail/approve', { hash: data.hash })).status).toBe(
      403,
    );
  });

  it('an approval ends at rollback: the same text pasted again is refused alone', async () => {
    const { ana, rev } = await twoPublishers();
    const v1 = await publishedOf(ana, 'loan-detail');
    await ana('PUT', '/layouts/loan-detail/draft', { content: retitled(v1.content, 'Loans') });
    const v2 = await ana('POST', '/layouts/loan-detail/publish', { note: 'title' });
    expect(v2.status).toBe(200);
    const draft = withSaveBankInfo(v1.content);
    const { data } = await ana('PUT', '/layouts/loan-detail/draft', { content: draft });
    expect((await rev('POST', '/layouts/loan-detail/approve', { hash: data.hash })).status).toBe(
      200,
    );
    // Back to v1: same effects as v2, no money call, so one publisher may; the approval ends.
    const back = await ana('POST', '/layouts/loan-detail/rollback', {
      version: v1.version,
      reason: 'oops',
    });
    expect(back.status).toBe(200);
    await ana('PUT', '/layouts/loan-detail/draft', { content: draft });
    const res = await ana('POST', '/layouts/loan-detail/publish', { note: 'again' });
    expect([res.status, res.message]).toEqual([
      409,
      expect.stringContaining(`The approval by ${DEMO_REVIEWER} ended (rolled back): ask again.`),
    ]);
  });

  it('an approval older than 24 hours does not count', async () => {
    const { s, ana, rev } = await twoPublishers();
    const draft = withSaveBankInfo((await publishedOf(ana, 'loan-detail')).content);
    const { data } = await ana('PUT', '/layouts/loan-detail/draft', { content: draft });
    expect((await rev('POST', '/layouts/loan-detail/approve', { hash: data.hash })).status).toBe(
      200,
    );
    await s.db
      .updateTable('layout_approvals')
      .set({ at: new Date(Date.now() - 25 * 3_600_000) })
      .where('layout', '=', 'loan-detail')
      .execute();
    const res = await ana('POST', '/layouts/loan-detail/publish', { note: 'late' });
    expect([res.status, res.message]).toEqual([409, expect.stringContaining('run out (24 hours)')]);
    expect((await rev('POST', '/layouts/loan-detail/approve', { hash: data.hash })).status).toBe(
      200,
    );
    expect((await ana('POST', '/layouts/loan-detail/publish', { note: 'fresh' })).status).toBe(200);
  });

  it('rollback: to a version two people published, one may (audited emergency); to one published alone that changes effects, approval first', async () => {
    const { s, ana, rev } = await twoPublishers();
    const v1 = await publishedOf(ana, 'loan-detail');
    const draft = withSaveBankInfo(v1.content);
    const { data } = await ana('PUT', '/layouts/loan-detail/draft', { content: draft });
    await rev('POST', '/layouts/loan-detail/approve', { hash: data.hash });
    const two = await ana('POST', '/layouts/loan-detail/publish', { note: 'save button' });
    expect(two.status).toBe(200);
    const v2 = Number(two.data.version);

    // Back to v1 (published by one, without the call): needs another publisher's approval.
    const alone = await ana('POST', '/layouts/loan-detail/rollback', {
      version: v1.version,
      reason: 'revert',
    });
    expect([alone.status, alone.message]).toEqual([
      409,
      expect.stringContaining(`Rolling "loan-detail" back to v${v1.version} needs two people`),
    ]);
    expect(
      (await rev('POST', `/layouts/loan-detail/versions/${v1.version}/approve`, {})).status,
    ).toBe(200);
    expect(
      (
        await ana('POST', '/layouts/loan-detail/rollback', {
          version: v1.version,
          reason: 'revert',
        })
      ).status,
    ).toBe(200);

    // Forward again to v2, which two people published: one publisher alone, audited as the emergency path.
    const emergency = await ana('POST', '/layouts/loan-detail/rollback', {
      version: v2,
      reason: 'restore',
    });
    expect(emergency.status).toBe(200);
    const audit = await s.db
      .selectFrom('layout_audit')
      .select(['action', 'actor', 'reason'])
      .where('layout', '=', 'loan-detail')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      action: 'rollback-emergency',
      actor: DEMO_STUDIO_USER,
      reason: `restore (emergency: v${v2} was published by ${DEMO_STUDIO_USER}, approved by ${DEMO_REVIEWER})`,
    });
  });
});
