// @vitest-environment node
/**
 * Probes for the import-boundary rules (eslint.config.js + scripts/lib/eslintBoundaries.js): each
 * probe is a small file placed in a layer folder and linted with the project's real config, so a
 * rule that silently stops matching (as the old specifier patterns did for `'../http'`) fails here.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });
const written: string[] = [];

afterEach(() => {
  for (const file of written.splice(0)) rmSync(file, { force: true });
});

/** Lints `text` as if it were the file at `path`; returns "rule: message" for the boundary rules. */
async function lint(path: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: join(ROOT, path) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId?.startsWith('kopa/'))
    .map((m) => `${m.ruleId}: ${m.message}`);
}

/** A probe on disk (cycles need the other end readable); removed after each test. */
function probe(path: string, text: string): string {
  const full = join(ROOT, path);
  writeFileSync(full, text);
  written.push(full);
  return full;
}

const tag = `${process.pid}_${Date.now()}`;

describe('layer imports', () => {
  it('reports an index import of a banned layer from the renderer', async () => {
    const messages = await lint(
      `src/render/__probe_${tag}.ts`,
      "export { createHttpClient } from '../http';\n",
    );
    expect(messages).toEqual([
      expect.stringContaining(
        "kopa/layers: '../http' resolves to src/http/index.ts (layer http): The renderer reaches the host through the injected env",
      ),
    ]);
  });

  it('reports a deep path that leaves and re-enters src', async () => {
    const messages = await lint(
      `src/widgets/__probe_${tag}.ts`,
      "import '../../src/bridge/index';\n",
    );
    expect(messages).toEqual([expect.stringContaining('kopa/layers: ')]);
  });

  it('keeps src/expr free of any import of ours', async () => {
    const messages = await lint(`src/expr/__probe_${tag}.ts`, "import '../format';\n");
    expect(messages).toEqual([expect.stringContaining('src/expr is pure')]);
  });

  it('keeps the linter off the renderer and React (it runs in Node)', async () => {
    const messages = await lint(
      `src/lint/__probe_${tag}.ts`,
      "import '../render/Page';\nimport 'react';\n",
    );
    expect(messages).toEqual([
      expect.stringContaining(
        "kopa/layers: '../render/Page' resolves to src/render/Page.tsx (layer render)",
      ),
      expect.stringContaining(
        "kopa/layers: 'react' is the package react: The layout linter runs in Node",
      ),
    ]);
  });

  it('keeps the runtime below actions and free of React', async () => {
    const messages = await lint(
      `src/runtime/__probe_${tag}.ts`,
      "import { useState } from 'react';\nimport '../actions/run';\n",
    );
    expect(messages).toEqual([
      expect.stringContaining(
        "kopa/layers: 'react' is the package react: src/runtime is below actions",
      ),
      expect.stringContaining(
        "kopa/layers: '../actions/run' resolves to src/actions/run.ts (layer actions)",
      ),
      expect.stringContaining('kopa/no-cycle: Layer cycle: runtime -> actions -> runtime'),
    ]);
  });

  it('keeps actions off the renderer', async () => {
    const messages = await lint(`src/actions/__probe_${tag}.ts`, "import '../render/contexts';\n");
    expect(messages).toEqual([
      expect.stringContaining(
        "kopa/layers: '../render/contexts' resolves to src/render/contexts.ts (layer render)",
      ),
      expect.stringContaining('kopa/no-cycle: Layer cycle: actions -> render -> actions'),
    ]);
  });

  it('lets a layer import the layers below it', async () => {
    expect(
      await lint(`src/render/__probe_${tag}.ts`, "import '../expr';\nimport '../format';\n"),
    ).toEqual([]);
  });
});

describe('import cycles', () => {
  it('reports a new cycle between two files', async () => {
    const a = probe(
      `src/format/__probe_a_${tag}.ts`,
      `import './__probe_b_${tag}';\nexport const a = 1;\n`,
    );
    probe(`src/format/__probe_b_${tag}.ts`, `import './__probe_a_${tag}';\nexport const b = 1;\n`);
    const [result] = await eslint.lintFiles([a]);
    const messages = (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
    expect(messages).toEqual([
      `kopa/no-cycle: Import cycle: src/format/__probe_a_${tag}.ts -> src/format/__probe_b_${tag}.ts -> src/format/__probe_a_${tag}.ts`,
    ]);
  });

  it('reports the renderer importing a widget twice: a banned layer, and a layer cycle', async () => {
    const messages = await lint(`src/render/__probe_${tag}.ts`, "import '../widgets/boundPath';\n");
    expect(messages).toEqual([
      expect.stringContaining(
        "kopa/layers: '../widgets/boundPath' resolves to src/widgets/boundPath.ts (layer widgets)",
      ),
      expect.stringContaining('kopa/no-cycle: Layer cycle: render -> widgets -> render'),
    ]);
  });

  it('finds no cycle where the last ones were (there is no allowlist any more)', async () => {
    const formerly = [
      'src/render/widgetCache.ts',
      'src/shell/widgets.ts',
      'src/actions/run.ts',
      'src/actions/http.ts',
      'src/lint/semantic.ts',
      'src/lint/validateLayout.ts',
    ];
    const results = await eslint.lintFiles(formerly.map((f) => join(ROOT, f)));
    expect(results.flatMap((r) => r.messages.filter((m) => m.ruleId?.startsWith('kopa/')))).toEqual(
      [],
    );
  });
});

describe("the server's layers (issue 35)", () => {
  it('keeps server/lib off the request pipeline and the server context', async () => {
    const messages = await lint(
      `server/lib/__probe_${tag}.ts`,
      "import type { ServerContext } from '../http/context';\nexport type X = ServerContext;\n",
    );
    expect(messages).toEqual([
      expect.stringContaining(
        "kopa/layers: '../http/context' resolves to server/http/context.ts (layer server/http): server/lib is the lending domain",
      ),
      expect.stringContaining(
        'kopa/no-cycle: Layer cycle: server/lib -> server/http -> server/lib',
      ),
    ]);
  });

  it("keeps the server off the browser's runtime: shared code goes through src/prelude or src/contract", async () => {
    const messages = await lint(
      `server/prelude/__probe_${tag}.ts`,
      "import '../../src/runtime/resolve';\nimport '../../src/http/session';\n",
    );
    expect(messages).toEqual([
      expect.stringContaining('resolves to src/runtime/resolve.ts (layer runtime)'),
      expect.stringContaining('resolves to src/http/session.ts (layer http)'),
    ]);
    expect(
      await lint(
        `server/prelude/__probe_${tag}.ts`,
        "import '../../src/prelude/query';\nimport '../../src/contract/catalogue';\n",
      ),
    ).toEqual([]);
  });

  it('keeps API routes and the page writer apart, and the root above all', async () => {
    const messages = await lint(
      `server/routes/__probe_${tag}.ts`,
      "import '../prelude/appShell';\nimport '../app';\n",
    );
    expect(messages).toEqual([
      expect.stringContaining(
        "'../prelude/appShell' resolves to server/prelude/appShell.ts (layer server/prelude)",
      ),
      expect.stringContaining("'../app' resolves to server/app.ts (layer server)"),
      expect.stringContaining(
        'kopa/no-cycle: Layer cycle: server/routes -> server -> server/routes',
      ),
    ]);
  });

  it('keeps src/prelude free of the browser and of the server', async () => {
    const messages = await lint(
      `src/prelude/__probe_${tag}.ts`,
      "import '../http/session';\nimport '../../server/core/errors';\n",
    );
    expect(messages).toEqual([
      expect.stringContaining(
        'resolves to src/http/session.ts (layer http): src/prelude is what the server',
      ),
      expect.stringContaining('kopa/no-cycle: Layer cycle: prelude -> http -> prelude'),
      expect.stringContaining(
        'resolves to server/core/errors.ts (layer server/core): src/prelude is what the server',
      ),
    ]);
  });

  it('reports a cycle between two server files', async () => {
    const a = probe(
      `server/lib/__probe_a_${tag}.ts`,
      `import './__probe_b_${tag}';\nexport const a = 1;\n`,
    );
    probe(`server/lib/__probe_b_${tag}.ts`, `import './__probe_a_${tag}';\nexport const b = 1;\n`);
    const [result] = await eslint.lintFiles([a]);
    const messages = (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
    expect(messages).toEqual([
      `kopa/no-cycle: Import cycle: server/lib/__probe_a_${tag}.ts -> server/lib/__probe_b_${tag}.ts -> server/lib/__probe_a_${tag}.ts`,
    ]);
  });

  // Lints every file of src/ and server/ (as npm run lint does): a generous timeout, not a budget.
  it(
    'finds no cycle and no upward import in the whole tree: src/ and server/',
    { timeout: 300_000 },
    async () => {
      const results = await eslint.lintFiles([join(ROOT, 'src'), join(ROOT, 'server')]);
      const boundary = results.flatMap((r) =>
        r.messages
          .filter((m) => m.ruleId?.startsWith('kopa/'))
          .map((m) => `${r.filePath}: ${m.message}`),
      );
      expect(boundary).toEqual([]);
      expect(results.length).toBeGreaterThan(200);
    },
  );
});
