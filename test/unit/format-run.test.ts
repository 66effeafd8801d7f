// `docwright format` on worker threads: the same output, messages and files as on one thread.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { generateSite, writeSite } from '../../bench/generate';
import { parseFormatArgs, runFormat } from '../../server/src/hosts/cli/format';
import { formatSiteFile } from '../../server/src/features/format';
import { DiskWorkspace } from '../../server/src/node/disk-workspace';
import { Project } from '../../server/src/project';
import { toPosix } from '../../server/src/util/paths';

describe('docwright format on threads', () => {
  let base: string;
  let site: string;
  let files: string[];
  /** Each page formatted alone by the core (no runner, no threads). */
  const alone = new Map<string, string>();
  before(async () => {
    base = mkdtempSync(path.join(tmpdir(), 'docwright-format-run-'));
    site = path.join(base, 'site');
    const gen = generateSite(40);
    writeSite(gen, site);
    files = gen.pageFiles;
    // Options a worker must read from the site as the main thread does (a marker, and a note for an ignored option).
    writeFileSync(path.join(site, '.docwright.json'), JSON.stringify({ format: { listMarker: '*', wrap: 'always' } }));
    const project = new Project(new DiskWorkspace(), [toPosix(site)]);
    await project.scan();
    const loaded = (await project.site(toPosix(site)))!;
    for (const rel of files) alone.set(rel, formatSiteFile(loaded, rel, gen.files.get(rel)!).text);
  });
  after(() => rmSync(base, { recursive: true, force: true }));

  const run = async (args: string[], threads: number, cwd = base) => {
    const out: string[] = [];
    const err: string[] = [];
    let used = 0;
    const code = await runFormat(
      parseFormatArgs([...args, '--jobs', String(threads)]),
      (s) => out.push(s),
      (s) => err.push(s),
      cwd,
      { threadsFrom: 2, onDone: (i) => (used = i.threads) },
    );
    return { code, out, err, used };
  };

  it('gives the diff and messages of one thread, in the same order', async () => {
    const one = await run(['--diff', 'site'], 1);
    const three = await run(['--diff', 'site'], 3);
    assert.equal(one.used, 1);
    assert.equal(three.used, 3);
    assert.equal(one.code, 1);
    assert.ok(one.out.length > 1, 'the generated site has pages to format');
    assert.ok(
      one.err.some((l) => l.startsWith('docwright: note: format.wrap')),
      'the site note is printed',
    );
    assert.deepEqual(three, { ...one, used: 3 });
  });

  it('writes the same files as one thread', async () => {
    const copy = path.join(base, 'copy');
    cpSync(site, copy, { recursive: true });
    const one = await run(['site'], 1);
    const three = await run(['copy'], 3);
    assert.equal(three.used, 3);
    assert.deepEqual(three.err.slice(-1), one.err.slice(-1));
    for (const rel of files) {
      assert.equal(readFileSync(path.join(copy, rel), 'utf8'), readFileSync(path.join(site, rel), 'utf8'), rel);
      assert.equal(readFileSync(path.join(copy, rel), 'utf8'), alone.get(rel), rel);
    }
    const again = await run(['--check', 'copy'], 3);
    assert.deepEqual([again.code, again.out], [0, []]);
  });

  it('uses one thread below the threshold', async () => {
    const out: string[] = [];
    let used = 0;
    await runFormat(
      parseFormatArgs(['--check', 'site', '--jobs', '3']),
      (s) => out.push(s),
      () => {},
      base,
      { threadsFrom: 1000, onDone: (i) => (used = i.threads) },
    );
    assert.equal(used, 1);
  });
});
