// Every host checks through one facade (server/src/docwright.ts, made for Node by
// server/src/node/host.ts): the CLI's `check` and the editor's first check run the whole-site check on
// worker threads (checkSiteFully), the language server's later site checks run Docwright.checkSite on
// its own thread, the check session (language server and `docwright dev`) publishes per file, and the
// MCP server's check tool answers. On the example sites and on a site with findings of many kinds, all agree.
// DOCWRIGHT_FACADE_SITES (folders, separated by the path delimiter) adds more sites, such as those of
// the corpus (corpus/sites.json). Exports and rules files go through the facade too: the editor's
// export (the project's pages, one thread) writes what `docwright export` (pages streamed, worker
// threads) writes, and both hosts' rules files are Docwright.rulesFile's (test/unit/layering.test.ts
// keeps the hosts from reaching past it).
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseCheckArgs, runCheck } from '../../server/src/hosts/cli/main';
import { runExport } from '../../server/src/hosts/cli/export';
import { runRules } from '../../server/src/hosts/cli/rules';
import { RULES_TARGETS } from '../../server/src/docwright';
import { exportToFolder, readStaticAssets } from '../../server/src/node/export-disk';
import { hostDocwright } from '../../server/src/node/host';
import { firstCheck, nodeFirstChecker } from '../../server/src/node/first-check';
import { McpSite } from '../../server/src/hosts/mcp/mcp-site';
import type { Finding } from '../../server/src/types';
import { toPosix } from '../../server/src/util/paths';
import { CLASSIC_SITE, EXAMPLE_SITE, writeSiteToDisk } from '../helpers';
import { filesIn } from '../export-helpers';

/** A finding as the CLI's JSON prints it, with the path relative to the site. */
const line = (root: string, f: { file?: string; path?: string; line: number; column: number; ruleId: string; severity: string; message: string }) =>
  `${f.file ?? path.relative(root, f.path!)}:${f.line}:${f.column} ${f.severity} ${f.ruleId} ${f.message}`;
const fromFinding = (root: string, f: Finding) =>
  line(root, { path: f.path, line: f.range.start.line + 1, column: f.range.start.character + 1, ruleId: f.ruleId, severity: f.severity, message: f.message });

async function viaCli(root: string): Promise<string[]> {
  const out: string[] = [];
  const code = await runCheck(parseCheckArgs(['--format', 'json', '--jobs', '2']), (s) => out.push(s), root);
  assert.ok(code === 0 || code === 1, `exit ${code}`);
  return (JSON.parse(out.join('\n')) as Parameters<typeof line>[1][]).map((f) => line(root, f));
}

async function viaServer(root: string): Promise<{ later: string[]; first: string[] }> {
  const docwright = hostDocwright([toPosix(root)]);
  await docwright.project.scan();
  assert.deepEqual(docwright.project.roots, [toPosix(root)]);
  const checked = await docwright.checkSite(toPosix(root));
  assert.ok(checked);
  const later = [...checked.site, ...[...checked.files.values()].flat()];
  const first = await firstCheck(docwright, toPosix(root), undefined, undefined, (m) => assert.fail(m));
  assert.ok(first);
  const firstAll = [...first.siteFindings, ...[...first.fileFindings.values()].flat()];
  const sorted = (list: Finding[]) => list.map((f) => fromFinding(root, f)).sort();
  return { later: sorted(later), first: sorted(firstAll) };
}

/** The check session (the language server's and `docwright dev`'s): started, idle, what it published last per file. */
async function viaSession(root: string): Promise<string[]> {
  const docwright = hostDocwright([toPosix(root)]);
  const published = new Map<string, Finding[]>();
  const session = docwright.session(
    {
      timers: { set: (run, ms) => setTimeout(run, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) },
      delays: { check: 0, page: 0, siteRecheck: 0 },
      firstCheck: nodeFirstChecker(() => docwright, { rules: () => undefined, storage: () => undefined, log: (m) => assert.fail(m) }),
      lateDiskEvents: true,
      publish: (p, list) => published.set(p, list),
      checkOptions: () => ({}),
      log: (m) => assert.fail(m),
    },
    docwright.project.scan(),
  );
  await session.start();
  await session.idle();
  return [...published.values()]
    .flat()
    .map((f) => fromFinding(root, f))
    .sort();
}

/** The MCP server's check tool, its findings in the CLI's terms. */
async function viaMcp(root: string): Promise<string[]> {
  const site = new McpSite(root, false);
  await site.open(root);
  const { findings } = await site.check();
  return findings
    .map((f) => line(root, { file: f.file, line: f.range.start.line, column: f.range.start.column, ruleId: f.rule, severity: f.severity, message: f.message }))
    .sort();
}

describe('the CLI and the language server check through one facade', () => {
  const made = mkdtempSync(path.join(tmpdir(), 'dw-facade-'));
  after(() => rmSync(made, { recursive: true, force: true }));

  // The example site with problems of many kinds planted: links, components, diagrams, front matter, snippets, navigation.
  const planted = path.join(made, 'planted');
  cpSync(EXAMPLE_SITE, planted, { recursive: true });
  writeSiteToDisk(planted, {
    'guides/planted.mdx':
      '---\ntitle: Planted\n---\n\n# Planted\n\nSee [nowhere](/no-such-page) and [an anchor](#missing).\n\n<Cardd title="x">typo</Cardd>\n\n<Card title="A" href="/quickstart" colour="red">text</Card>\n\n```mermaid\nflowchart LR\n  A -->\n```\n\n![](images/missing.png)\n\n### Skipped a level\n',
    'snippets/broken.mdx': 'A snippet with an unclosed <Note>\n',
    'orphan.mdx': '---\ntitle: Orphan\ndescription: "Nobody links here."\n---\n\nAlone.\n',
  });

  const extra = (process.env.DOCWRIGHT_FACADE_SITES ?? '').split(path.delimiter).filter(Boolean);
  for (const [name, root] of [
    ['the example site', EXAMPLE_SITE],
    ['the classic example site', CLASSIC_SITE],
    ['a site with planted problems', planted],
    ...extra.map((d) => [d, path.resolve(d)]),
  ]) {
    it(`agree on ${name}`, async () => {
      const cli = (await viaCli(root)).sort();
      const server = await viaServer(root);
      if (root === planted) assert.ok(cli.length >= 8, `${cli.length} findings:\n${cli.join('\n')}`);
      assert.deepEqual(server.first, cli, 'the first check');
      assert.deepEqual(server.later, cli, 'a later check');
      assert.deepEqual(await viaSession(root), cli, "the check session's (the language server's and docwright dev's)");
      assert.deepEqual(await viaMcp(root), cli, "the MCP server's check tool");
    });
  }
});

describe('the CLI and the language server export and write rules files through one facade', () => {
  const made = mkdtempSync(path.join(tmpdir(), 'dw-facade-export-'));
  after(() => rmSync(made, { recursive: true, force: true }));

  // A site whose export has problems of several kinds: a missing page, a broken link, a syntax error, a redirect.
  const planted = path.join(made, 'planted');
  cpSync(EXAMPLE_SITE, planted, { recursive: true });
  writeSiteToDisk(planted, {
    'guides/planted.mdx': '---\ntitle: Planted\n---\n\nSee [nowhere](/no-such-page).\n\n<Note>unclosed\n',
    'hidden.mdx': '---\ntitle: Hidden\nhidden: true\n---\n\nOut of the navigation.\n',
  });

  for (const [name, root] of [
    ['the example site', EXAMPLE_SITE],
    ['the classic example site', CLASSIC_SITE],
    ['a site with export problems', planted],
  ]) {
    it(`the editor's export writes what docwright export writes, byte for byte, on ${name}`, async () => {
      const cliOut = path.join(made, 'cli', path.basename(root));
      const messages: string[] = [];
      const code = await runExport({ dir: root, out: cliOut, strict: false, jobs: 3 }, { out: (s) => messages.push(s), err: (s) => messages.push(s) });
      assert.equal(code, 0, messages.join('\n'));

      const editorOut = path.join(made, 'editor', path.basename(root));
      const docwright = hostDocwright([toPosix(root)]);
      await docwright.project.scan();
      const assets = await readStaticAssets();
      let progress = 0;
      const result = await exportToFolder(root, editorOut, async (writer) => {
        const report = await docwright.export(toPosix(root), writer, { assets, trusted: true, pages: 'project', progress: () => progress++ });
        assert.ok(report);
        return report;
      });
      assert.ok(result.replaced);
      assert.equal(progress, result.report.pages);
      if (root === planted) assert.ok(result.report.problems.length >= 2, JSON.stringify(result.report.problems));

      assert.deepEqual(filesIn(editorOut), filesIn(cliOut));
      // Compared as booleans: a failure names the file without printing two pages.
      for (const f of filesIn(cliOut)) assert.ok(readFileSync(path.join(editorOut, f)).equals(readFileSync(path.join(cliOut, f))), `${f} differs`);
    });
  }

  it('writes the rules file Docwright.rulesFile gives, for each target, with the note .mintignore decides', async () => {
    const repo = path.join(made, 'repo');
    const site = path.join(repo, 'docs');
    cpSync(EXAMPLE_SITE, site, { recursive: true });
    mkdirSync(path.join(repo, '.git'));
    const docwright = hostDocwright([toPosix(site)]);
    await docwright.project.scan();
    for (const { id, path: rel } of RULES_TARGETS) {
      const file = await docwright.rulesFile(toPosix(site), id, repo);
      assert.ok(file);
      // Copilot's file goes to the repository root, naming the site's folder; the others sit in the site.
      assert.equal(file.folder, toPosix(id === 'copilot' ? repo : site));
      assert.equal(file.path, rel);
      const out: string[] = [];
      assert.equal(await runRules({ dir: site, target: id, force: false }, (s) => out.push(s), assert.fail, made), 0);
      assert.equal(readFileSync(path.join(file.folder, ...rel.split('/')), 'utf8'), file.content, id);
      assert.equal(
        out.some((l) => l.startsWith('Note: ')),
        file.note !== undefined,
        out.join('\n'),
      );
      assert.ok(
        file.content.includes(id === 'copilot' ? 'the site in `docs`, configured by `docs/docs.json`' : 'the site in `.`, configured by `docs.json`'),
        id,
      );
    }
    // AGENTS.md in the site folder is published as a page unless .mintignore lists it.
    assert.match((await docwright.rulesFile(toPosix(site), 'agents', repo))?.note ?? '', /add "AGENTS\.md" to \.mintignore/);
    writeFileSync(path.join(site, '.mintignore'), '/AGENTS.md\n');
    assert.equal((await docwright.rulesFile(toPosix(site), 'agents', repo))?.note, undefined);
    assert.equal(await docwright.rulesFile(toPosix(path.join(made, 'nothing-here')), 'cursor', undefined), undefined);
  });
});
