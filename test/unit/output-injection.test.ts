// What a site can put into the CLI's output: file names, docs.json strings and links holding line
// breaks and CI runner commands (`::add-mask::`, `::set-output`, `::error file=…`, `##[error]`). In no
// format and on neither stream does a site byte start a line, so a GitHub Actions log reads no command
// the site wrote. Runs the built CLI (`npm run build` first) so the real stdout and stderr are read.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

const BIN = path.resolve(__dirname, '../../bin/docwright.js');
const EXAMPLE = path.resolve(__dirname, '../../examples/starter');

const PAGE = (title: string, body: string) =>
  `---\ntitle: "${title}"\ndescription: "A page of the output injection test, with a broken link."\n---\n\n${body}\n`;

/** The example site with hostile names: a page named like a command at the root, one with a line break, nav entries and links with both. */
function hostileSite(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docwright-inject-'));
  cpSync(EXAMPLE, dir, { recursive: true });
  writeFileSync(path.join(dir, '::warning::root.mdx'), PAGE('Root', 'See [this](/nowhere).'));
  writeFileSync(path.join(dir, 'guides', 'x\n::add-mask::leak.mdx'), PAGE('Leak', 'See [this](/nowhere-else).'));
  writeFileSync(path.join(dir, '##[error]hash.mdx'), PAGE('Hash', 'See [that](/nope%0A::stop-commands::tok).'));
  const config = path.join(dir, 'docs.json');
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace(
      '"pages": ["introduction", "quickstart", "api-reference/overview"]',
      JSON.stringify({
        pages: [
          'introduction',
          'quickstart',
          'api-reference/overview',
          '::warning::root',
          'guides/x\n::add-mask::leak',
          '##[error]hash',
          'guides/gone\n::set-output name=x::y',
          'guides/gone2\r\n##[error]forged',
        ],
      }).slice(1, -1),
    ),
  );
  return dir;
}

function run(dir: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, lines: `${r.stdout}\n${r.stderr}`.split(/\r?\n|\r/) };
}

const RUNNER_COMMAND = /^\s*(::|##\[)/;
/** The lines the github format writes itself. */
const OWN_COMMAND =
  /^(::(error|warning|notice) file=[^\n]*?,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=docwright [a-z-]+::|::group::docwright: |::endgroup::$)/;

describe('no site text becomes a CI runner command', () => {
  let dir: string;
  let findings: { file: string; message: string }[];
  before(() => {
    dir = hostileSite();
    const json = run(dir, 'check', '--format', 'json');
    findings = JSON.parse(json.stdout);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('the site does put line breaks and commands into findings (the test is live)', () => {
    assert.ok(findings.some((f) => f.file.includes('\n::add-mask::')));
    assert.ok(findings.some((f) => f.file.startsWith('::warning::')));
    assert.ok(findings.some((f) => /\n::set-output/.test(f.message)));
    assert.ok(findings.some((f) => /\r\n##\[error\]/.test(f.message)));
  });

  for (const format of ['stylish', 'json', 'sarif']) {
    it(`--format ${format}: no line starts a command, and stylish keeps one finding a line`, () => {
      const r = run(dir, 'check', '--format', format);
      assert.equal(r.code, 1);
      assert.deepEqual(
        r.lines.filter((l) => RUNNER_COMMAND.test(l)),
        [],
      );
      if (format === 'stylish') {
        const listed = r.stdout.split('\n').filter((l) => l !== '' && !/^\d+ problems? /.test(l));
        const shaped = listed.filter((l) => /^\S.*:\d+:\d+ {2}(error|warning|information|hint) /.test(l));
        assert.deepEqual(listed, shaped, 'every line but the summary is one finding');
        assert.ok(
          shaped.some((l) => l.startsWith('\\u003a:warning::root.mdx:')),
          'the root page is listed, its command escaped',
        );
        assert.ok(
          shaped.some((l) => l.startsWith('guides/x\\u000a::add-mask::leak.mdx:')),
          'the line break in a name is escaped',
        );
      }
    });
  }

  it('--format github: only its own annotations and groups, one per finding', () => {
    const r = run(dir, 'check', '--format', 'github');
    const commands = r.lines.filter((l) => RUNNER_COMMAND.test(l));
    assert.deepEqual(
      commands.filter((l) => !OWN_COMMAND.test(l)),
      [],
    );
    assert.equal(commands.filter((l) => /^::(error|warning|notice) /.test(l)).length, findings.length);
  });

  it('export: notes and problems name the pages on one line each', () => {
    const out = mkdtempSync(path.join(tmpdir(), 'docwright-inject-out-'));
    try {
      const r = run(dir, 'export', '--out', out);
      assert.deepEqual(
        r.lines.filter((l) => RUNNER_COMMAND.test(l)),
        [],
      );
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
