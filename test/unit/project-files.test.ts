// The Project's file set follows the disk through the file watcher's events, whatever their order
// and grain: a moved folder reported once as a folder, a move reported before or after the editor's
// rename, events from dot folders (`.git`) that must not reach the site.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Project } from '../../server/src/project';
import { exampleSite } from '../../server/src/rules/examples';
import { MemoryWorkspace } from '../../server/src/workspace';
import { ROOT, checkProject } from '../helpers';

const pageIds = async (project: Project) => [...((await project.site(ROOT))?.pages.keys() ?? [])].sort();

async function setup(): Promise<{ ws: MemoryWorkspace; project: Project }> {
  const ws = new MemoryWorkspace(exampleSite({}, ['introduction', 'guides/setup', 'guides/deep/more']), ROOT);
  const project = new Project(ws, [ROOT]);
  await project.scan();
  return { ws, project };
}

function move(ws: MemoryWorkspace, from: string, to: string): void {
  for (const [p, text] of [...ws.files]) {
    if (p !== from && !p.startsWith(from + '/')) continue;
    ws.files.delete(p);
    ws.files.set(to + p.slice(from.length), text);
  }
}

describe('project file set', () => {
  it('gives the files of a site nested in another to the nested site alone', async () => {
    const ws = new MemoryWorkspace(exampleSite({}, ['introduction']), ROOT);
    for (const [rel, text] of Object.entries(exampleSite({}, ['introduction', 'inner-page']))) ws.files.set(`${ROOT}/nested/${rel}`, text);
    const project = new Project(ws, [ROOT]);
    await project.scan();
    assert.deepEqual([...project.roots].sort(), [ROOT, `${ROOT}/nested`]);
    const outer = await project.site(ROOT);
    assert.ok(outer && ![...outer.files].some((f) => f.startsWith('nested/')), [...(outer?.files ?? [])].join(', '));
    assert.deepEqual([...((await project.site(`${ROOT}/nested`))?.pages.keys() ?? [])].sort(), ['inner-page', 'introduction']);
  });

  it('follows a folder moved and reported once, as a folder', async () => {
    const { ws, project } = await setup();
    move(ws, `${ROOT}/guides`, `${ROOT}/manual`);
    assert.deepEqual(await project.reconcile([`${ROOT}/guides`, `${ROOT}/manual`]), [ROOT]);
    assert.deepEqual(await pageIds(project), ['introduction', 'manual/deep/more', 'manual/setup']);
  });

  it('ends as the disk is when a move and a move back are reported late and out of order', async () => {
    const { ws, project } = await setup();
    move(ws, `${ROOT}/guides/setup.mdx`, `${ROOT}/setup.mdx`);
    move(ws, `${ROOT}/setup.mdx`, `${ROOT}/guides/setup.mdx`);
    // The second move's events first, then the first move's: each read from the disk as it is now.
    await project.reconcile([`${ROOT}/setup.mdx`, `${ROOT}/guides/setup.mdx`]);
    await project.reconcile([`${ROOT}/guides/setup.mdx`, `${ROOT}/setup.mdx`]);
    assert.deepEqual(await pageIds(project), ['guides/deep/more', 'guides/setup', 'introduction']);
  });

  it('ignores files in dot folders, as a scan does', async () => {
    const { ws, project } = await setup();
    ws.files.set(`${ROOT}/.git/notes.md`, '# Not a page\n');
    assert.deepEqual(await project.reconcile([`${ROOT}/.git/notes.md`, `${ROOT}/.git`]), []);
    assert.deepEqual(await pageIds(project), ['guides/deep/more', 'guides/setup', 'introduction']);
  });

  it('lists a site in path order whatever order files arrived in', async () => {
    const { ws, project } = await setup();
    ws.files.set(`${ROOT}/a-first.mdx`, '---\ntitle: "A"\n---\n');
    await project.reconcile([`${ROOT}/a-first.mdx`]);
    assert.deepEqual([...((await project.site(ROOT))?.files ?? [])], [...((await project.site(ROOT))?.files ?? [])].sort());
    assert.equal([...((await project.site(ROOT))?.pages.keys() ?? [])][0], 'a-first');
  });
});

describe("project: a page's anchors follow the snippets it renders", () => {
  it('reports a link into a page once the snippet it renders loses the heading, and not before', async () => {
    const files = exampleSite({}, ['guide', 'linker']);
    files['guide.mdx'] = '---\ntitle: Guide\ndescription: The guide.\n---\n\nimport Part from "/snippets/part.mdx";\n\n<Part />\n';
    files['linker.mdx'] = '---\ntitle: Linker\ndescription: The linker.\n---\n\nSee [install](/guide#install).\n';
    files['snippets/part.mdx'] = '## Install\n\nRun it.\n';
    const ws = new MemoryWorkspace(files, ROOT);
    const project = new Project(ws, [ROOT]);
    await project.scan();
    const broken = async () => (await checkProject(project, ROOT)).filter((f) => f.ruleId === 'link-broken').map((f) => f.message);
    assert.deepEqual(await broken(), []);
    ws.files.set(`${ROOT}/snippets/part.mdx`, '## Deploy\n\nShip it.\n');
    project.contentChanged(`${ROOT}/snippets/part.mdx`);
    assert.deepEqual(await broken(), ['No heading "#install" on "guide".']);
  });
  it('reports a link into a page once the .jsx component it imports stops writing the id, and not before', async () => {
    const files = exampleSite({}, ['guide', 'linker']);
    files['guide.mdx'] = '---\ntitle: Guide\ndescription: The guide.\n---\n\nimport { Part } from "/snippets/part.jsx";\n\n<Part />\n';
    files['linker.mdx'] = '---\ntitle: Linker\ndescription: The linker.\n---\n\nSee [install](/guide#install).\n';
    files['snippets/part.jsx'] = 'export const Part = () => <h2 id="install">Install</h2>;\n';
    const ws = new MemoryWorkspace(files, ROOT);
    const project = new Project(ws, [ROOT]);
    await project.scan();
    const broken = async () => (await checkProject(project, ROOT)).filter((f) => f.ruleId === 'link-broken').map((f) => f.message);
    assert.deepEqual(await broken(), []);
    ws.files.set(`${ROOT}/snippets/part.jsx`, 'export const Part = () => <h2 id="deploy">Deploy</h2>;\n');
    project.contentChanged(`${ROOT}/snippets/part.jsx`);
    assert.deepEqual(await broken(), ['No heading "#install" on "guide".']);
  });
});
