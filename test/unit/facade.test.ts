// Every host checks through one facade (server/src/docwright.ts, made for Node by
// server/src/node/host.ts): the CLI's `check` and the editor's first check run the whole-site check on
// worker threads (checkSiteFully), the language server's later site checks run Docwright.checkSite on
// its own thread. On the example sites and on a site with findings of many kinds, the three agree.
// DOCWRIGHT_FACADE_SITES (folders, separated by the path delimiter) adds more sites, such as those of
// the corpus (corpus/sites.json).
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseCheckArgs, runCheck } from '../../server/src/cli/main';
import { hostDocwright } from '../../server/src/node/host';
import { firstCheck } from '../../server/src/node/first-check';
import type { Finding } from '../../server/src/types';
import { toPosix } from '../../server/src/util/paths';
import { CLASSIC_SITE, EXAMPLE_SITE, writeSiteToDisk } from '../helpers';

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
    });
  }
});
