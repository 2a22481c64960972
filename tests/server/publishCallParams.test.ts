/**
 * Publishing by effect counts what a call sends: a layout whose calls keep their endpoints but
 * send other data (a complaint's body now fixed, the parameter a data source asks with) changes
 * what the layout does, as does a bridge action's argument (the support mail's address), so
 * one publisher alone is refused and the studio says which call's data changed; another
 * publisher's approval lets it through. A change that sends the same data is one person's.
 */
import { describe, expect, it } from 'vitest';
import { publishedOf, twoPublishers, type StudioApi } from './studioApi';

const publishedText = async (api: StudioApi, name: string) =>
  (await publishedOf(api, name)).content;

/** Saves `draft` as `name`'s draft (no problems) and answers the studio's effect view of it. */
async function saveDraft(api: StudioApi, name: string, draft: string) {
  const saved = await api('PUT', `/layouts/${name}/draft`, { content: draft });
  expect(saved.data.issues).toEqual([]);
  const detail = await api('GET', `/layouts/${name}`);
  return { hash: String(saved.data.hash), effects: detail.data.effects as { diff: string[] } };
}

describe('publishing by what a call sends', () => {
  it("complaints: problemSave now sends a fixed text instead of what the borrower typed; one publisher is refused, the studio names the call's changed data, approved it publishes", async () => {
    const { ana, rev } = await twoPublishers();
    const before = await publishedText(ana, 'complain-page-next');
    const draft = before.replace(
      '"problemDetail": "{{ state.form.detail }}"',
      '"problemDetail": "no problem"',
    );
    expect(draft).not.toBe(before);
    const { hash, effects } = await saveDraft(ana, 'complain-page-next', draft);
    expect(effects.diff).toEqual([
      expect.stringMatching(/^changes what a call to problemSave sends: params\.problemDetail/),
    ]);
    const alone = await ana('POST', '/layouts/complain-page-next/publish', { note: 'text' });
    expect([alone.status, alone.message]).toEqual([
      409,
      expect.stringContaining(
        '"complain-page-next" needs two people to publish: it changes what the layout does: changes what a call to problemSave sends: params.problemDetail',
      ),
    ]);
    expect((await rev('POST', '/layouts/complain-page-next/approve', { hash })).status).toBe(200);
    const two = await ana('POST', '/layouts/complain-page-next/publish', { note: 'text' });
    expect(two.status).toBe(200);
    expect(await publishedText(ana, 'complain-page-next')).toBe(draft);
  });

  it('customer service: the data source asks with another parameter value; one publisher is refused', async () => {
    const { ana } = await twoPublishers();
    const before = await publishedText(ana, 'customer-service');
    const draft = before.replace('"overall": 30', '"overall": 31');
    expect(draft).not.toBe(before);
    const { effects } = await saveDraft(ana, 'customer-service', draft);
    expect(effects.diff).toEqual([
      // The phone and the mail the bridge actions use come from that answer: theirs changed too.
      'changes what the bridge action callService sends: reads data.kf',
      'changes what the bridge action sendSms sends: reads data.kf',
      'changes what a call to contactKfInfo sends: params.overall',
    ]);
    const alone = await ana('POST', '/layouts/customer-service/publish', { note: 'overall' });
    expect([alone.status, alone.message]).toEqual([
      409,
      expect.stringContaining('changes what a call to contactKfInfo sends: params.overall'),
    ]);
  });

  it("about us: the support mail's address changed (the bridge sendSms's argument); one publisher is refused on a page with no call at all", async () => {
    const { ana } = await twoPublishers();
    const before = await publishedText(ana, 'about-us');
    const draft = before.replace('"email": "support@kopa.example"', '"email": "help@evil.example"');
    expect(draft).not.toBe(before);
    const { effects } = await saveDraft(ana, 'about-us', draft);
    expect(effects.diff).toEqual(['changes what the bridge action sendSms sends: args.email']);
    const alone = await ana('POST', '/layouts/about-us/publish', { note: 'mail' });
    expect([alone.status, alone.message]).toEqual([
      409,
      expect.stringContaining('changes what the bridge action sendSms sends: args.email'),
    ]);
  });

  it('the same data, the text compacted, is one publisher’s', async () => {
    const { ana } = await twoPublishers();
    const before = await publishedText(ana, 'complain-page-next');
    const doc = JSON.parse(before) as Record<string, unknown>;
    const draft = JSON.stringify(doc);
    expect(draft).not.toBe(before);
    const { effects } = await saveDraft(ana, 'complain-page-next', draft);
    expect(effects.diff).toEqual([]);
    expect(
      (await ana('POST', '/layouts/complain-page-next/publish', { note: 'compact' })).status,
    ).toBe(200);
  });
});
