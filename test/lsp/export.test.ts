// The real language server: docwright/exportSite (progress on $/progress, the refusals, strict
// mode keeping the previous output) and docwright/rulesFile; and the llms-txt rule
// reaching the editor as a diagnostic on a hand-written llms.txt.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { WorkDoneProgress } from 'vscode-languageserver-protocol';
import { exampleSite, minimalConfig, page } from '../../server/src/rules/examples';
import {
  EXPORT_SITE_REQUEST,
  type ExportSiteParams,
  type ExportSiteResult,
  RULES_FILE_REQUEST,
  type RulesFileResult,
} from '../../server/src/hosts/lsp/protocol';
import { startOnSite, type TestClient, uri } from './lsp-client';

const PAGES = ['introduction', 'quickstart', 'guides/setup'];

describe('language server: export and the editor rules file', () => {
  let dir: string;
  let client: TestClient;
  let server: Awaited<ReturnType<typeof startOnSite>>;

  before(async () => {
    server = await startOnSite({
      ...exampleSite(minimalConfig(PAGES), PAGES),
      'llms.txt': '# Acme\n\n> Acme docs.\n\n## Pages\n\n- [Gone](gone.md): Removed.\n',
    });
    ({ dir, client } = server);
  });
  after(() => server.dispose());

  it('exports the site with progress reports, to a folder of its own', async () => {
    const reports: { kind: string; percentage?: number }[] = [];
    const token = 'export-1';
    client.connection.onProgress(WorkDoneProgress.type, token, (v) => {
      reports.push(v);
    });
    const out = path.join(dir, 'dist');
    const result: ExportSiteResult = await client.connection.sendRequest(EXPORT_SITE_REQUEST, {
      uri: uri(path.join(dir, 'docs.json')),
      out,
      workDoneToken: token,
    } satisfies ExportSiteParams);
    assert.equal(result.status, 'exported', result.message);
    assert.equal(result.pages, 3);
    assert.equal(result.errors, 0);
    for (const f of ['index.html', 'guides/setup.html', 'guides/setup.md', 'llms.txt', '_docwright/search-index.js'])
      assert.ok(existsSync(path.join(out, f)), f);
    assert.deepEqual(
      reports.map((r) => r.kind),
      ['begin', 'report', 'report', 'report', 'end'],
    );
    assert.equal(reports.at(-2)?.percentage, 100);
  });

  it('refuses the site folder as output', async () => {
    const result: ExportSiteResult = await client.connection.sendRequest(EXPORT_SITE_REQUEST, { uri: uri(dir), out: dir } satisfies ExportSiteParams);
    assert.equal(result.status, 'refused');
    assert.match(result.message ?? '', /is the site folder or a folder above it/);
  });

  it('in strict mode keeps the previous output when a page has errors, and names the page', async () => {
    const out = path.join(dir, 'dist');
    const before = readFileSync(path.join(out, 'quickstart.html'), 'utf8');
    const broken = path.join(dir, 'quickstart.mdx');
    writeFileSync(broken, `${page('Quickstart')}\n<Steps>\n`);
    // The editor's text is what the server exports: open the broken page.
    client.open(broken, readFileSync(broken, 'utf8'), 'mdx');
    const result: ExportSiteResult = await client.connection.sendRequest(EXPORT_SITE_REQUEST, { uri: uri(dir), out, strict: true } satisfies ExportSiteParams);
    assert.equal(result.status, 'kept');
    assert.ok(result.errors > 0);
    assert.equal(result.problems[0].uri, uri(broken));
    assert.equal(readFileSync(path.join(out, 'quickstart.html'), 'utf8'), before);
  });

  it('answers the rules file for a target: where it goes and its text', async () => {
    const result: RulesFileResult = await client.connection.sendRequest(RULES_FILE_REQUEST, { uri: uri(dir), target: 'cursor-mdc' });
    assert.equal(result.status, 'ok');
    assert.equal(result.uri, uri(path.join(dir, '.cursor/rules/docwright.mdc')));
    assert.match(result.content ?? '', /^---\ndescription: Writing rules for the Acme documentation/);
    assert.match(result.content ?? '', /# Writing rules for the Acme documentation/);
  });

  it('refuses a rules file or an export output on the way through a folder linked out of the site', async () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'docwright-lsp-outside-'));
    try {
      symlinkSync(outside, path.join(dir, '.windsurf'));
      symlinkSync(outside, path.join(dir, 'build'));
      const rules: RulesFileResult = await client.connection.sendRequest(RULES_FILE_REQUEST, { uri: uri(dir), target: 'windsurf' });
      assert.equal(rules.status, 'refused');
      assert.match(rules.message ?? '', /\.windsurf .*is a symbolic link/);
      const exported: ExportSiteResult = await client.connection.sendRequest(EXPORT_SITE_REQUEST, {
        uri: uri(dir),
        out: path.join(dir, 'build', 'site'),
      } satisfies ExportSiteParams);
      assert.equal(exported.status, 'refused');
      assert.match(exported.message ?? '', /build .*is a symbolic link/);
      assert.deepEqual(readdirSync(outside), []);
    } finally {
      rmSync(path.join(dir, '.windsurf'), { force: true });
      rmSync(path.join(dir, 'build'), { force: true });
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('reports a hand-written llms.txt whose link leads nowhere', async () => {
    const diagnostics = await client.waitForDiagnostics(path.join(dir, 'llms.txt'), (d) => d.length > 0);
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.range.start.line, d.message]),
      [['llms-txt', 6, 'The link "gone.md" leads to no page or file of the site.']],
    );
  });
});
