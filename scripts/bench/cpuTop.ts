/**
 * Summarises a V8 CPU profile (node --cpu-prof): the functions with the most self time, as
 * "self ms, share, function (file:line)", summed over the profiles given.
 * Usage: tsx scripts/bench/cpuTop.ts <file.cpuprofile>... [N=25].
 * The server bench writes one with BENCH_SERVER_PROFILE (scripts/bench/serverProfile.ts).
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

export function topSelf(file: string | string[], count = 25): string[] {
  const self = new Map<string, number>();
  let total = 0;
  for (const one of [file].flat()) total += addSelf(one, self);
  return table(self, total, count);
}

/** Adds one profile's self time per function to `self`; returns the ms it sampled. */
function addSelf(file: string, self: Map<string, number>): number {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  let total = 0;
  p.samples.forEach((id, i) => {
    const dt = (p.timeDeltas[i] ?? 0) / 1000;
    total += dt;
    const f = byId.get(id)?.callFrame;
    if (!f) return;
    const where = f.url
      ? `${relative(process.cwd(), f.url.replace(/^file:\/\//, ''))}:${f.lineNumber + 1}`
      : '';
    const key = `${f.functionName || '(anonymous)'}${where ? ` (${where})` : ''}`;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  return total;
}

function table(self: Map<string, number>, total: number, count: number): string[] {
  const busy = total - (self.get('(idle)') ?? 0);
  const rows = [...self]
    .filter(([k]) => k !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, count);
  return [
    `busy ${busy.toFixed(0)} ms of ${total.toFixed(0)} ms sampled; top self time (share of busy):`,
    ...rows.map(
      ([k, ms]) =>
        `  ${ms.toFixed(0).padStart(6)} ms ${((ms / busy) * 100).toFixed(1).padStart(5)}%  ${k}`,
    ),
  ];
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const args = process.argv.slice(2);
  const files = args.filter((a) => !/^\d+$/.test(a));
  const n = args.find((a) => /^\d+$/.test(a));
  if (files.length === 0)
    throw new Error('usage: tsx scripts/bench/cpuTop.ts <file.cpuprofile>... [N]');
  console.log(topSelf(files, Number(n ?? 25)).join('\n'));
}
