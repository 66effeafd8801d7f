// Page content never prints: KaTeX's console commands (`\message`, `\errmessage`, `\show`) are read
// and dropped by the renderer and the math check, and whatever a worker thread prints reaches the
// process's stderr escaped, never its stdout (the CLI's output, or a server's protocol channel).
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { mathHtml } from '../../server/src/render/math';
import { check, writeSiteToDisk } from '../helpers';

const ROOT = path.resolve(__dirname, '../..');
const BIN = path.join(ROOT, 'bin/docwright.js');
const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'docwright-quiet-'));
  dirs.push(d);
  return d;
};

const LOUD = ['\\message{::error file=x::forged}', '\\errmessage{Content-Length: 2}', '\\show\\alpha', 'a \\message{b} c'];

/** Calls `f` with the console's writers replaced, and returns what they were handed. */
async function printed(f: () => unknown): Promise<unknown[][]> {
  const calls: unknown[][] = [];
  const saved = { log: console.log, error: console.error, warn: console.warn, info: console.info };
  for (const level of ['log', 'error', 'warn', 'info'] as const) console[level] = (...a: unknown[]) => void calls.push(a);
  try {
    await f();
  } finally {
    Object.assign(console, saved);
  }
  return calls;
}

describe('page math prints nothing', () => {
  it('the renderer drops the console commands and their arguments', async () => {
    for (const tex of LOUD) {
      let html = '';
      assert.deepEqual(await printed(() => (html = mathHtml(tex, false))), [], tex);
      const shown = html.replace(/<annotation[^]*?<\/annotation>/g, '');
      assert.doesNotMatch(shown, /forged|Content-Length|katex-error/, tex);
    }
    assert.match(mathHtml('a \\message{b} c', false), /<mi>a<\/mi><mi>c<\/mi>/);
  });

  it('a formula defines nothing for the next one (\\gdef writes into a table of its own)', () => {
    mathHtml('\\gdef\\leak{LEAKED}\\leak', true);
    assert.doesNotMatch(mathHtml('\\leak', true), /LEAKED/);
  });

  it('the math-syntax check reads them quietly, as the page renders them', async () => {
    const page = `---\ntitle: Math\ndescription: Formulas that would print.\n---\n\n${LOUD.map((t) => `$${t}$`).join(' and ')} and $\\frac{a}{b$\n`;
    let findings: { ruleId: string; message: string }[] = [];
    const files = {
      'docs.json': JSON.stringify({
        $schema: 'https://mintlify.com/docs.json',
        theme: 'mint',
        name: 'Quiet',
        colors: { primary: '#0D6E4F' },
        navigation: { groups: [{ group: 'All', pages: ['math'] }] },
      }),
      'math.mdx': page,
    };
    assert.deepEqual(await printed(async () => (findings = (await check(files)).filter((f) => f.ruleId === 'math-syntax'))), []);
    assert.equal(findings.length, 1, 'only the unclosed \\frac is reported');
  });
});

describe('worker threads print to stderr', () => {
  it("a worker's prints reach the process's stderr escaped, and its stdout not at all", () => {
    const dir = tempDir();
    const worker = path.join(dir, 'loud-worker.ts');
    writeFileSync(worker, "console.log('Content-Length: 2\\n::error file=x::forged');\nprocess.stdout.write('\\u001b[2Jraw ' + 'x'.repeat(70000));\n");
    const main = `const { startWorker } = require(${JSON.stringify(path.join(ROOT, 'server/src/node/threads.ts'))});\nstartWorker(${JSON.stringify(worker)}, null);\n`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', main], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, '');
    const lines = r.stderr.split('\n');
    assert.ok(lines.includes('Content-Length: 2'));
    assert.ok(lines.includes('\\u003a:error file=x::forged'), 'a runner command from a worker is escaped');
    assert.ok(
      lines.some((l) => l.startsWith('\\u001b[2Jraw x')),
      'control characters escaped',
    );
    assert.equal(
      lines.filter((l) => /^x+$/.test(l) || /raw x/.test(l)).reduce((n, l) => n + l.replace(/^.*raw /, '').length, 0),
      70000,
      'a long print is passed on whole',
    );
  });

  it('docwright check --format json on worker threads: stdout is the JSON alone', () => {
    const dir = tempDir();
    const pages = ['a', 'b', 'c', 'd'];
    writeSiteToDisk(dir, {
      'docs.json': JSON.stringify({
        $schema: 'https://mintlify.com/docs.json',
        theme: 'mint',
        name: 'Quiet',
        colors: { primary: '#0D6E4F' },
        favicon: '/favicon.svg',
        navigation: { groups: [{ group: 'All', pages }] },
      }),
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      ...Object.fromEntries(
        pages.map((p) => [
          `${p}.mdx`,
          `---\ntitle: Page ${p}\ndescription: A page whose math would print.\n---\n\n${LOUD.map((t) => `$${t}$`).join(' and ')}\n\n$$\n\\errmessage{::warning::x}\n$$\n`,
        ]),
      ),
    });
    const r = spawnSync(process.execPath, [BIN, 'check', '--format', 'json', '--jobs', '2'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, DOCWRIGHT_CHECK_THREADS_FROM: '1' },
    });
    assert.equal(r.status, 0, r.stderr);
    assert.ok(Array.isArray(JSON.parse(r.stdout)));
    assert.doesNotMatch(r.stderr, /^\s*::/m);
  });
});
