import { readFileSync } from 'node:fs';
interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
const p = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const cats: Array<[string, RegExp]> = [
  ['kysely', /node_modules\/kysely/], ['ajv/validators', /ajv|validators|generated\/validators/], ['rate-limit', /rate-limit/], ['apiPath', /apiPath/],
  ['inputGuard', /inputGuard/], ['endpoint.ts', /server\/endpoint\.ts/], ['pg driver', /node_modules\/(pg|pg-protocol|pg-pool|postgres-date)/], ['answer builders', /planAnswer|loanDetailsAnswer|lib\/format|src\/format/],
  ['fastify', /node_modules\/(fastify|find-my-way|light-my-request|avvio|@fastify)/],
];
const tot = new Map<string, number>();
let total = 0;
p.samples.forEach((id, i) => {
  const dt = (p.timeDeltas[i] ?? 0) / 1000;
  let n: number | undefined = id;
  const f0 = byId.get(id)!.callFrame.functionName;
  if (f0 === '(idle)') return;
  total += dt;
  const seen = new Set<string>();
  while (n !== undefined) {
    const url = byId.get(n)!.callFrame.url;
    for (const [c, re] of cats) if (re.test(url) && !seen.has(c)) { seen.add(c); tot.set(c, (tot.get(c) ?? 0) + dt); }
    n = parent.get(n);
  }
});
console.log(`busy ${total.toFixed(0)} ms; inclusive by part:`);
for (const [c, ms] of [...tot].sort((a, b) => b[1] - a[1])) console.log(`  ${c.padEnd(18)} ${ms.toFixed(0).padStart(6)} ms ${(100 * ms / total).toFixed(1).padStart(5)}%`);
