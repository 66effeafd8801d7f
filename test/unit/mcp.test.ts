// `docwright mcp`: the built CLI run as a child process and driven by the MCP SDK's own client over
// stdio, as an AI editor drives it. Needs `npm run build` first (bin/docwright.js loads dist/server.js).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { writeSiteToDisk } from '../helpers';

const BIN = path.resolve(__dirname, '../../bin/docwright.js');

const CONFIG = {
  $schema: 'https://mintlify.com/docs.json',
  name: 'Acme',
  theme: 'mint',
  colors: { primary: '#0D6E4F' },
  favicon: '/favicon.svg',
  navigation: { groups: [{ group: 'Get started', pages: ['introduction', 'setup'] }] },
};

const SETUP =
  '---\ntitle: "Set up Acme"\ndescription: "Install Acme and create a first note."\n---\n\n# Set up Acme\n\nInstall it with the installer.\n\n## Install\n\n#### Options\n\nRun the installer.\n';

function site(dir: string): void {
  writeSiteToDisk(dir, {
    'docs.json': JSON.stringify(CONFIG, null, 2),
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
    'introduction.mdx':
      '---\ntitle: "Introduction"\ndescription: "What Acme does and where to start."\n---\n\nAcme keeps notes. Start with the [setup](/setup).\n',
    'setup.mdx': SETUP,
  });
}

interface Text {
  text: string;
}

async function connect(dir: string, flags: string[] = []): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', dir, ...flags], stderr: 'pipe' });
  const client = new Client({ name: 'docwright-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<{ text: string; isError: boolean }> {
  const r = await client.callTool({ name, arguments: args });
  return { text: (r.content as Text[]).map((c) => c.text).join('\n'), isError: r.isError === true };
}

describe('docwright mcp', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'docwright-mcp-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('lists its tools, checks a page with faults, fixes it with --allow-writes, and refuses paths outside the site', async () => {
    const root = path.join(dir, 'writable');
    site(root);
    const client = await connect(root, ['--allow-writes']);
    try {
      const tools = (await client.listTools()).tools.map((t) => t.name).sort();
      assert.deepEqual(tools, ['check', 'fix', 'list_components', 'list_rules', 'move', 'navigation', 'page_markdown', 'search']);

      const checked = JSON.parse((await call(client, 'check', { page: 'setup.mdx' })).text) as {
        findings: { rule: string; file: string; range: { start: { line: number } }; fixes?: unknown[] }[];
      };
      assert.deepEqual(
        checked.findings.map((f) => [f.rule, f.file, f.range.start.line]),
        [
          ['heading-h1', 'setup.mdx', 6],
          ['heading-increment', 'setup.mdx', 12],
        ],
      );
      assert.ok(
        checked.findings.every((f) => f.fixes && f.fixes.length > 0),
        'each finding carries its fix',
      );

      const fixed = await call(client, 'fix', { page: 'setup' });
      assert.equal(fixed.isError, false, fixed.text);
      const result = JSON.parse(fixed.text) as { fixed: { rule: string }[]; remaining: unknown[] };
      assert.deepEqual(result.fixed.map((f) => f.rule).sort(), ['heading-h1', 'heading-increment']);
      assert.deepEqual(result.remaining, []);
      const text = readFileSync(path.join(root, 'setup.mdx'), 'utf8');
      assert.doesNotMatch(text, /^# /m);
      assert.match(text, /^### Options$/m);
      // The server sees its own write: the page now checks clean.
      assert.deepEqual(JSON.parse((await call(client, 'check', { page: 'setup.mdx' })).text).findings, []);

      // Outside the site: refused, nothing written or moved.
      const outside = await call(client, 'fix', { page: '../elsewhere.mdx' });
      assert.equal(outside.isError, true);
      assert.match(outside.text, /outside the site/);
      const away = await call(client, 'move', { from: 'setup.mdx', to: '../setup.mdx' });
      assert.equal(away.isError, true);
      assert.match(away.text, /outside the site/);
      assert.ok(existsSync(path.join(root, 'setup.mdx')) && !existsSync(path.join(dir, 'setup.mdx')));

      // Inside: the move rewrites the link and the navigation.
      const moved = await call(client, 'move', { from: 'setup.mdx', to: 'guides/setup.mdx' });
      assert.equal(moved.isError, false, moved.text);
      assert.match(readFileSync(path.join(root, 'introduction.mdx'), 'utf8'), /\(\/guides\/setup\)/);
      assert.match(readFileSync(path.join(root, 'docs.json'), 'utf8'), /"guides\/setup"/);
    } finally {
      await client.close();
    }
  });

  it('with --allow-writes, moves nothing into a folder or name that a tool runs or reads as instructions', async () => {
    const root = path.join(dir, 'hooks');
    site(root);
    writeSiteToDisk(root, { 'images/logo.png': 'png', 'snippets/card.jsx': 'export const Card = () => <div />;\n', 'notes.txt': 'notes\n' });
    const client = await connect(root, ['--allow-writes']);
    try {
      const refused: [string, string][] = [
        ['setup.mdx', '.git/hooks/pre-commit'],
        ['setup.mdx', '.git/hooks/pre-commit.mdx'],
        ['setup.mdx', '.github/workflows/docs.yml'],
        ['setup.mdx', '.github/workflows/docs.mdx'],
        ['setup.mdx', '.vscode/tasks.json'],
        ['setup.mdx', '.vscode/settings.mdx'],
        ['setup.mdx', '.cursor/rules/setup.mdx'],
        ['setup.mdx', '.husky/pre-commit'],
        ['setup.mdx', 'node_modules/.bin/setup.mdx'],
        ['setup.mdx', 'guides/.hidden/setup.mdx'],
        ['setup.mdx', 'setup.sh'],
        ['setup.mdx', 'Makefile'],
        ['setup.mdx', 'AGENTS.md'],
        ['setup.mdx', 'guides/CLAUDE.md'],
        ['notes.txt', 'package.json'],
        ['notes.txt', 'notes.yml'],
        ['images/logo.png', 'images/logo.js'],
        ['snippets/card.jsx', 'snippets/card.js'],
        ['snippets/card.jsx', 'eslint.config.mjs'],
      ];
      for (const [from, to] of refused) {
        for (const dryRun of [false, true]) {
          const r = await call(client, 'move', { from, to, dryRun });
          assert.equal(r.isError, true, `${from} -> ${to}${dryRun ? ' (dry run)' : ''}: ${r.text}`);
          assert.match(r.text, /dot folder|node_modules|not a page file|not a \.\w+ file|read as configuration|not a page, snippet/);
        }
        assert.ok(existsSync(path.join(root, from)) && !existsSync(path.join(root, to)), `${from} -> ${to}: nothing moved`);
      }
      for (const [from, to] of [
        ['setup.mdx', 'guides/setup.md'],
        ['images/logo.png', 'media/logo.png'],
        ['snippets/card.jsx', 'snippets/cards/card.jsx'],
      ]) {
        const r = await call(client, 'move', { from, to });
        assert.equal(r.isError, false, `${from} -> ${to}: ${r.text}`);
        assert.ok(existsSync(path.join(root, to)));
      }
    } finally {
      await client.close();
    }
  });

  it('is read-only without --allow-writes: fix and move are refused, a dry run is not', async () => {
    const root = path.join(dir, 'readonly');
    site(root);
    const client = await connect(root);
    try {
      const fix = await call(client, 'fix', { page: 'setup.mdx' });
      assert.equal(fix.isError, true);
      assert.match(fix.text, /read-only/);
      const move = await call(client, 'move', { from: 'setup.mdx', to: 'guides/setup.mdx' });
      assert.equal(move.isError, true);
      assert.match(move.text, /read-only/);
      assert.equal(readFileSync(path.join(root, 'setup.mdx'), 'utf8'), SETUP);
      assert.ok(!existsSync(path.join(root, 'guides')));
      const dry = await call(client, 'move', { from: 'setup.mdx', to: 'guides/setup.mdx', dryRun: true });
      assert.equal(dry.isError, false, dry.text);
      assert.match(dry.text, /Would move setup\.mdx to guides\/setup\.mdx/);
      assert.ok(!existsSync(path.join(root, 'guides')));
    } finally {
      await client.close();
    }
  });

  it('answers the reading tools: rules, components, the Markdown copy, search, navigation', async () => {
    const root = path.join(dir, 'reading');
    site(root);
    const client = await connect(root);
    try {
      const rules = JSON.parse((await call(client, 'list_rules')).text) as { id: string; rationale: string }[];
      assert.ok(rules.some((r) => r.id === 'link-broken' && r.rationale.length > 0));
      const components = JSON.parse((await call(client, 'list_components')).text) as { name: string; attributes: unknown[] }[];
      assert.ok(components.some((c) => c.name === 'Steps'));
      const md = await call(client, 'page_markdown', { page: 'introduction' });
      assert.match(md.text, /^# Introduction$/m);
      assert.match(md.text, /\[setup\]\(setup\.md\)/);
      const found = JSON.parse((await call(client, 'search', { query: 'installer' })).text) as { file: string }[];
      assert.equal(found[0]?.file, 'setup.mdx');
      const nav = JSON.parse((await call(client, 'navigation')).text) as { groups: { group: string; items: { file?: string }[] }[] };
      assert.deepEqual(
        nav.groups.map((g) => [g.group, g.items.map((i) => i.file)]),
        [['Get started', ['introduction.mdx', 'setup.mdx']]],
      );
      const missing = await call(client, 'page_markdown', { page: 'nowhere.mdx' });
      assert.equal(missing.isError, true);
      assert.match(missing.text, /no page of the site/);
    } finally {
      await client.close();
    }
  });
});
