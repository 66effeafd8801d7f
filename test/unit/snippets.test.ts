// Snippets are not pages: no title/description, never orphans — but their MDX must compile and
// their imports must exist, in `snippets/` and for files that are only ever imported.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { Project } from '../../server/src/project';
import { MemoryWorkspace } from '../../server/src/workspace';
import { ROOT, checkProject } from '../helpers';

const FM = '---\ntitle: "Install the Acme CLI on your machine"\ndescription: "Install the CLI, check its version and sign in."\n---\n\n';

async function findings(files: Record<string, string>) {
  const project = new Project(new MemoryWorkspace(files, ROOT), [ROOT]);
  await project.scan();
  const all = await checkProject(project, ROOT);
  return { project, list: all.map((f) => `${f.path.slice(ROOT.length + 1)}:${f.range.start.line + 1} ${f.ruleId}`) };
}

const SITE = {
  'docs.json': JSON.stringify({
    name: 'Acme',
    favicon: 'https://acme.dev/favicon.svg',
    colors: { primary: '#0B6E4F' },
    navigation: [{ group: 'Start', pages: ['index'] }],
  }),
  'index.mdx': FM + 'import Prereq from "/snippets/prereq.mdx";\nimport Shared from "/parts/shared.mdx";\n\n## Before you start\n\n<Prereq />\n\n<Shared />\n',
};

test('snippet files and pages only ever imported check clean without front matter and are not orphans', async () => {
  const { list } = await findings({ ...SITE, 'snippets/prereq.mdx': 'You need Node.js 20.\n', 'parts/shared.mdx': 'Shared text, no front matter.\n' });
  assert.deepEqual(list, []);
});

test('a snippet whose MDX does not compile gets one located error; so does an imported-only page', async () => {
  const { list } = await findings({ ...SITE, 'snippets/prereq.mdx': 'You need <Node 20.\n', 'parts/shared.mdx': 'Shared {text\n' });
  assert.deepEqual(list, ['parts/shared.mdx:1 mdx-syntax', 'snippets/prereq.mdx:1 mdx-syntax']);
});

test('a snippet importing a missing file is reported at the import; checking one snippet file works like the site check', async () => {
  const files = { ...SITE, 'snippets/prereq.mdx': 'import Gone from "/snippets/gone.mdx";\n\n<Gone />\n', 'parts/shared.mdx': 'Shared.\n' };
  const { project, list } = await findings(files);
  assert.deepEqual(list, ['snippets/prereq.mdx:1 import-not-found']);
  const one = await project.checkPage(ROOT, `${ROOT}/snippets/prereq.mdx`);
  assert.deepEqual(
    one.map((f) => f.ruleId),
    ['import-not-found'],
  );
});

test('a page that is listed in the navigation and also imported is still a page', async () => {
  const files = {
    'docs.json': JSON.stringify({
      name: 'Acme',
      favicon: 'https://acme.dev/favicon.svg',
      colors: { primary: '#0B6E4F' },
      navigation: [{ group: 'Start', pages: ['index', 'parts/shared'] }],
    }),
    'index.mdx': FM + 'import Shared from "/parts/shared.mdx";\n\n<Shared />\n',
    'parts/shared.mdx': 'No front matter here.\n',
  };
  const { list } = await findings(files);
  assert.deepEqual(list, ['parts/shared.mdx:1 page-title']);
});

test('paths complete in imports (from the site root) and in <Snippet file> (from snippets/)', async () => {
  const { completeFilePath } = await import('../../server/src/features/import-completion');
  const { parsePage } = await import('../../server/src/pages/parse');
  const files = new Set([
    'index.mdx',
    'guides/a.mdx',
    'snippets/prereq.mdx',
    'snippets/components/demo.jsx',
    'logo.svg',
    'node_modules/x/index.js',
    '.github/x.md',
  ]);
  const text = 'import Prereq from "/sni\n\n<Snippet file="pre\n\nText';
  const page = parsePage(`${ROOT}/index.mdx`, text);
  const at = (needle: string) => text.indexOf(needle) + needle.length;
  const imports = completeFilePath(page, at('"/sni'), files, 'index.mdx');
  assert.deepEqual(
    imports?.map((i) => [i.insertText, i.sortText?.[0]]),
    [
      ['/guides/a.mdx', '2'],
      ['/snippets/components/demo.jsx', '0'],
      ['/snippets/prereq.mdx', '0'],
    ],
  );
  assert.deepEqual(imports?.[0].range, { start: { line: 0, character: 20 }, end: { line: 0, character: 24 } }, 'the typed path is replaced');
  const snippets = completeFilePath(page, at('file="pre'), files, 'index.mdx');
  assert.deepEqual(
    snippets?.map((i) => i.insertText),
    ['prereq.mdx'],
  );
  assert.equal(completeFilePath(page, text.length, files, 'index.mdx'), undefined, 'no path completion in prose');
});

test('moving a snippet or its folder rewrites the imports and <Snippet file> that name it, in their own style', async () => {
  const { moveEdits } = await import('../../server/src/features/move');
  const { applyEdits, indexFrom } = await import('../helpers');
  const { parsePage } = await import('../../server/src/pages/parse');
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({
      name: 'Acme',
      favicon: 'https://acme.dev/favicon.svg',
      colors: { primary: '#0B6E4F' },
      navigation: [{ group: 'Start', pages: ['index', 'guides/setup'] }],
    }),
    'index.mdx': FM + 'import Prereq from "/snippets/prereq.mdx";\nimport Short from "/snippets/prereq";\n\n<Prereq />\n\n<Snippet file="prereq.mdx" />\n',
    'guides/setup.mdx': FM + 'import Prereq from "../snippets/prereq.mdx";\nimport Other from "/snippets/other.mdx";\n\n<Prereq />\n',
    'snippets/prereq.mdx': 'Install it.\n',
    'snippets/other.mdx': 'import Prereq from "./prereq.mdx";\n\n<Prereq />\n',
  };
  const { index } = await indexFrom(files);
  const snippets = new Map(['snippets/prereq.mdx', 'snippets/other.mdx'].map((rel) => [rel, parsePage(`${ROOT}/${rel}`, files[rel])]));
  const apply = (moves: { from: string; to: string }[]) => {
    const out = new Map<string, string>();
    for (const fe of moveEdits({ index, snippets }, moves))
      out.set(fe.path.slice(ROOT.length + 1), applyEdits(files[fe.path.slice(ROOT.length + 1)], fe.edits));
    return out;
  };
  const renamed = apply([{ from: 'snippets/prereq.mdx', to: 'snippets/setup/prerequisites.mdx' }]);
  assert.match(renamed.get('index.mdx')!, /from "\/snippets\/setup\/prerequisites\.mdx";\nimport Short from "\/snippets\/setup\/prerequisites";/);
  assert.match(renamed.get('index.mdx')!, /<Snippet file="setup\/prerequisites\.mdx" \/>/);
  assert.match(renamed.get('guides/setup.mdx')!, /from "\.\.\/snippets\/setup\/prerequisites\.mdx";\nimport Other from "\/snippets\/other\.mdx";/);
  assert.match(renamed.get('snippets/other.mdx')!, /from "\.\/setup\/prerequisites\.mdx"/);
  // The whole folder moves: relative imports inside it stay as they are, the others follow.
  const folder = apply([{ from: 'snippets', to: 'shared' }]);
  assert.match(
    folder.get('index.mdx')!,
    /from "\/shared\/prereq\.mdx";\nimport Short from "\/shared\/prereq";[\s\S]*<Snippet file="\/shared\/prereq\.mdx" \/>/,
  );
  assert.equal(folder.has('snippets/other.mdx'), false, 'a relative import between two moved files needs no edit');
});
