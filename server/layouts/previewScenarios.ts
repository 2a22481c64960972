/**
 * Data scenarios for the studio preview: named response data per endpoint
 * (config/preview-scenarios/<endpoint>.json), so an operator sees a screen overdue, without a
 * card, with an empty list or without its optional fields before publishing it. A page gets them
 * only with a valid preview token (server/appShell.ts), and then answers those endpoints' calls
 * with them instead of asking the server (src/app/http/client.ts); other sources keep the demo data.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../core/config';

export const SCENARIOS = {
  overdue: 'Overdue',
  'no-card': 'No card',
  'empty-list': 'Empty list',
  'missing-optional': 'Missing optional fields',
} as const;
type ScenarioName = keyof typeof SCENARIOS;

const isScenarioName = (v: unknown): v is ScenarioName =>
  typeof v === 'string' && Object.hasOwn(SCENARIOS, v);

const DIR = join(ROOT, 'config', 'preview-scenarios');

/** endpoint -> scenario -> response data, read once. */
export function loadScenarioFiles(dir = DIR): Map<string, Partial<Record<ScenarioName, unknown>>> {
  const out = new Map<string, Partial<Record<ScenarioName, unknown>>>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const doc = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
      scenarios?: Record<string, unknown>;
    };
    const scenarios: Partial<Record<ScenarioName, unknown>> = {};
    for (const [name, data] of Object.entries(doc.scenarios ?? {})) {
      if (!isScenarioName(name))
        throw new Error(
          `config/preview-scenarios/${file}: unknown scenario "${name}" (known: ${Object.keys(SCENARIOS).join(', ')})`,
        );
      scenarios[name] = data;
    }
    out.set(file.slice(0, -'.json'.length), scenarios);
  }
  return out;
}

let files: ReturnType<typeof loadScenarioFiles> | null = null;
const scenarioFiles = () => (files ??= loadScenarioFiles());

/** The endpoints a layout's data sources call (`dataSources.<key>.endpoint`). */
function endpointsOf(doc: unknown): string[] {
  const sources = (doc as { dataSources?: Record<string, { endpoint?: unknown }> } | null)
    ?.dataSources;
  if (!sources || typeof sources !== 'object') return [];
  return [
    ...new Set(
      Object.values(sources)
        .map((s) => s?.endpoint)
        .filter((e): e is string => typeof e === 'string'),
    ),
  ];
}

/** The scenarios some data source of this layout has data for, with the endpoints each covers. */
export function scenariosFor(
  doc: unknown,
): Array<{ name: ScenarioName; label: string; endpoints: string[] }> {
  const endpoints = endpointsOf(doc);
  return (Object.keys(SCENARIOS) as ScenarioName[])
    .map((name) => ({
      name,
      label: SCENARIOS[name],
      endpoints: endpoints.filter((e) => scenarioFiles().get(e)?.[name] !== undefined),
    }))
    .filter((s) => s.endpoints.length > 0);
}

/** endpoint -> data for the layout's sources that have this scenario; null when none has it. */
export function scenarioData(doc: unknown, name: string): Record<string, unknown> | null {
  if (!isScenarioName(name)) return null;
  const out: Record<string, unknown> = {};
  for (const endpoint of endpointsOf(doc)) {
    const data = scenarioFiles().get(endpoint)?.[name];
    if (data !== undefined) out[endpoint] = data;
  }
  return Object.keys(out).length > 0 ? out : null;
}
