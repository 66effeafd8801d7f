// The channel pages generated from an AsyncAPI file through `docwright export` (the format's own
// docs' asyncapi.yaml shape): HTML with the channel's address, operations and message fields; and
// the pages in the sidebar, the search index, the Markdown copies, llms.txt and the sitemap.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { exportSite, type ExportRun } from '../export-helpers';
import { writeSiteToDisk } from '../helpers';
import { page } from '../../server/src/rules/examples';
import { ASYNCAPI_3 } from '../asyncapi-site';

const PAGES = ['ws/note-updates', 'ws/status'];
const SPEC = ASYNCAPI_3.replace('operations:\n', '  status:\n    title: Service status\n    address: /status\n    messages: {}\noperations:\n');

describe('an AsyncAPI site exported', () => {
  let tmp: string;
  let out: string;
  let run: ExportRun;
  const read = (rel: string) => readFileSync(path.join(out, rel), 'utf8');
  before(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'docwright-asyncapi-'));
    const config = {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D6E4F' },
      navigation: {
        groups: [
          { group: 'Start', pages: ['introduction', 'socket'] },
          { group: 'Live', asyncapi: { source: '/asyncapi.yaml', directory: 'ws' } },
        ],
      },
    };
    writeSiteToDisk(path.join(tmp, 'src'), {
      'docs.json': JSON.stringify(config, null, 2),
      'introduction.mdx': page('Introduction'),
      'socket.mdx':
        '---\ntitle: "Live notes"\ndescription: "Hear about every change."\nasyncapi: "/asyncapi.yaml noteUpdates"\n---\n\nOpen the socket first.\n',
      'asyncapi.yaml': SPEC,
    });
    out = path.join(tmp, 'site');
    run = await exportSite({ dir: path.join(tmp, 'src'), out, baseUrl: 'https://docs.acme.example/' });
  });
  after(() => rmSync(tmp, { recursive: true, force: true }));

  it('exports a page per channel, listed in the group that names the file', () => {
    assert.equal(run.code, 0, run.err.join('\n'));
    const html = read('ws/note-updates.html');
    const sidebar = /<nav class="dw-sidebar"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
    const hrefs = [...sidebar.matchAll(/<a class="dw-nav-link(?: dw-current)?" href="([^"#]+)\.html"/g)].map((m) => path.posix.join('ws', m[1]));
    assert.deepEqual(hrefs, ['introduction', 'socket', ...PAGES]);
    assert.ok(sidebar.includes('>Live<'));
  });

  it('a channel page: title, address, operations and each message with its payload fields', () => {
    const html = read('ws/note-updates.html');
    assert.match(html, /<h1 class="dw-title"[^>]*>Note updates<\/h1>/);
    assert.match(html, /\/notes/);
    assert.match(html, /<strong>receive<\/strong> <code>receiveNote<\/code>/);
    assert.match(
      html,
      /<code class="dw-field-name">id<\/code><span class="dw-badge dw-field-type">string<\/span><span class="dw-badge dw-field-required">required<\/span><\/div><div class="dw-field-body"><p[^>]*>The note’s id\.<\/p>/,
    );
    assert.match(html, /<code class="dw-field-name">text<\/code><span class="dw-badge dw-field-type">string<\/span><\/div>/);
    assert.match(read('ws/status.html'), /<h1 class="dw-title"[^>]*>Service status<\/h1>/);
  });

  it('a page with asyncapi front matter shows its own content, then the channel it names', () => {
    const html = read('socket.html');
    assert.match(html, /<h1 class="dw-title"[^>]*>Live notes<\/h1>/);
    const own = html.indexOf('Open the socket first.');
    const field = html.indexOf('<code class="dw-field-name">id</code>');
    assert.ok(own > 0 && field > own, `own content at ${own}, the channel's fields at ${field}`);
    assert.match(html, /<strong>send<\/strong> <code>sendPing<\/code>/);
    // Its Markdown copy holds the same two parts, in the same order.
    const md = read('socket.md');
    const ownMd = md.indexOf('Open the socket first.');
    const fieldMd = md.indexOf("`id` (string, required): The note's id.");
    assert.ok(ownMd > 0 && fieldMd > ownMd, `own content at ${ownMd}, the channel's fields at ${fieldMd} in\n${md}`);
  });

  it('puts the pages in the search index, Markdown copies, llms.txt and the sitemap', () => {
    const script = read('_docwright/search-index.js');
    const data = JSON.parse(script.replace(/^self\.DOCWRIGHT_SEARCH = /, '').replace(/;\s*$/, '')) as {
      index: { storedFields: Record<string, { url: string }> };
    };
    const indexed = Object.values(data.index.storedFields).map((f) => f.url.replace(/\.html$/, ''));
    const llms = read('llms.txt');
    const sitemap = existsSync(path.join(out, 'sitemap.xml')) ? read('sitemap.xml') : '';
    for (const id of PAGES) {
      assert.ok(indexed.includes(id), `${id}: search index`);
      assert.ok(llms.includes(`(https://docs.acme.example/${id}.md)`), `${id}: llms.txt`);
      assert.ok(sitemap.includes(`https://docs.acme.example/${id}`), `${id}: sitemap`);
    }
    const md = read('ws/note-updates.md');
    assert.match(md, /^# Note updates\n/);
    assert.match(md, /^`id` \(string, required\): The note's id\.$/m);
    // The file itself is copied, as the format serves the specs llms.txt lists.
    assert.ok(llms.includes('asyncapi.yaml'), llms);
  });
});
