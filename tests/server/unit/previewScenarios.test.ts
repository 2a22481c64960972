/**
 * The preview's data scenarios: every fixture in config/preview-scenarios is data its
 * endpoint could really answer (its response schema), each of the four scenarios exists for some
 * screen, and a page holding a scenario answers those endpoints from it without a request, still
 * through the response validators (src/app/http/client.ts).
 */
import { describe, expect, it } from 'vitest';
import endpoints from '../../../schemas/api/endpoints.json';
import { describeErrors, compileApiValidators } from '../../../server/core/catalogue';
import {
  loadScenarioFiles,
  scenarioData,
  scenariosFor,
  SCENARIOS,
} from '../../../server/layouts/previewScenarios';
import { parseCatalogue } from '../../../src/contract/catalogue';
import { createApiClient } from '../../../src/app/http/client';
import { config, recordingFetch, session } from '../../app/http/fixtures';

const validators = compileApiValidators();
const files = loadScenarioFiles();
const parsed = parseCatalogue(endpoints);
const catalogue = parsed.ok ? parsed.catalogue : { endpoints: {} };

describe('preview data scenarios', () => {
  it("every fixture passes its endpoint's response schema", () => {
    expect(files.size).toBeGreaterThan(0);
    for (const [endpoint, scenarios] of files) {
      const response = (endpoints.endpoints as Record<string, { response?: string }>)[endpoint]
        ?.response;
      expect(response, `${endpoint} is an endpoint with a response schema`).toBeTruthy();
      const check = validators.response(response ?? '');
      for (const [name, data] of Object.entries(scenarios)) {
        expect(check(data), `${endpoint} / ${name}: ${describeErrors(check.errors)}`).toBe(true);
      }
    }
  });

  it('each named scenario exists for at least one data source', () => {
    const covered = new Set([...files.values()].flatMap((s) => Object.keys(s)));
    expect([...covered].sort()).toEqual(Object.keys(SCENARIOS).sort());
  });

  it('a layout is offered the scenarios its data sources have; the data is keyed by endpoint', () => {
    const doc = {
      dataSources: { plan: { endpoint: 'installmentPlan' }, other: { endpoint: 'contactKfInfo' } },
    };
    expect(scenariosFor(doc).map((s) => [s.name, s.endpoints])).toEqual([
      ['overdue', ['installmentPlan']],
      ['no-card', ['installmentPlan']],
      ['empty-list', ['installmentPlan']],
      ['missing-optional', ['installmentPlan']],
    ]);
    expect(Object.keys(scenarioData(doc, 'overdue') ?? {})).toEqual(['installmentPlan']);
    // A source without fixtures keeps its demo data: no scenario for it alone.
    expect(
      scenarioData({ dataSources: { kf: { endpoint: 'contactKfInfo' } } }, 'overdue'),
    ).toBeNull();
    expect(scenarioData(doc, '__proto__')).toBeNull();
  });

  it("the client answers a fixture's endpoint from it, sends no request, and still checks the schema", async () => {
    const { fetch, requests } = recordingFetch();
    const overdue = files.get('installmentPlan')?.overdue as {
      repayPlanDetail: { repayWaitDetail: Array<{ statusText: string }> };
    };
    const api = createApiClient({
      fetch,
      catalogue,
      config,
      getSession: () => session,
      fixtures: { installmentPlan: overdue, contactKfInfo: 'not an object' },
    });
    const res = await api.call('installmentPlan', { orderId: 'O1' });
    expect(
      res.ok && (res.data as typeof overdue).repayPlanDetail.repayWaitDetail[0]?.statusText,
    ).toBe('Overdue');
    expect(requests).toHaveLength(0);
    // A fixture that does not fit the schema fails like a bad answer.
    expect(await api.call('contactKfInfo', {})).toMatchObject({ ok: false, kind: 'bad-response' });
    // Endpoints without a fixture are asked as usual.
    await api.call('delayDetail', { orderId: 'O1' });
    expect(requests).toHaveLength(1);
  });
});
