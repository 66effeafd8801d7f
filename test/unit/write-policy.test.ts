// Where Docwright writes in a site (site/write-policy.ts): never a dot folder or file or
// node_modules, and a move keeps a file's kind and never takes a tool's file name. `docwright mv`
// refuses such a move before anything changes; the MCP server's moves are in mcp.test.ts.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { moveRefusal, writeRefusal } from '../../server/src/site/write-policy';
import { runMv } from '../../server/src/hosts/cli/mv';
import { check, writeSiteToDisk } from '../helpers';

const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('the write policy', () => {
  it('refuses dot folders and files and node_modules at any depth, and takes the rest', () => {
    for (const rel of [
      '.git/hooks/pre-commit',
      '.github/workflows/ci.yml',
      '.vscode/tasks.json',
      '.cursor/rules.md',
      'guides/.hidden/a.mdx',
      '.env',
      'node_modules/x/a.mdx',
      'a/node_modules/b.png',
    ]) {
      assert.ok(writeRefusal(rel), rel);
    }
    for (const rel of ['guides/setup.mdx', 'docs.json', 'images/logo.png', 'snippets/card.jsx', 'v1.2/page.mdx', 'a..b/c.mdx'])
      assert.equal(writeRefusal(rel), undefined, rel);
  });

  it('moves a file as what it is: a page stays Markdown, others keep their extension, no tool file names', () => {
    const allowed: [string, string][] = [
      ['a.mdx', 'b/a.md'],
      ['a.md', 'A.MDX'],
      ['img/a.png', 'media/b.png'],
      ['snippets/c.jsx', 'components/c.jsx'],
      ['openapi.yaml', 'api/openapi.yaml'],
    ];
    for (const [from, to] of allowed) assert.equal(moveRefusal(from, to, false), undefined, `${from} -> ${to}`);
    const refused: [string, string][] = [
      ['a.mdx', 'a.sh'],
      ['a.mdx', 'Makefile'],
      ['a.mdx', 'AGENTS.md'],
      ['a.mdx', 'docs/claude.MD'],
      ['img/a.png', 'img/a.svg'],
      ['snippets/c.jsx', 'c.mjs'],
      ['notes.json', 'package.json'],
      ['notes.yml', 'azure-pipelines.yml'],
      ['notes.json', 'sub/docs.json'],
      ['script.js', 'script2.js'],
      ['run.sh', 'guides/run.sh'],
    ];
    for (const [from, to] of refused) assert.ok(moveRefusal(from, to, false), `${from} -> ${to}`);
    assert.equal(moveRefusal('guides', 'tutorials', true), undefined);
    assert.ok(moveRefusal('guides', '.github', true));
  });
});

describe('docwright mv', () => {
  it('refuses a page moved into .git/hooks or .github/workflows, before anything changes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docwright-mv-policy-'));
    dirs.push(dir);
    const config = JSON.stringify({
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D6E4F' },
      navigation: { groups: [{ group: 'All', pages: ['a', 'b'] }] },
    });
    writeSiteToDisk(dir, {
      'docs.json': config,
      'a.mdx': '---\ntitle: A\n---\n\nSee [b](/b).\n',
      'b.mdx': '---\ntitle: B\n---\n\n#!/bin/sh\n',
    });
    for (const to of ['.git/hooks/pre-commit', '.github/workflows/b.yml', '.github/b.mdx', 'node_modules/b.mdx', 'b.sh']) {
      await assert.rejects(
        runMv({ from: 'b.mdx', to, redirect: true, dryRun: false }, () => {}, dir),
        /dot folder|node_modules|not a page file/,
        to,
      );
      assert.ok(existsSync(path.join(dir, 'b.mdx')) && !existsSync(path.join(dir, to)), to);
    }
    assert.equal(readFileSync(path.join(dir, 'docs.json'), 'utf8'), config);
    assert.equal(await runMv({ from: 'b.mdx', to: 'guides/b.mdx', redirect: false, dryRun: false }, () => {}, dir), 0);
    assert.match(readFileSync(path.join(dir, 'a.mdx'), 'utf8'), /\(\/guides\/b\)/);
  });
});

describe('the create-page fix', () => {
  it('is offered for a missing page, never for one in a dot folder or node_modules', async () => {
    const findings = await check({
      'docs.json': JSON.stringify({
        $schema: 'https://mintlify.com/docs.json',
        theme: 'mint',
        name: 'Acme',
        colors: { primary: '#0D6E4F' },
        navigation: { groups: [{ group: 'All', pages: ['guides/new', '.github/workflows/ci', 'node_modules/x/readme'] }] },
      }),
    });
    const creates = findings
      .filter((f) => f.ruleId === 'nav-missing-page')
      .map((f) => [/"([^"]+)"/.exec(f.message)![1], (f.fixes ?? []).flatMap((x) => x.createFiles ?? []).map((c) => path.basename(c.path))]);
    assert.deepEqual(creates, [
      ['guides/new', ['new.mdx']],
      ['.github/workflows/ci', []],
      ['node_modules/x/readme', []],
    ]);
  });
});
