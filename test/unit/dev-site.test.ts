// `docwright dev`'s site model (features/dev-site.ts): which address shows what, and what a change
// renders again: a page's body alone, the whole navigation when front matter changes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DevSite } from '../../server/src/features/dev-site';
import { safeSegments } from '../../server/src/util/paths';
import { Project } from '../../server/src/project';
import { MemoryWorkspace } from '../../server/src/workspace';
import { ROOT } from '../helpers';

const DOCS = JSON.stringify({
  theme: 'mint',
  name: 'Dev',
  colors: { primary: '#0B6E4F' },
  favicon: '/favicon.svg',
  navigation: { groups: [{ group: 'Start', pages: ['intro', 'guides/setup'] }] },
});
const ASSETS = { css: '/* css */', js: '/* js */', searchJs: '', miniSearchJs: '', playgroundJs: '' };

async function devSite() {
  const ws = new MemoryWorkspace(
    {
      'docs.json': DOCS,
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'intro.mdx': '---\ntitle: Intro\ndescription: The start.\n---\n\nWelcome.\n',
      'guides/setup.mdx': '---\ntitle: Setup\ndescription: Set it up.\n---\n\nInstall it.\n',
    },
    ROOT,
  );
  const project = new Project(ws, [ROOT]);
  await project.scan();
  return { ws, project, site: new DevSite(project, ROOT, { assets: ASSETS }) };
}

test('safeSegments refuses any segment that would leave its folder once decoded', () => {
  assert.deepEqual(safeSegments('/guides/setup.html'), ['guides', 'setup.html']);
  assert.deepEqual(safeSegments('/a%20b/c'), ['a b', 'c']);
  for (const p of ['/../etc/passwd', '/%2e%2e/etc', '/%2E%2E/etc', '/a/..%2f..%2fetc', '/a/%5c..%5cetc', '/a%00b', '/%E0%A4%A'])
    assert.equal(safeSegments(p), undefined, p);
});

test('addresses: pages at their export path, the home page, folders and bare ids redirected, site files, refusals', async () => {
  const { site } = await devSite();
  assert.deepEqual(await site.route('/guides/setup.html'), { kind: 'page', id: 'guides/setup', file: 'guides/setup.html' });
  assert.deepEqual(await site.route('/'), { kind: 'redirect', location: '/intro.html' });
  assert.deepEqual(await site.route('/guides/setup'), { kind: 'redirect', location: '/guides/setup.html' });
  assert.deepEqual(await site.route('/guides/setup.md'), { kind: 'markdown', id: 'guides/setup' });
  assert.deepEqual(await site.route('/favicon.svg'), { kind: 'file', rel: 'favicon.svg' });
  assert.deepEqual(await site.route('/_docwright/docwright.css'), { kind: 'asset', name: 'docwright.css' });
  assert.equal((await site.route('/%2e%2e/docs.json')).kind, 'refused');
  assert.equal((await site.route('/nowhere.html')).kind, 'notFound');
});

test('a body edit renders that page alone again; a title edit renders every page again (the navigation shows it)', async () => {
  const { ws, project, site } = await devSite();
  const intro = await site.page('intro', 'intro.html');
  const setup = await site.page('guides/setup', 'guides/setup.html');
  assert.ok(intro && setup);

  const introPath = `${ROOT}/intro.mdx`;
  ws.files.set(introPath, '---\ntitle: Intro\ndescription: The start.\n---\n\nWelcome back.\n');
  project.contentChanged(introPath);
  await site.changed([introPath]);
  const intro2 = await site.page('intro', 'intro.html');
  const setup2 = await site.page('guides/setup', 'guides/setup.html');
  assert.match(intro2!.text, /Welcome back\./);
  assert.equal(setup2!.output, setup.output, 'the other page is not rendered again');

  ws.files.set(introPath, '---\ntitle: Getting going\ndescription: The start.\n---\n\nWelcome back.\n');
  project.contentChanged(introPath);
  await site.changed([introPath]);
  const setup3 = await site.page('guides/setup', 'guides/setup.html');
  assert.notEqual(setup3!.output, setup.output);
  assert.match(setup3!.text, /Getting going/, "the other page's navigation shows the new title");
});

test('the search index covers every page and follows an edit; it is JSON, never a script that sets a global', async () => {
  const { ws, project, site } = await devSite();
  const data = JSON.parse((await site.searchIndex())!) as { fields: string[]; storeFields: string[] };
  assert.deepEqual(data.fields, ['title', 'headings', 'description', 'text']);
  assert.match((await site.searchIndex())!, /"install"/);
  assert.doesNotMatch((await site.searchIndex())!, /DOCWRIGHT_SEARCH|</);
  assert.equal(await site.asset('search-index.js'), undefined, 'the export has the script form (for file://); dev does not');
  const setupPath = `${ROOT}/guides/setup.mdx`;
  ws.files.set(setupPath, '---\ntitle: Setup\ndescription: Set it up.\n---\n\nConfigure zeppelins.\n');
  project.contentChanged(setupPath);
  await site.changed([setupPath]);
  assert.match((await site.searchIndex())!, /"zeppelins"/);
});

test("pages rendered elsewhere (the host's worker): a render asked for before a change is asked for again", async () => {
  const { ws, project, site: worker } = await devSite();
  const asked: string[] = [];
  let midway: (() => Promise<void>) | undefined;
  const site = new DevSite(project, ROOT, {
    assets: ASSETS,
    renderPage: async (id) => {
      asked.push(id);
      const r = await worker.renderNow(id);
      // A file changes while the first render is on its way back.
      const change = midway;
      midway = undefined;
      await change?.();
      return r;
    },
  });
  const introPath = `${ROOT}/intro.mdx`;
  midway = async () => {
    ws.files.set(introPath, '---\ntitle: Intro\ndescription: The start.\n---\n\nChanged midway.\n');
    project.contentChanged(introPath);
    await worker.changed([introPath]);
    await site.changed([introPath]);
  };
  const page = await site.page('intro', 'intro.html');
  assert.match(page!.text, /Changed midway\./);
  assert.deepEqual(asked, ['intro', 'intro'], 'the render from before the change was not kept');
  // Kept until the next change: not asked for again.
  await site.page('intro', 'intro.html');
  assert.deepEqual(asked, ['intro', 'intro']);
  assert.equal(await site.page('nowhere', 'nowhere.html'), undefined);
});
