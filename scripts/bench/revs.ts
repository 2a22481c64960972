/**
 * npm run bench:revs -- <rev> [<rev> ...]: compares commits, each served by its own server code,
 * with the loads interleaved as in npm run bench:ab (compare.ts). `.` is the working tree. Each
 * other revision is checked out in a temporary git worktree (node_modules linked from here) and
 * built there; each tree's server runs in a child process of its own, so no build meets another
 * commit's server (bench:ab serves every build with the working tree's server, which mixes old
 * and new when a change touches the page the server writes). The bare page is the first
 * revision's. BENCH_LOADS (default 25) and BENCH_LIST_RUNS (default 21; 0 skips) as in bench:ab.
 * Why: one `npm run bench` moves by 0.2 in its 4x ratio from run to run on this machine (issue
 * 10, eighth part): three runs under budget in a row came from a commit that measured no faster
 * than its parent here.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareBuilds } from './compare';
import { buildForBench } from './buildForBench';

const ROOT = join(import.meta.dirname, '..', '..');
const revs = process.argv.slice(2);
if (revs.length === 0)
  throw new Error('usage: npm run bench:revs -- <rev> [<rev> ...]   (. = the working tree)');
const LOADS = Number(process.env.BENCH_LOADS ?? 25);
const LIST_RUNS = Number(process.env.BENCH_LIST_RUNS ?? 21);
const OUT = 'dist-revs';

const scratch = mkdtempSync(join(tmpdir(), 'kopa-revs-'));
const worktrees: string[] = [];
const children: ChildProcess[] = [];

/** The tree a revision is built and served from. */
function treeOf(rev: string, index: number): string {
  if (rev === '.') return ROOT;
  const dir = join(scratch, `rev-${index}`);
  execFileSync('git', ['worktree', 'add', '--detach', dir, rev], { cwd: ROOT, stdio: 'ignore' });
  worktrees.push(dir);
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

/** Starts the tree's own server on its build; resolves with its origin. */
function serve(tree: string): Promise<string> {
  const code = `const { buildServer } = await import(${JSON.stringify(join(tree, 'server', 'app.ts'))});
const app = await buildServer({ demo: true, dataDir: ${JSON.stringify(mkdtempSync(join(scratch, 'data-')))}, distDir: ${JSON.stringify(join(tree, OUT))}, layoutsDir: ${JSON.stringify(join(tree, 'layouts'))}, logger: false });
console.log('listening ' + await app.listen({ port: 0, host: '127.0.0.1' }));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: tree,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const origin = /listening (\S+)/.exec(chunk.toString())?.[1];
      if (origin) resolve(origin);
    });
    child.on('exit', (status) =>
      reject(new Error(`the server of ${tree} ended (${status ?? 'signal'})`)),
    );
  });
}

try {
  const trees = revs.map((rev, i) => treeOf(rev, i));
  trees.forEach((tree, i) => buildForBench(tree, OUT, i === 0));
  const origins = await Promise.all(trees.map(serve));
  const short = (rev: string) =>
    execFileSync('git', ['rev-parse', '--short', rev], { cwd: ROOT }).toString().trim();
  const names = revs.map((rev) =>
    rev === '.'
      ? 'working tree'
      : short(rev).startsWith(rev) || rev.startsWith(short(rev))
        ? rev
        : `${rev} (${short(rev)})`,
  );
  await compareBuilds(
    names.map((name, i) => ({ name, origin: origins[i] ?? '' })),
    origins[0] ?? '',
    LOADS,
    LIST_RUNS,
  );
} finally {
  for (const child of children) child.kill();
  for (const dir of worktrees) {
    unlinkSync(join(dir, 'node_modules')); // the link only, before git removes the tree
    execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT, stdio: 'ignore' });
  }
  if (existsSync(scratch)) rmSync(scratch, { recursive: true, force: true });
}
