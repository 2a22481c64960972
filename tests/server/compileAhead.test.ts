/**
 * Layouts are compiled when they are published, not when the first borrower asks: at start (every
 * published layout), at a studio publish and at a rollback, each with a log line naming the
 * layout, its version and the time it took. The compiled layout served afterwards is that
 * version's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_STUDIO_PASSWORD, DEMO_STUDIO_USER } from '../../server/layouts/studio/auth';
import { startServer, type TestServer } from './helpers';
import { studioAs, type StudioApi } from './studioApi';

interface Line {
  msg: string;
  layout?: string;
  version?: number;
  ms?: number;
}

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function serverWithLog() {
  const log: Line[] = [];
  const stream = { write: (line: string) => void log.push(JSON.parse(line) as Line) };
  const s = await startServer({ logger: { level: 'info', stream } });
  servers.push(s);
  const compiled = () => log.filter((l) => l.msg === 'layout compiled');
  return { s, log, compiled };
}

const NAME = 'customer-service';

/** The published layouts, once the start's compiling ahead has compiled as many versions. */
async function afterStartCompiled(studio: StudioApi, compiled: () => Line[]) {
  const list = (await studio('GET', '/layouts')).data as unknown as {
    name: string;
    published: number | null;
  }[];
  const published = list.filter((l) => l.published !== null);
  // The start does not wait for it: the lines come within moments.
  await expect.poll(() => compiled().length, { timeout: 20_000 }).toBe(published.length);
  return published;
}

describe('layouts compiled ahead', () => {
  it('a start compiles every published layout, after it, before any borrower asks for one', async () => {
    const { s, compiled } = await serverWithLog();
    const studio = await studioAs(s, DEMO_STUDIO_USER, DEMO_STUDIO_PASSWORD);
    const published = await afterStartCompiled(studio, compiled);
    expect(published.length).toBeGreaterThan(20);
    expect(
      compiled()
        .map((l) => `${l.layout} v${l.version}`)
        .sort(),
    ).toEqual(published.map((l) => `${l.name} v${l.published}`).sort());
    for (const line of compiled()) expect(line.ms).toBeGreaterThanOrEqual(0);
  });

  it('a publish and a rollback compile the new version at once; borrowers are served it', async () => {
    const { s, compiled } = await serverWithLog();
    const studio = await studioAs(s, DEMO_STUDIO_USER, DEMO_STUDIO_PASSWORD);
    const detail = (await studio('GET', `/layouts/${NAME}`)).data as {
      published: { version: number; content: string };
    };
    const v1 = detail.published.version;
    const doc = JSON.parse(detail.published.content) as { computed: Record<string, string> };
    doc.computed.helpDesk = "{{ 'Help desk' }}";
    const changed = JSON.stringify(doc, null, 2);
    expect(changed).not.toBe(detail.published.content);
    expect((await studio('PUT', `/layouts/${NAME}/draft`, { content: changed })).status).toBe(200);
    await afterStartCompiled(studio, compiled);
    const before = compiled().length;
    const pub = await studio('POST', `/layouts/${NAME}/publish`, { note: 'new title' });
    expect(pub.status, pub.message).toBe(200);
    // Compiled by the publish itself: nothing has asked for the layout since.
    expect(compiled().slice(before)).toEqual([
      expect.objectContaining({ layout: NAME, version: v1 + 1 }),
    ]);
    const served = await s.inject({ method: 'GET', url: `/layouts/${NAME}.compiled.json` });
    expect(served.json()).toMatchObject({ name: NAME, version: v1 + 1 });
    expect(served.body).toContain('Help desk');

    const back = await studio('POST', `/layouts/${NAME}/rollback`, {
      version: v1,
      reason: 'back to the old title',
    });
    expect(back.status, back.message).toBe(200);
    // A rollback publishes the old version again, under its own number.
    expect(compiled().at(-1)).toMatchObject({ layout: NAME, version: v1 });
    const again = await s.inject({ method: 'GET', url: `/layouts/${NAME}.compiled.json` });
    expect(again.json()).toMatchObject({ version: v1 });
    expect(again.body).not.toContain('Help desk');
  });
});
