// The editor features (features/editor.ts, what the language server asks) parse the rest of the site
// only when the cursor is on a link, asset, import or snippet path. Elsewhere (a component tag,
// prose) a completion, hover or definition reads the page alone, so during the editor's first check,
// whose worker threads parse the site, the server's thread does not parse it all again.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Cancelled, Editor } from '../../server/src/features/editor';
import { Project } from '../../server/src/project';
import { MemoryWorkspace } from '../../server/src/workspace';
import { ROOT } from '../helpers';

const FM = (t: string) => `---\ntitle: "${t}"\ndescription: "About ${t.toLowerCase()}."\n---\n\n`;
const PAGE = FM('Home') + 'import Widget from "/snippets/widget.mdx";\n\n' + '<Note>\n  Read [the setup](/guides/setup#install).\n</Note>\n\n<Widget />\n';
const SITE: Record<string, string> = {
  'docs.json': JSON.stringify({
    name: 'Acme',
    favicon: 'https://acme.dev/favicon.svg',
    colors: { primary: '#0B6E4F' },
    navigation: [{ group: 'Start', pages: ['index', 'guides/setup', 'guides/other'] }],
  }),
  'index.mdx': PAGE,
  'guides/setup.mdx': FM('Setup') + '## Install\n\nRun it.\n',
  'guides/other.mdx': FM('Other') + 'More.\n',
  'snippets/widget.mdx': 'export const Widget = () => <div>W</div>;\n',
};

/** A workspace that remembers which files were read. */
class CountingWorkspace extends MemoryWorkspace {
  readonly read = new Set<string>();
  override async readFile(path: string): Promise<string | undefined> {
    this.read.add(path);
    return super.readFile(path);
  }
}

/** The editor features over a scanned project of SITE. */
async function setUp() {
  const ws = new CountingWorkspace(SITE, ROOT);
  const project = new Project(ws, [ROOT]);
  await project.scan();
  const editor = new Editor(project);
  ws.read.clear();
  return { ws, editor };
}

const page = `${ROOT}/index.mdx`;
/** The position of the first `needle` in the page, `delta` characters in. */
function at(needle: string, delta: number) {
  const offset = PAGE.indexOf(needle) + delta;
  const before = PAGE.slice(0, offset);
  return { line: before.split('\n').length - 1, character: offset - (before.lastIndexOf('\n') + 1) };
}
const otherPages = (ws: CountingWorkspace) => [...ws.read].filter((p) => p.endsWith('.mdx') && p !== `${ROOT}/index.mdx`);

describe('link navigation parses the site only on a path', () => {
  it('answers a component tag and prose from the page alone', async () => {
    const { ws, editor } = await setUp();
    const completion = await editor.complete(page, at('<Note', 3));
    assert.ok(
      completion.items.some((i) => i.kind === 'component' && i.label === 'Note'),
      JSON.stringify(completion.items.map((i) => i.label)),
    );
    assert.equal(completion.linkRoot, undefined, 'no link completion');
    assert.ok((await editor.hover(page, at('<Note', 2)))?.contents.includes('Note'), 'the component');
    assert.equal(await editor.hover(page, at('Read', 1)), undefined);
    assert.equal(await editor.definition(page, at('<Note', 2)), undefined);
    assert.deepEqual(otherPages(ws), []);
  });

  it("still finds an imported component tag's file without the other pages", async () => {
    const { ws, editor } = await setUp();
    assert.deepEqual(await editor.definition(page, at('<Widget', 2)), { path: `${ROOT}/snippets/widget.mdx` });
    assert.deepEqual(otherPages(ws), []);
  });

  it('on a link path, reads the site and answers as before', async () => {
    const { ws, editor } = await setUp();
    const hover = await editor.hover(page, at('/guides/setup#install', 3));
    assert.ok(hover?.contents.includes('Setup'), hover?.contents);
    const definition = await editor.definition(page, at('/guides/setup#install', 3));
    assert.equal(definition?.path, `${ROOT}/guides/setup.mdx`);
    assert.equal(definition?.line, SITE['guides/setup.mdx'].split('\n').indexOf('## Install'), 'the heading of the anchor');
    const completion = await editor.complete(page, at('/guides/setup#install', 1));
    assert.ok(
      completion.items.some((i) => i.label === '/guides/other'),
      JSON.stringify(completion.items.map((i) => i.label)),
    );
    assert.equal(completion.linkRoot, ROOT, 'the site a page item is resolved in');
    assert.ok(otherPages(ws).includes(`${ROOT}/guides/setup.mdx`), 'the linked page was read');
  });

  it('ends a whole-site request whose token is cancelled once the site is read', async () => {
    const { editor } = await setUp();
    const cancelled = { isCancellationRequested: true };
    await assert.rejects(editor.complete(page, at('/guides/setup#install', 1), cancelled), Cancelled);
    await assert.rejects(editor.references(page, at('/guides/setup#install', 3), true, cancelled), Cancelled);
    await assert.rejects(editor.workspaceSymbols('Setup', cancelled), Cancelled);
    // Not on a link path, completion reads no site and answers.
    assert.ok((await editor.complete(page, at('<Note', 3), cancelled)).items.length > 0);
    assert.ok((await editor.references(page, at('/guides/setup#install', 3), true))?.references.length);
  });
});

describe('the project parses a site for an index only once its gate opens', () => {
  it('holds the parse until the first check (the gate) has ended, then builds it', async () => {
    const ws = new CountingWorkspace(SITE, ROOT);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const project = new Project(ws, [ROOT], () => gate);
    await project.scan();
    ws.read.clear();
    const index = project.index(ROOT);
    // What the site load and one turn of the event loop allow: no page is read while the gate is shut.
    await project.site(ROOT);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(
      [...ws.read].filter((p) => p.endsWith('.mdx')),
      [],
    );
    open();
    assert.deepEqual([...(await index)!.pages.keys()].sort(), ['guides/other', 'guides/setup', 'index']);
    assert.ok(ws.read.has(`${ROOT}/guides/setup.mdx`));
  });
});
