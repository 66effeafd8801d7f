// The layers of server/src (util < config < components, openapi < pages < site < rules, render <
// check, project < export, features < docwright < node < hosts), read from every import: none
// climbs, rules and render never import each other, Node I/O stays in the hosts, the hosts import
// the core only through its door (the facade, node/, util/, types.ts, workspace.ts), and no modules
// (nor folders) import each other in a cycle (scripts/layers.mjs, which
// the ESLint rule layers/layering shares; eslint-layers.test.ts tests the rule). Small trees prove
// that each check fires.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { BEHIND_FACADE, importsAroundTheDoor, importsOf, layeringProblems, layerOf, readTree } from '../../scripts/layers.mjs';

const SRC = path.resolve(__dirname, '../../server/src');

describe('layering of server/src', () => {
  it('holds: no climbing import, no rules <-> render import, Node I/O only in the hosts, no cycle', () => {
    const tree = readTree(SRC);
    assert.ok(tree.size > 100, `${tree.size} modules`);
    assert.deepEqual(layeringProblems(tree), []);
  });

  it('reports an import of a higher layer, type-only ones included', () => {
    const tree = new Map([
      ['util/a.ts', "import { x } from '../render/page';\n"],
      ['site/b.ts', "import type { Project } from '../project';\nexport type { Rule } from '../rules/types';\n"],
      ['render/page.ts', 'export const x = 1;\n'],
      ['rules/types.ts', 'export interface Rule { id: string }\n'],
      ['project.ts', 'export class Project {}\n'],
    ]);
    assert.deepEqual(layeringProblems(tree), [
      'util/a.ts imports render/page.ts, a higher layer (rules/ render/ over util/ types.ts workspace.ts)',
      'site/b.ts imports types of project.ts, a higher layer (check.ts project.ts over site/)',
      'site/b.ts imports types of rules/types.ts, a higher layer (rules/ render/ over site/)',
    ]);
  });

  it('reports node/ importing a host', () => {
    const tree = new Map([
      ['node/threads.ts', "import { pathToUri } from '../hosts/lsp/convert';\nexport const t = pathToUri;\n"],
      ['hosts/lsp/convert.ts', "import { readFileSync } from 'node:fs';\nimport { t } from '../../node/threads';\nexport const pathToUri = readFileSync;\n"],
    ]);
    assert.deepEqual(layeringProblems(tree), [
      'node/threads.ts imports hosts/lsp/convert.ts, a higher layer (hosts/ over node/)',
      'import cycle: hosts/lsp/convert.ts -> node/threads.ts -> hosts/lsp/convert.ts',
      'folder cycle: hosts/ -> node/ -> hosts/',
    ]);
  });

  it('reports rules and render importing each other, and Node I/O outside hosts/ and node/', () => {
    const tree = new Map([
      ['rules/r.ts', "import { resolve } from '../render/page';\nimport { readFileSync } from 'node:fs';\n"],
      ['render/page.ts', "export const resolve = 1;\nconst w = require('worker_threads');\n"],
      ['hosts/cli/main.ts', "import * as fs from 'node:fs';\nimport { spawn } from 'child_process';\n"],
    ]);
    assert.deepEqual(layeringProblems(tree), [
      'rules/r.ts imports render/page.ts: rules/ and render/ never import each other',
      'rules/r.ts imports node:fs: only hosts/, node/, main.ts do Node I/O',
      'render/page.ts imports worker_threads: only hosts/, node/, main.ts do Node I/O',
    ]);
  });

  it('keeps the export loop, its sources and the rules-file writer behind the facade: above it, only their types', () => {
    const tree = new Map([
      ['export/export.ts', 'export const exportSite = 1;\nexport interface ExportReport { pages: number }\n'],
      ['export/source.ts', 'export const projectExportSource = 1;\n'],
      ['export/rules-file.ts', 'export const rulesFile = 1;\n'],
      ['features/dev-site.ts', "import { exportSite } from '../export/export';\nexport const dev = exportSite;\n"],
      ['docwright.ts', "import { exportSite } from './export/export';\nexport { rulesFile } from './export/rules-file';\nexport const d = exportSite;\n"],
      [
        'node/export-workers.ts',
        "import type { ExportReport } from '../export/export';\nimport { projectExportSource } from '../export/source';\nexport type R = ExportReport;\nexport const w = projectExportSource;\n",
      ],
      [
        'hosts/cli/export.ts',
        "import { exportSite, type ExportReport } from '../../export/export';\nexport const e: [typeof exportSite, ExportReport?] = [exportSite];\n",
      ],
      ['hosts/lsp/export.ts', "import { d } from '../../docwright';\nconst load = () => import('../../export/rules-file');\nexport const r = [d, load];\n"],
    ]);
    assert.deepEqual(layeringProblems(tree), [
      'node/export-workers.ts imports export/source.ts: above docwright.ts only its types are imported (hosts go through the facade)',
      'hosts/cli/export.ts imports export/export.ts: above docwright.ts only its types are imported (hosts go through the facade)',
      'hosts/lsp/export.ts imports export/rules-file.ts: above docwright.ts only its types are imported (hosts go through the facade)',
    ]);
  });

  it('keeps the fix-all engine behind the facade: a host with its own fix loop over it is reported, its policy types are not', () => {
    const tree = new Map([
      ['features/fix-all.ts', 'export const fixFiles = 1;\nexport const applySafeFixes = 1;\nexport interface FixPolicy { rounds: number }\n'],
      ['docwright.ts', "import { fixFiles } from './features/fix-all';\nexport const d = fixFiles;\n"],
      ['hosts/cli/fix.ts', "import { applySafeFixes } from '../../features/fix-all';\nexport const f = applySafeFixes;\n"],
      [
        'node/fix-run.ts',
        "import type { FixPolicy } from '../features/fix-all';\nimport { d } from '../docwright';\nexport const a: [typeof d, FixPolicy?] = [d];\n",
      ],
      ['hosts/mcp/mcp-site.ts', "import { d } from '../../docwright';\nconst load = () => import('../../features/fix-all');\nexport const m = [d, load];\n"],
    ]);
    assert.deepEqual(layeringProblems(tree), [
      'hosts/cli/fix.ts imports features/fix-all.ts: above docwright.ts only its types are imported (hosts go through the facade)',
      'hosts/mcp/mcp-site.ts imports features/fix-all.ts: above docwright.ts only its types are imported (hosts go through the facade)',
    ]);
  });

  it('has the facade run what it keeps behind it, and no host reach past it (one export loop, one rules-file writer, one fix-all engine)', () => {
    const tree = readTree(SRC);
    const files = new Set(tree.keys());
    for (const f of BEHIND_FACADE) assert.ok(tree.has(f), `${f} is gone: BEHIND_FACADE in scripts/layers.mjs names it`);
    const facade = importsOf('docwright.ts', tree.get('docwright.ts')!, files);
    for (const f of BEHIND_FACADE)
      assert.ok(
        facade.some((i) => i.target === f && !i.typeOnly),
        `docwright.ts runs ${f}`,
      );
    const above = [...tree].filter(([f]) => /^(hosts|node)\//.test(f) || f === 'main.ts');
    const reaching = above.flatMap(([f, text]) =>
      importsOf(f, text, files)
        .filter((i) => BEHIND_FACADE.includes(i.target) && !i.typeOnly)
        .map((i) => `${f} -> ${i.target}`),
    );
    assert.deepEqual(reaching, []);
  });

  it('reports a host importing the core other than through the door, type-only imports included', () => {
    const tree = new Map([
      ['features/hover.ts', 'export const hover = 1;\nexport interface Hover { text: string }\n'],
      ['project.ts', 'export class Project {}\n'],
      ['docwright.ts', "import { hover } from './features/hover';\nexport type { Hover } from './features/hover';\nexport const d = hover;\n"],
      ['node/host.ts', "import { d } from '../docwright';\nexport const h = d;\n"],
      ['util/paths.ts', 'export const join = 1;\n'],
      ['types.ts', 'export interface Range { start: number }\n'],
      ['workspace.ts', 'export interface Workspace { root: string }\n'],
      [
        'hosts/lsp/hover.ts',
        "import { d, type Hover } from '../../docwright';\nimport { h } from '../../node/host';\nimport { join } from '../../util/paths';\nimport type { Range } from '../../types';\nimport type { Workspace } from '../../workspace';\nimport { c } from './convert';\nexport const x: [unknown, Hover?, Range?, Workspace?] = [d, h, join, c];\n",
      ],
      ['hosts/lsp/convert.ts', 'export const c = 1;\n'],
      [
        'hosts/lsp/definition.ts',
        "import { hover } from '../../features/hover';\nimport type { Project } from '../../project';\nexport const y: [unknown, Project?] = [hover];\n",
      ],
      ['hosts/cli/mv.ts', "const load = () => import('../../features/hover');\nexport const m = load;\n"],
    ]);
    assert.deepEqual(layeringProblems(tree), [
      'hosts/lsp/definition.ts imports features/hover.ts: a host reaches the core only through docwright.ts, node/, util/, types.ts, workspace.ts',
      'hosts/lsp/definition.ts imports types of project.ts: a host reaches the core only through docwright.ts, node/, util/, types.ts, workspace.ts',
      'hosts/cli/mv.ts imports features/hover.ts: a host reaches the core only through docwright.ts, node/, util/, types.ts, workspace.ts',
    ]);
  });

  it('keeps every host of the tree behind the door', () => {
    assert.deepEqual(importsAroundTheDoor(readTree(SRC)), [], 'imports around the door: go through docwright.ts');
  });

  it('reports a cycle of value imports, not one closed by a type-only import', () => {
    const cycle = new Map([
      ['render/a.ts', "import { b } from './b';\nexport const a = 1;\n"],
      ['render/b.ts', "import { c } from './c';\nexport const b = 1;\n"],
      ['render/c.ts', "export { a } from './a';\nexport const c = 1;\n"],
    ]);
    assert.deepEqual(layeringProblems(cycle), ['import cycle: render/a.ts -> render/b.ts -> render/c.ts -> render/a.ts']);
    const typeOnly = new Map([...cycle, ['render/c.ts', "import type { A } from './a';\nexport const c = 1;\n"]]);
    assert.deepEqual(layeringProblems(typeOnly), []);
    const dynamic = new Map([...cycle, ['render/c.ts', "export const c = () => import('./a');\n"]]);
    assert.equal(layeringProblems(dynamic).length, 1);
  });

  it('reports folders of one layer that import each other, type-only imports included', () => {
    const tree = new Map([
      ['openapi/load.ts', "import type { Nav } from '../components/nav';\nexport const load = 1;\n"],
      ['components/nav.ts', "import { load } from '../openapi/load';\nexport type Nav = typeof load;\n"],
      ['components/catalog.ts', 'export const catalog = 1;\n'],
    ]);
    assert.deepEqual(layeringProblems(tree), ['folder cycle: components/ -> openapi/ -> components/']);
    assert.deepEqual(layeringProblems(new Map([...tree, ['openapi/load.ts', 'export const load = 1;\n']])), []);
  });

  it('places every folder in a layer, and refuses one it does not know', () => {
    const order = [
      'util/json.ts',
      'config/parse.ts',
      'openapi/load.ts',
      'pages/parse.ts',
      'site/model.ts',
      'render/page.ts',
      'project.ts',
      'export/export.ts',
      'node/threads.ts',
      'hosts/cli/main.ts',
      'main.ts',
    ];
    const layers = order.map(layerOf);
    assert.deepEqual(
      layers,
      [...layers].sort((a, b) => a - b),
    );
    assert.equal(new Set(layers).size, order.length, 'each a layer above the one before');
    assert.equal(layerOf('components/catalog.ts'), layerOf('openapi/load.ts'));
    assert.equal(layerOf('hosts/lsp/server.ts'), layerOf('hosts/cli/main.ts'));
    assert.throws(() => layerOf('newfolder/x.ts'), /no layer holds newfolder\//);
  });
});
