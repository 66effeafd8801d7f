// No finding depends on the machine's load: the same site checked by the CLI on an idle machine and
// with every core kept busy by other processes gives the same findings. The site holds large ordinary
// pages (the kind a wall-clock parse budget cut off on busy CI runners) and links into their headings.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import * as path from 'node:path';
import { writeSiteToDisk } from '../helpers';

const ROOT_DIR = path.resolve(__dirname, '../..');
const BIN = path.join(ROOT_DIR, 'bin', 'docwright.js');

/** A long page of ordinary prose, lists, code and tables under `sections` headings. */
function longPage(title: string, sections: number): string {
  const section = (i: number) =>
    `## Section ${i}: configuring the *service* \`v${i}\`\n\n` +
    `Some prose about [the API](/reference#section-${i}-configuring-the-service-v${i}), with **bold**, _emphasis_ and a footnote-like aside (see below).\n\n` +
    `- First step of ${i}\n- Second step, with \`inline code\`\n  - nested detail\n\n` +
    '```bash\nnpm install example --save\n```\n\n' +
    `| Key | Value |\n| --- | --- |\n| name | section ${i} |\n| size | ${i * 3} |\n\n`;
  return (
    `---\ntitle: "${title}"\ndescription: "The ${title} page, long on purpose."\n---\n\n` + Array.from({ length: sections }, (_, i) => section(i)).join('')
  );
}

function site(): Record<string, string> {
  const links = Array.from({ length: 40 }, (_, i) => `- [Part ${i * 7}](/reference#section-${i * 7}-configuring-the-service-v${i * 7})`).join('\n');
  return {
    'docs.json': JSON.stringify({ name: 'Load', colors: { primary: '#0B6E4F' }, navigation: [{ group: 'Guides', pages: ['index', 'reference', 'guide'] }] }),
    'index.mdx': `---\ntitle: "Home"\ndescription: "Where the reader starts."\n---\n\n## Links\n\n${links}\n\n- [A missing one](/reference#no-such-heading)\n`,
    // About 400 KB and 150 KB: well within the pages Docwright reads in full.
    'reference.mdx': longPage('Reference', 1100),
    'guide.mdx': longPage('Guide', 400),
  };
}

function checkJson(dir: string): string {
  const r = spawnSync(process.execPath, [BIN, 'check', dir, '--format', 'json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  assert.ok(r.status === 0 || r.status === 1, `check exited ${r.status}: ${r.stderr}`);
  return r.stdout;
}

/** Processes that keep every core busy, resolved once each is running. */
async function busyCores(): Promise<ChildProcess[]> {
  const count = availableParallelism() * 6;
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'process.stdout.write("up\\n"); for (;;) {}'], { stdio: ['ignore', 'pipe', 'ignore'] }),
  );
  await Promise.all(children.map((c) => once(c.stdout!, 'data')));
  return children;
}

describe("results do not depend on the machine's load", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'docwright-load-'));
    writeSiteToDisk(dir, site());
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('checks a site with large pages the same idle and with every core busy', { timeout: 180_000 }, async () => {
    const idle = checkJson(dir);
    const findings = JSON.parse(idle) as { ruleId: string; file: string; message: string }[];
    // The pages were read in full: their anchors are known, so only the one missing anchor is reported.
    assert.deepEqual(
      findings.filter((f) => f.ruleId === 'page-too-large'),
      [],
    );
    assert.deepEqual(
      findings.filter((f) => f.ruleId === 'link-broken').map((f) => f.message.split('.')[0]),
      ['No heading "#no-such-heading" on "reference"'],
    );
    const busy = await busyCores();
    try {
      const loaded = checkJson(dir);
      assert.equal(loaded, idle);
    } finally {
      for (const c of busy) c.kill('SIGKILL');
    }
  });
});
