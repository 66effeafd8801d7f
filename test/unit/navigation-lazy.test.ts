// The language server's link navigation (lsp/navigation.ts) parses the rest of the site only when
// the cursor is on a link, asset, import or snippet path. Elsewhere (a component tag, prose) a
// completion, hover or definition reads the page alone, so during the editor's first check, whose
// worker threads parse the site, the server's thread does not parse it all again.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Connection, TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from 'vscode-uri';
import { registerNavigation } from '../../server/src/lsp/navigation';
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

/** Navigation over a scanned project of SITE, with a connection that only takes registrations. */
async function setUp() {
  const ws = new CountingWorkspace(SITE, ROOT);
  const project = new Project(ws, [ROOT]);
  await project.scan();
  const connection = new Proxy({}, { get: () => () => ({ dispose() {} }) }) as unknown as Connection;
  const documents = { get: () => undefined } as unknown as TextDocuments<TextDocument>;
  const navigation = registerNavigation(connection, { project: async () => project, documents, readFile: (p) => ws.readFile(p), log: () => undefined });
  ws.read.clear();
  return { ws, navigation };
}

const uri = URI.file(`${ROOT}/index.mdx`).toString();
/** The position of the first `needle` in the page, `delta` characters in. */
function at(needle: string, delta: number) {
  const offset = PAGE.indexOf(needle) + delta;
  const before = PAGE.slice(0, offset);
  return { line: before.split('\n').length - 1, character: offset - (before.lastIndexOf('\n') + 1) };
}
const otherPages = (ws: CountingWorkspace) => [...ws.read].filter((p) => p.endsWith('.mdx') && p !== `${ROOT}/index.mdx`);

describe('link navigation parses the site only on a path', () => {
  it('answers a component tag and prose from the page alone', async () => {
    const { ws, navigation } = await setUp();
    assert.equal(await navigation.complete(uri, at('<Note', 3)), undefined);
    assert.equal(await navigation.hover(uri, at('<Note', 2)), undefined);
    assert.equal(await navigation.hover(uri, at('Read', 1)), undefined);
    assert.equal(await navigation.definition(uri, at('<Note', 2)), undefined);
    assert.deepEqual(otherPages(ws), []);
  });

  it("still finds an imported component tag's file without the other pages", async () => {
    const { ws, navigation } = await setUp();
    const found = await navigation.definition(uri, at('<Widget', 2));
    assert.equal(found?.uri, URI.file(`${ROOT}/snippets/widget.mdx`).toString());
    assert.deepEqual(otherPages(ws), []);
  });

  it('on a link path, reads the site and answers as before', async () => {
    const { ws, navigation } = await setUp();
    const hover = await navigation.hover(uri, at('/guides/setup#install', 3));
    assert.ok(hover?.contents.includes('Setup'), hover?.contents);
    const definition = await navigation.definition(uri, at('/guides/setup#install', 3));
    assert.equal(definition?.uri, URI.file(`${ROOT}/guides/setup.mdx`).toString());
    assert.equal(definition?.range.start.line, SITE['guides/setup.mdx'].split('\n').indexOf('## Install'), 'the heading of the anchor');
    const completion = await navigation.complete(uri, at('/guides/setup#install', 1));
    assert.ok(
      completion?.items.some((i) => i.label === '/guides/other'),
      JSON.stringify(completion?.items.map((i) => i.label)),
    );
    assert.ok(otherPages(ws).includes(`${ROOT}/guides/setup.mdx`), 'the linked page was read');
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
