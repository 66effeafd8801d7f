// Migration of a classic config to the current format (core), the unified diff, and
// `docwright migrate` as a user runs it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { migrateConfig, MigrationError } from '../../server/src/config/migrate';
import { parseConfig } from '../../server/src/config/parse';
import { exampleSite, minimalConfig } from '../../server/src/rules/examples';
import { CLASSIC_SITE, EXAMPLE_SITE, writeSiteToDisk } from '../helpers';
import { diffLines, unifiedDiff } from '../../server/src/util/diff';

const BIN = path.resolve(__dirname, '../../bin/docwright.js');

describe('migrateConfig', () => {
  it('converts every classic setting to its current counterpart', () => {
    const classic = {
      $schema: 'https://mintlify.com/schema.json',
      name: 'Acme',
      logo: { light: '/l.svg', dark: '/d.svg' },
      favicon: '/f.svg',
      colors: { primary: '#0B6E4F', light: '#4ADE80', background: { light: '#FFFFFF', dark: '#0F1117' } },
      topbarLinks: [{ name: 'Status', url: 'https://status.acme.example' }],
      topbarCtaButton: { name: 'Sign up', url: 'https://acme.example/signup' },
      navigation: [{ group: 'Start', pages: ['introduction'] }],
      api: { baseUrl: 'https://api.acme.example', auth: { method: 'bearer' }, playground: { mode: 'hide' } },
      openapi: 'openapi.json',
      footerSocials: { github: 'https://github.com/acme', twitter: 'https://x.com/acme' },
      modeToggle: { default: 'dark', isHidden: true },
      backgroundImage: '/bg.svg',
      metadata: { 'og:site_name': 'Acme' },
      seo: { indexHiddenPages: true },
      analytics: { ga4: { measurementId: 'G-123' } },
      redirects: [{ source: '/old', destination: '/introduction' }],
    };
    const { text, notes, alreadyCurrent } = migrateConfig(JSON.stringify(classic, null, 2));
    assert.equal(alreadyCurrent, false);
    assert.deepEqual(notes, []);
    assert.deepEqual(JSON.parse(text), {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0B6E4F', light: '#4ADE80' },
      logo: { light: '/l.svg', dark: '/d.svg' },
      favicon: '/f.svg',
      appearance: { default: 'dark', strict: true },
      background: { image: '/bg.svg', color: { light: '#FFFFFF', dark: '#0F1117' } },
      navbar: {
        links: [{ label: 'Status', href: 'https://status.acme.example' }],
        primary: { type: 'button', label: 'Sign up', href: 'https://acme.example/signup' },
      },
      navigation: { groups: [{ group: 'Start', pages: ['introduction'] }] },
      footer: { socials: { github: 'https://github.com/acme', twitter: 'https://x.com/acme' } },
      api: { openapi: 'openapi.json', playground: { display: 'none' }, mdx: { server: 'https://api.acme.example', auth: { method: 'bearer' } } },
      seo: { metatags: { 'og:site_name': 'Acme' }, indexing: 'all' },
      integrations: { ga4: { measurementId: 'G-123' } },
      redirects: [{ source: '/old', destination: '/introduction' }],
    });
  });

  it('keeps unknown keys and reports them, and reports what has no counterpart', () => {
    const classic = minimalConfig(['introduction'], {
      customThing: { a: 1 },
      feedback: { suggestEdit: true },
      api: { auth: { method: 'basic', name: 'user:pass', inputPrefix: 'acme_' }, maintainOrder: true },
      anchors: [{ name: 'API', url: 'api', color: { from: '#000000', to: '#111111' }, weird: 1 }],
    });
    classic.navigation = [
      { group: 'Start', pages: ['introduction'], tag: 'NEW' },
      { group: 'API', pages: ['api/a'] },
    ];
    // Without colours, migrate writes the primary colour the current format requires, and says so.
    delete classic.colors;
    const { text, notes } = migrateConfig(JSON.stringify(classic));
    const out = JSON.parse(text);
    assert.deepEqual(out.customThing, { a: 1 });
    // The format's upgrade writes only the keys a division or group has in the current format: others are named.
    assert.equal(out.navigation.anchors[1].weird, undefined);
    assert.deepEqual(out.navigation.anchors[1].color, { light: '#000000', dark: '#000000' });
    assert.equal(out.navigation.anchors[0].groups[0].tag, undefined);
    assert.deepEqual(notes.map((n) => `${n.kind} ${n.path}`).sort(), [
      'changed anchors.API.color',
      'changed colors.primary',
      'dropped anchors.API.weird',
      'dropped api.auth.inputPrefix',
      'dropped api.maintainOrder',
      'dropped feedback',
      'dropped navigation.Start.tag',
      'kept customThing',
    ]);
    for (const n of notes) assert.ok(n.message.length > 10, n.path);
  });

  it("places pages in tabs and anchors as the format's upgrade does; link anchors are global only when every anchor is one", () => {
    const classic = {
      name: 'Acme',
      versions: ['v2', 'v1'],
      tabs: [{ name: 'API', url: 'api' }],
      anchors: [
        { name: 'Forum', url: 'https://forum.acme.example', icon: 'comments' },
        { name: 'Legacy', url: 'legacy', version: 'v1' },
      ],
      primaryTab: { name: 'Guides' },
      navigation: [
        { group: 'Start', pages: ['intro'] },
        { group: 'Endpoints', pages: ['api/users'] },
        { group: 'Old', version: 'v1', pages: ['legacy/old'] },
      ],
    };
    const nav = JSON.parse(migrateConfig(JSON.stringify(classic)).text).navigation;
    const tabs = [
      { tab: 'Guides', groups: [{ group: 'Start', pages: ['intro'] }] },
      { tab: 'API', groups: [{ group: 'Endpoints', pages: ['api/users'] }] },
    ];
    const forum = { anchor: 'Forum', icon: 'comments', href: 'https://forum.acme.example' };
    assert.deepEqual(nav, {
      versions: [
        { version: 'v2', anchors: [{ anchor: 'Documentation', icon: 'book-open', tabs }, forum] },
        {
          version: 'v1',
          anchors: [{ anchor: 'Documentation', icon: 'book-open', tabs }, forum, { anchor: 'Legacy', groups: [{ group: 'Old', pages: ['legacy/old'] }] }],
        },
      ],
    });
    // Every anchor a link: they become global anchors.
    const links = JSON.parse(migrateConfig(JSON.stringify({ ...classic, versions: undefined, anchors: [classic.anchors[0]] })).text).navigation;
    assert.deepEqual(links.global, { anchors: [forum] });
  });

  it('splits a group whose pages lie under different tabs, and names a tab that holds no page', () => {
    const classic = {
      name: 'Acme',
      tabs: [
        { name: 'API', url: 'api' },
        { name: 'SDK', url: 'sdk' },
      ],
      navigation: [{ group: 'Mixed', icon: 'book', iconType: 'solid', pages: ['intro', 'api/users', { group: 'More', pages: ['api/more'] }] }],
    };
    const { text, notes } = migrateConfig(JSON.stringify(classic));
    assert.deepEqual(JSON.parse(text).navigation, {
      tabs: [
        { tab: 'Documentation', groups: [{ group: 'Mixed', icon: { name: 'book', style: 'solid' }, pages: ['intro'] }] },
        { tab: 'API', groups: [{ group: 'Mixed', icon: { name: 'book', style: 'solid' }, pages: ['api/users', { group: 'More', pages: ['api/more'] }] }] },
      ],
    });
    assert.deepEqual(
      notes.filter((n) => n.path.startsWith('tabs')).map((n) => `${n.kind} ${n.path}`),
      ['dropped tabs.SDK'],
    );
  });

  it("leaves a current config alone, keeps the file's indentation, and refuses broken JSON", async () => {
    const current = '{\n  "theme": "mint",\n  "name": "A",\n  "colors": { "primary": "#000000" },\n  "navigation": { "pages": ["a"] }\n}\n';
    assert.deepEqual(migrateConfig(current), { text: current, notes: [], alreadyCurrent: true });
    const tabbed = migrateConfig('{\n\t"name": "A",\n\t"navigation": [{ "group": "G", "pages": ["a"] }]\n}\n').text;
    assert.match(tabbed, /^\{\n\t"theme": "mint",\n\t"name": "A"/, 'no $schema is added where there was none');
    assert.equal((await parseConfig('/s/docs.json', tabbed)).generation, 'current');
    assert.throws(() => migrateConfig('{ "name": '), MigrationError);
  });

  it('converts the classic example config into one the current schema accepts, naming what it drops', async () => {
    const { text, notes } = migrateConfig(readFileSync(path.join(CLASSIC_SITE, 'docs.json'), 'utf8'));
    // Three settings of the example have no counterpart; each is named.
    assert.deepEqual(
      notes.filter((n) => n.kind === 'dropped').map((n) => n.path),
      ['api.auth.inputPrefix', 'api.maintainOrder', 'feedback'],
    );
    assert.ok((await parseConfig('/s/docs.json', text)).problems.length === 0);
  });

  it('leaves the bundled example, already in the current format, as it is', async () => {
    const text = readFileSync(path.join(EXAMPLE_SITE, 'docs.json'), 'utf8');
    assert.equal((await parseConfig('/s/docs.json', text)).generation, 'current');
    assert.deepEqual(migrateConfig(text), { text, notes: [], alreadyCurrent: true });
  });
});

describe('unified diff', () => {
  it('is minimal, and applying its operations gives both texts back', () => {
    for (let seed = 1; seed < 300; seed++) {
      let x = seed;
      const rand = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
      const lines = () => Array.from({ length: Math.floor(rand() * 10) }, () => 'abc'[Math.floor(rand() * 3)]);
      const [a, b] = [lines(), lines()];
      const ops = diffLines(a, b);
      assert.deepEqual(
        ops.filter((o) => o.kind !== '+').map((o) => o.line),
        a,
      );
      assert.deepEqual(
        ops.filter((o) => o.kind !== '-').map((o) => o.line),
        b,
      );
    }
    assert.equal(unifiedDiff('a', 'b', 'x\ny\n', 'x\ny\n'), '');
    assert.equal(
      unifiedDiff('a/f', 'b/f', '1\n2\n3\n4\n5\n6\n7\n8\n9\n', '1\n2\n3\n4\nFIVE\n6\n7\n8\n9\n'),
      '--- a/f\n+++ b/f\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+FIVE\n 6\n 7\n 8\n',
    );
  });
});

describe('docwright migrate', () => {
  let dir: string;
  const run = (args: string[]) => spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8' });
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'docwright-migrate-'));
    cpSync(CLASSIC_SITE, path.join(dir, 'starter'), { recursive: true });
    writeSiteToDisk(path.join(dir, 'old'), { ...exampleSite(minimalConfig(['introduction']), ['introduction']), 'docs.json': '' });
    rmSync(path.join(dir, 'old', 'docs.json'));
    writeSiteToDisk(path.join(dir, 'old'), { 'mint.json': JSON.stringify(minimalConfig(['introduction'])) });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('prints a diff and the notes, and writes nothing without --write', () => {
    const before = readFileSync(path.join(dir, 'starter', 'docs.json'), 'utf8');
    const r = run(['migrate', 'starter']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^--- a\/starter\/docs\.json\n\+\+\+ b\/starter\/docs\.json\n@@ /);
    assert.match(r.stderr, /starter\/docs\.json: dropped api\.maintainOrder: /);
    assert.match(r.stderr, /Nothing was written\. Run again with --write/);
    assert.equal(readFileSync(path.join(dir, 'starter', 'docs.json'), 'utf8'), before);
    // The diff turns the old text into the new one.
    const migrated = migrateConfig(before).text;
    assert.equal(applyUnified(before, r.stdout), migrated);
  });

  it('writes docs.json with --write; the site then checks clean, and a second run has nothing to do', () => {
    const r = run(['migrate', 'starter', '--write']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /starter\/docs\.json: written in the current format\./);
    const checked = spawnSync(process.execPath, [BIN, 'check', 'starter'], { cwd: dir, encoding: 'utf8' });
    assert.equal(checked.stdout.trim(), 'No problems found (1 site).');
    assert.equal(checked.status, 0);
    const again = run(['migrate', 'starter']);
    assert.equal(again.stdout, '');
    assert.match(again.stderr, /already in the current format/);
  });

  it('writes docs.json next to a mint.json and leaves mint.json in place', () => {
    const r = run(['migrate', 'old', '--write']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^--- a\/old\/mint\.json\n\+\+\+ b\/old\/docs\.json/);
    assert.ok(existsSync(path.join(dir, 'old', 'mint.json')));
    assert.equal(JSON.parse(readFileSync(path.join(dir, 'old', 'docs.json'), 'utf8')).theme, 'mint');
  });

  it('says when there is no site, and rejects unknown options', () => {
    assert.equal(run(['migrate', 'nowhere']).status, 2);
    assert.equal(run(['migrate', 'starter', '--force']).status, 2);
  });
});

/** Applies a unified diff (as printed) to a text. */
function applyUnified(text: string, diff: string): string {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const out: string[] = [];
  let at = 0;
  const body = diff.split('\n').slice(2);
  for (let i = 0; i < body.length; i++) {
    const m = /^@@ -(\d+),(\d+) \+\d+,\d+ @@/.exec(body[i]);
    if (!m) continue;
    const start = Number(m[2]) === 0 ? Number(m[1]) : Number(m[1]) - 1;
    while (at < start) out.push(lines[at++]);
    for (i++; i < body.length && !body[i].startsWith('@@'); i++) {
      const [kind, line] = [body[i][0], body[i].slice(1)];
      if (kind === ' ') out.push(lines[at++]);
      else if (kind === '-') at++;
      else if (kind === '+') out.push(line);
    }
    i--;
  }
  while (at < lines.length) out.push(lines[at++]);
  return out.join('\n') + '\n';
}
