// The ESLint rule layers/layering (scripts/eslint/layers.mjs) on small trees written to a temporary
// folder: it reports a climbing import, rules <-> render, Node I/O outside the hosts, a host importing
// what the facade keeps behind it or anything of the core but through the door, and an import that
// closes a cycle, each on the import, and nothing on fine imports; and `npm run lint`'s own config
// applies it to server/src.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import layers from '../../scripts/eslint/layers.mjs';

const TREE: Record<string, string> = {
  'util/a.ts': "import { x } from '../render/page';\nexport const a = x;\n",
  'util/y.ts': 'export const y = 1;\n',
  'render/page.ts': "import { y } from '../util/y';\nexport const x = y;\n",
  'render/b.ts': "import { c } from './c';\nexport const b = c;\n",
  'render/c.ts': 'export const c = 1;\n',
  'rules/r.ts': "import { x } from '../render/page';\nimport { readFileSync } from 'node:fs';\nexport const r = [x, readFileSync];\n",
  'export/export.ts': 'export interface ExportReport { pages: number }\n',
  'export/rules-file.ts': 'export const rulesFile = 1;\n',
  'docwright.ts': "export { rulesFile } from './export/rules-file';\n",
  'hosts/cli/main.ts':
    "import { readFileSync } from 'node:fs';\nimport { rulesFile } from '../../docwright';\nimport { y } from '../../util/y';\nexport const m = [readFileSync, rulesFile, y];\n",
};

describe('ESLint rule layers/layering', () => {
  let dir: string;
  let linter: Linter;
  let config: Linter.Config[];
  const lint = (file: string, text = TREE[file]) =>
    linter.verify(text, config, path.join(dir, 'src', file)).map((m) => `${m.line}:${m.column}-${m.endColumn} ${m.ruleId}: ${m.message}`);

  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'docwright-layers-'));
    for (const [file, text] of Object.entries(TREE)) {
      mkdirSync(path.dirname(path.join(dir, 'src', file)), { recursive: true });
      writeFileSync(path.join(dir, 'src', file), text);
    }
    linter = new Linter({ cwd: dir });
    config = [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser as Linter.Parser },
        plugins: { layers },
        rules: { 'layers/layering': ['error', { root: 'src' }] },
      },
    ];
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('passes fine imports: down a layer, inside a layer, Node I/O in a host, a host through the door', () => {
    assert.deepEqual(lint('render/page.ts'), []);
    assert.deepEqual(lint('render/b.ts'), []);
    assert.deepEqual(lint('hosts/cli/main.ts'), []);
  });

  it('reports a climbing import on its specifier', () => {
    assert.deepEqual(lint('util/a.ts'), [
      '1:19-35 layers/layering: util/a.ts imports render/page.ts, a higher layer (rules/ render/ over util/ types.ts workspace.ts)',
    ]);
    assert.deepEqual(lint('util/y.ts', "import type { Project } from '../hosts/cli/main';\nexport const y = 1;\n"), [
      '1:30-49 layers/layering: util/y.ts imports types of hosts/cli/main.ts, a higher layer (hosts/ over util/ types.ts workspace.ts)',
    ]);
  });

  it('reports rules importing render, and Node I/O outside the hosts', () => {
    assert.deepEqual(lint('rules/r.ts'), [
      '1:19-35 layers/layering: rules/r.ts imports render/page.ts: rules/ and render/ never import each other',
      '2:30-39 layers/layering: rules/r.ts imports node:fs: only hosts/, node/, main.ts do Node I/O',
    ]);
  });

  it('reports a host running the export loop or the rules-file writer past the facade, not their types from the facade', () => {
    assert.deepEqual(
      lint(
        'hosts/cli/export.ts',
        "import type { ExportReport } from '../../docwright';\nimport { rulesFile } from '../../export/rules-file';\nexport const r: [ExportReport?, unknown?] = [undefined, rulesFile];\n",
      ),
      [
        '2:27-52 layers/layering: hosts/cli/export.ts imports export/rules-file.ts: above docwright.ts only its types are imported (hosts go through the facade)',
      ],
    );
  });

  it('reports a host importing the core around the facade, types included', () => {
    assert.deepEqual(
      lint(
        'hosts/lsp/hover.ts',
        "import { rulesFile } from '../../docwright';\nimport { x } from '../../render/page';\nimport type { ExportReport } from '../../export/export';\nexport const h: [unknown, unknown, ExportReport?] = [rulesFile, x];\n",
      ),
      [
        '2:19-38 layers/layering: hosts/lsp/hover.ts imports render/page.ts: a host reaches the core only through docwright.ts, node/, util/, types.ts, workspace.ts',
        '3:35-56 layers/layering: hosts/lsp/hover.ts imports types of export/export.ts: a host reaches the core only through docwright.ts, node/, util/, types.ts, workspace.ts',
      ],
    );
  });

  it('reports an import that closes a cycle, from the text being linted, not one closed by a type-only import', () => {
    const closing = "import { b } from './b';\nexport const c = 1;\nexport const d = b;\n";
    assert.deepEqual(lint('render/c.ts', closing), [
      '1:19-24 layers/layering: render/c.ts imports render/b.ts, which closes an import cycle: render/c.ts -> render/b.ts -> render/c.ts',
    ]);
    // render/c.ts's edges now come from that text: b's import of c closes the same cycle.
    assert.deepEqual(lint('render/b.ts'), [
      '1:19-24 layers/layering: render/b.ts imports render/c.ts, which closes an import cycle: render/b.ts -> render/c.ts -> render/b.ts',
    ]);
    assert.deepEqual(lint('render/c.ts', "import type { b } from './b';\nexport const c = 1;\nexport type D = typeof b;\n"), []);
    assert.deepEqual(lint('render/b.ts'), []);
    assert.deepEqual(lint('render/c.ts', "export const c = 1;\nexport const load = () => import('./c');\n"), [
      '2:34-39 layers/layering: render/c.ts imports render/c.ts, which closes an import cycle: render/c.ts -> render/c.ts',
    ]);
  });

  it('reports a folder no layer holds, instead of failing the lint run', () => {
    assert.deepEqual(lint('newfolder/x.ts', 'export const x = 1;\n'), [
      '1:1-1 layers/layering: newfolder/x.ts: no layer holds newfolder/ (add it to LAYERS in scripts/layers.mjs)',
    ]);
  });

  it("is applied to server/src by the project's ESLint config", async () => {
    const eslint = new ESLint({ cwd: path.resolve(__dirname, '../..') });
    const [result] = await eslint.lintText("import { renderPage } from '../render/page';\nexport const f = renderPage;\n", {
      filePath: 'server/src/util/layering-fixture.ts',
    });
    assert.deepEqual(
      result.messages.filter((m) => m.ruleId === 'layers/layering').map((m) => m.message),
      ['util/layering-fixture.ts imports render/page.ts, a higher layer (rules/ render/ over util/ types.ts workspace.ts)'],
    );
    const [host] = await eslint.lintText("import type { Project } from '../../project';\nexport type P = Project;\n", {
      filePath: 'server/src/hosts/lsp/layering-fixture.ts',
    });
    assert.deepEqual(
      host.messages.filter((m) => m.ruleId === 'layers/layering').map((m) => m.message),
      ['hosts/lsp/layering-fixture.ts imports types of project.ts: a host reaches the core only through docwright.ts, node/, util/, types.ts, workspace.ts'],
    );
  });
});
