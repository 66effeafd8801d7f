// The component sandbox: `.jsx` and `export const` components that loop (in code, promise
// callbacks, getters, Proxy traps, conversions, thrown values), allocate without end, recurse, or
// reach for the host come back as an error of that component, and the next render works.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as v8 from 'node:v8';
import type { ElementContent } from 'hast';
import { componentBudget, loadJsxModule, PAGE_OUTPUT_CHARS, renderJsxComponent } from '../../server/src/render/jsx-module';
import { Sandbox } from '../../server/src/node/sandbox';
import { toHtml } from 'hast-util-to-html';
import { exportSite } from '../../server/src/export/export';
import { SITE_BUDGET_SPENT, SITE_TIMED_OUT_PAGES } from '../../server/src/export/site-components';
import { projectExportSource } from '../../server/src/export/source';
import { Project } from '../../server/src/project';
import { MemoryWorkspace } from '../../server/src/workspace';

const KIDS: ElementContent[] = [{ type: 'element', tagName: 'em', properties: {}, children: [{ type: 'text', value: 'inner' }] }];
const card = (name: string, props: Record<string, unknown>, kids: ElementContent[]): ElementContent[] => [
  { type: 'element', tagName: 'section', properties: { dataBuiltin: name, dataTitle: String(props.title) }, children: kids },
];

const TEST_LIMITS = { timeMs: 300, memoryMb: 64, graceMs: 300 };
// A shorter time limit, a smaller heap and a shorter wait before a kill than the product's, so the
// tests run quickly (still far above what the fine components take on a busy machine).
let sandbox = new Sandbox(TEST_LIMITS);
let runSandboxed = sandbox.run;

function render(source: string, name = 'C', props: Record<string, unknown> = {}) {
  return renderJsxComponent(runSandboxed, loadJsxModule(source, ['Card']), name, props, KIDS, card);
}

function html(source: string, name = 'C', props: Record<string, unknown> = {}): string {
  const out = render(source, name, props);
  assert.ok(Array.isArray(out), `rendered: ${JSON.stringify(out)}`);
  return toHtml({ type: 'root', children: out });
}

function failure(source: string, name = 'C'): string {
  const out = render(source, name);
  assert.ok(!Array.isArray(out) && 'error' in out, `expected an error, got ${JSON.stringify(out)}`);
  return out.error;
}

const STOPPED = /did not finish within \d+ ms|stopped/;
const FINE = 'export const C = ({ who, children }) => <div className="ok">Hello {who}{children}</div>;';

/** After each attack the sandbox serves the next component as before. */
function stillWorks(): void {
  assert.equal(html(FINE, 'C', { who: 'there' }), '<div class="ok">Hello there<em>inner</em></div>');
}

describe('the component sandbox', { timeout: 120_000 }, () => {
  before(() => {
    // The export's own flag (cli/export.ts heapKeeper): it puts `gc` in every context created after it.
    v8.setFlagsFromString('--expose-gc');
  });
  after(() => sandbox.stop());

  it('renders components: props, children, built-ins, fragments, hooks', () => {
    assert.equal(sandbox.limits.timeMs, TEST_LIMITS.timeMs);
    assert.equal(
      html(
        'import { useState } from "react";\nexport const C = ({ n }) => { const [x] = useState(n * 2); return <><p id="a">{x}</p><Card title="T">in card</Card>{[1, 2].map((i) => <i key={i}>{i}</i>)}</>; };',
        'C',
        { n: 21 },
      ),
      '<p id="a">42</p><section data-builtin="Card" data-title="T">in card</section><i>1</i><i>2</i>',
    );
    stillWorks();
  });

  it('keeps a style object of text and numbers as CSS text; other values in it are dropped', () => {
    assert.equal(
      html('export const C = () => <div style={{ paddingTop: 8, color: "red", nested: { a: 1 }, fn: () => 1 }}>s</div>;'),
      '<div style="padding-top:8px;color:red">s</div>',
    );
    stillWorks();
  });

  it('gives the product a second per load or call', () => {
    assert.equal(new Sandbox().limits.timeMs, 1000);
    assert.equal(new Sandbox({ memoryMb: 32 }).limits.timeMs, 1000, "a limit not given keeps the product's");
  });

  it('runs a component that ran out of time twice no more: its calls fail at once with that error', () => {
    // The module keeps its count between calls; it loops on the first two, and would answer on the third.
    const mod = loadJsxModule('let n = 0;\nexport const C = () => { n++; if (n <= 2) for (;;) {} return <p>{n}</p>; };', ['Card']);
    const call = () => renderJsxComponent(runSandboxed, mod, 'C', {}, KIDS, card);
    const first = call();
    assert.ok(!Array.isArray(first) && STOPPED.test(first.error), JSON.stringify(first));
    assert.ok(!Array.isArray(call()));
    assert.deepEqual(call(), first);
    stillWorks();
  });

  it('stops a promise callback that loops (microtasks count against the time limit)', () => {
    assert.match(failure('export const C = () => { Promise.resolve().then(() => { for (;;) {} }); return <p>x</p>; };'), STOPPED);
    stillWorks();
    assert.match(failure('Promise.resolve().then(() => { for (;;) {} });\nexport const C = () => <p>x</p>;'), /failed when loaded: .*(did not finish|stopped)/);
    stillWorks();
  });

  it('stops an async component that loops, and one that loops when loaded', () => {
    assert.match(failure('export const C = async () => { await null; for (;;) {} };'), STOPPED);
    assert.match(failure('for (;;) {}\nexport const C = () => <p/>;'), /failed when loaded: did not finish within 300 ms/);
    stillWorks();
  });

  it('never walks a returned Proxy, getter or conversion trap outside the limit', () => {
    assert.match(failure('export const C = () => new Proxy({}, { get() { for (;;) {} } });'), STOPPED);
    assert.match(failure('export const C = () => new Proxy([], { get() { for (;;) {} }, getPrototypeOf() { for (;;) {} } });'), STOPPED);
    assert.match(failure('export const C = () => ({ get $$dw() { for (;;) {} } });'), STOPPED);
    assert.match(failure('export const C = () => <p>{{ $$dw: true, get type() { for (;;) {} } }}</p>;'), STOPPED);
    assert.match(failure('export const C = () => <Card title={{ toJSON() { for (;;) {} } }}>x</Card>;'), STOPPED);
    stillWorks();
    // Values that are only converted when read as text are never converted: dropped, not run.
    const loop = '{ toString() { for (;;) {} }, valueOf() { for (;;) {} }, [Symbol.toPrimitive]() { for (;;) {} } }';
    assert.equal(html(`export const C = () => <p className={${loop}}>{${loop}}</p>;`), '<p></p>');
    stillWorks();
  });

  it('reads a thrown value only inside the limit', () => {
    assert.match(failure('export const C = () => { throw { get message() { for (;;) {} } }; };'), STOPPED);
    assert.match(failure('export const C = () => { throw new Proxy({}, { get() { for (;;) {} }, getPrototypeOf() { for (;;) {} } }); };'), STOPPED);
    assert.match(failure('export const C = () => { throw { message: { [Symbol.toPrimitive]() { for (;;) {} } } }; };'), STOPPED);
    assert.equal(failure('export const C = () => { throw new Error("no data"); };'), 'failed to render: no data');
    assert.equal(failure('export const C = () => { throw Symbol("odd"); };'), 'failed to render: Symbol(odd)');
    assert.match(failure('throw { message: "bad module" };\nexport const C = () => <p/>;'), /^failed when loaded: bad module$/);
    stillWorks();
  });

  it('ends a component that allocates without end (its own process dies, not ours)', () => {
    assert.match(
      failure('export const C = () => { const a = new Array(3e7); for (let i = 0; i < a.length; i++) a[i] = i + 0.5; return <p>{a.length}</p>; };'),
      /ran out of memory|did not finish|stopped/,
    );
    stillWorks();
    assert.match(failure('export const C = () => { const a = []; for (;;) a.push(new Array(1000).fill(0.5)); };'), /ran out of memory|did not finish|stopped/);
    stillWorks();
    // Memory outside the heap (ArrayBuffer, WebAssembly) is not there to take.
    assert.match(failure('export const C = () => <p>{new ArrayBuffer(2 ** 31).byteLength}</p>;'), /ArrayBuffer is not defined/);
    // Modules that keep what they allocate: the sandbox process starts again when it is full.
    for (let i = 0; i < 6; i++) {
      const out = render(`const keep = new Array(4e6).fill(${i} + 0.5);\nexport const C = () => <p>{keep.length}</p>;`);
      assert.ok(Array.isArray(out) || STOPPED.test(out.error) || /ran out of memory|did not finish/.test(out.error), JSON.stringify(out));
    }
    stillWorks();
  });

  it('turns deep recursion into an error', () => {
    assert.equal(
      failure('export const C = () => { const f = (n) => f(n + 1) + 1; return <p>{f(0)}</p>; };'),
      'failed to render: Maximum call stack size exceeded',
    );
    // Elements nested past the walk's depth are refused, not a stack overflow of the host.
    assert.equal(
      failure('export const C = () => { let t = "x"; for (let i = 0; i < 5000; i++) t = <b>{t}</b>; return t; };'),
      'failed to render: renders too much',
    );
    stillWorks();
  });

  it('reaches no host global and no host realm', () => {
    const globals = html('export const C = () => <pre>{Object.getOwnPropertyNames(globalThis).sort().join(" ")}</pre>;');
    for (const name of [
      'gc',
      'process',
      'require',
      'module',
      'Buffer',
      'global',
      'setTimeout',
      'WebAssembly',
      'SharedArrayBuffer',
      'Atomics',
      'ArrayBuffer',
      'FinalizationRegistry',
      'WeakRef',
    ]) {
      assert.doesNotMatch(globals, new RegExp(`\\b${name}\\b`), name);
    }
    assert.equal(html('export const C = () => <p>{typeof gc}/{typeof process}/{typeof require}</p>;'), '<p>undefined/undefined/undefined</p>');
    // Function from the context's own realm, and code generation from strings refused.
    assert.match(failure('export const C = () => <p>{this.constructor.constructor("return process")().pid}</p>;'), /Code generation from strings disallowed/);
    assert.match(failure('export const C = () => <p>{({}).constructor.constructor("return process")().pid}</p>;'), /Code generation from strings disallowed/);
    assert.match(failure('export const C = () => <p>{eval("1")}</p>;'), /Code generation from strings disallowed/);
    // A dynamic import loads nothing.
    const dynamic = 'let got = "none";\nimport("node:fs").then(() => { got = "loaded"; }, () => { got = "refused"; });\nexport const C = () => <p>{got}</p>;';
    html(dynamic);
    assert.equal(html(dynamic), '<p>refused</p>');
    stillWorks();
  });

  it('writes stack traces with the component frames only: no path of this machine', () => {
    const stack = html('export const C = () => <pre>{new Error("where").stack}</pre>;');
    assert.match(stack, /Error: where\n {4}at C \(component\.jsx:\d+:\d+\)<\/pre>/);
    // A stack formatter of the component's own sees frames without files of this machine or their functions.
    const frames = html(
      'export const C = () => { Error.prepareStackTrace = (e, fr) => fr.map((f) => [f.getFileName(), typeof f.getThis(), typeof f.getFunction()].join(" ")).join("\\n"); Error.stackTraceLimit = 50; return <pre>{new Error().stack}</pre>; };',
    );
    for (const leak of [process.cwd(), process.execPath, __dirname, '/home/', '/usr/', ' object', ' function'])
      assert.ok(!frames.includes(leak), `${leak} in ${frames}`);
    assert.match(frames, /component\.jsx undefined undefined/);
    stillWorks();
  });
});

describe("the budget of a page's components", { timeout: 120_000 }, () => {
  before(() => {
    // A sandbox of its own: no time-out counted above carries over.
    sandbox = new Sandbox(TEST_LIMITS);
    runSandboxed = sandbox.run;
  });
  after(() => sandbox.stop());

  // The children: one paragraph of 100,000 characters, a few nodes, so a node count alone lets 6,000 copies through.
  const BIG: ElementContent[] = [{ type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: 'x'.repeat(100_000) }] }];

  it('stops a component that repeats its children 6,000 times at the output bound, with an error box', () => {
    const before = process.memoryUsage().rss;
    const budget = componentBudget();
    const out = renderJsxComponent(
      runSandboxed,
      loadJsxModule('export const C = ({ children }) => <div>{Array.from({ length: 6000 }, () => children)}</div>;'),
      'C',
      {},
      BIG,
      card,
      budget,
    );
    assert.ok(!Array.isArray(out), 'refused, not rendered');
    assert.match(out.error, /renders too much \(over the 4 MB the page's components may give together\)/);
    assert.equal(budget.chars, PAGE_OUTPUT_CHARS, 'nothing of it was given');
    assert.ok(process.memoryUsage().rss - before < 200 * 2 ** 20, `memory grew by ${Math.round((process.memoryUsage().rss - before) / 2 ** 20)} MB`);
    // A few copies fit, and count against the page's budget.
    const few = renderJsxComponent(
      runSandboxed,
      loadJsxModule('export const C = ({ children }) => <div>{[1, 2, 3].map(() => children)}</div>;'),
      'C',
      {},
      BIG,
      card,
      budget,
    );
    assert.ok(Array.isArray(few));
    assert.ok(budget.chars <= PAGE_OUTPUT_CHARS - 300_000);
  });

  it("shares the output bound among the page's components", () => {
    const budget = componentBudget();
    const mod = loadJsxModule('export const C = ({ children }) => <div>{Array.from({ length: 10 }, () => children)}</div>;');
    const results = Array.from({ length: 6 }, () => renderJsxComponent(runSandboxed, mod, 'C', {}, BIG, card, budget));
    // 1,000,000 characters each: four fit in 4 MiB, the fifth and sixth do not.
    assert.deepEqual(
      results.map((r) => Array.isArray(r)),
      [true, true, true, true, false, false],
    );
  });

  it("runs no more of a page's components once one has run out of time: 40 looping ones start one", () => {
    const source = Array.from({ length: 40 }, (_, i) => `export const L${i} = () => { for (;;) {} };`).join('\n');
    const mod = loadJsxModule(source);
    const budget = componentBudget();
    const results = Array.from({ length: 40 }, (_, i) => renderJsxComponent(runSandboxed, mod, `L${i}`, {}, KIDS, card, budget));
    assert.equal(budget.started, 1);
    assert.equal(budget.skipped, 39);
    assert.match((results[0] as { error: string }).error, STOPPED);
    for (const r of results.slice(1)) assert.deepEqual(r, { error: "was not run: the page's time for components is spent (<L0> ran out of time)" });
    stillWorks();
  });

  it("gives a page's components the rest of its time, not a fresh limit each", () => {
    // Each takes about 200 ms of its 300: the page's time runs out after a few, whatever they are.
    const mod = loadJsxModule('export const S = () => { const end = Date.now() + 200; while (Date.now() < end) {} return <p>s</p>; };');
    const budget = { ...componentBudget(), ms: 700 };
    const results = Array.from({ length: 10 }, () => renderJsxComponent(runSandboxed, mod, 'S', {}, KIDS, card, budget));
    assert.ok(budget.started <= 5, `started ${budget.started}`);
    assert.equal(budget.started + budget.skipped, 10);
    assert.ok(results.slice(budget.started).every((r) => !Array.isArray(r) && /was not run: the page's time for components is spent/.test(r.error)));
  });
});

describe("the site's budget for components", { timeout: 120_000 }, () => {
  before(() => {
    sandbox = new Sandbox(TEST_LIMITS);
    runSandboxed = sandbox.run;
  });
  after(() => sandbox.stop());

  const FM = (title: string) => `---\ntitle: ${title}\ndescription: A page of the site's budget test.\n---\n\n`;
  /** 40 pages that each define a component of their own that loops, and two with a fine one: third and last. */
  function loopingSite(): { files: Record<string, string>; ids: string[] } {
    const ids = Array.from({ length: 40 }, (_, i) => `loop-${i}`);
    ids.splice(2, 0, 'fine-early');
    ids.push('fine-late');
    const files: Record<string, string> = {
      'docs.json': JSON.stringify({ name: 'Loops', colors: { primary: '#0B6E4F' }, navigation: [{ group: 'Pages', pages: ids }] }),
    };
    for (const id of ids) {
      const own = id.startsWith('loop') ? `export const L${id.slice(5)} = () => { for (;;) {} };` : `export const F = () => <p className="fine">${id}</p>;`;
      const use = id.startsWith('loop') ? `<L${id.slice(5)} />` : '<F />';
      files[`${id}.mdx`] = FM(id) + `${own}\n\n${use}\n`;
    }
    return { files, ids };
  }

  it(`runs the components of ${SITE_TIMED_OUT_PAGES} pages that run out of time, then none: 40 such pages export in bounded time`, async () => {
    const { files } = loopingSite();
    const project = new Project(new MemoryWorkspace(files, '/site'), ['/site']);
    await project.scan();
    const ran = new Set<string>();
    const source = (await projectExportSource(project, '/site', { components: (job) => (ran.add(job.component), runSandboxed(job)) }))!;
    const written = new Map<string, string>();
    const writer = { write: async (p: string, c: string | Uint8Array) => void written.set(p, String(c)), copy: async () => undefined };
    const start = performance.now();
    const report = await exportSite(source, writer, { assets: { css: '', js: '', searchJs: '', miniSearchJs: '', playgroundJs: '' } });
    const ms = performance.now() - start;
    // The components of the pages before the budget is spent: the fine one, and each looping one that ran out of time.
    assert.deepEqual([...ran].sort(), ['F', ...Array.from({ length: SITE_TIMED_OUT_PAGES }, (_, i) => `L${i}`)].sort());
    const problems = (id: string) => report.problems.filter((p) => p.file === `${id}.mdx`).map((p) => p.message);
    for (let i = 0; i < 40; i++) {
      if (i < SITE_TIMED_OUT_PAGES) assert.match(problems(`loop-${i}`).join('\n'), STOPPED, `loop-${i}`);
      else assert.deepEqual(problems(`loop-${i}`), [`Component <L${i}> ${SITE_BUDGET_SPENT}: exported with an error notice in its place.`], `loop-${i}`);
    }
    assert.match(written.get('fine-early.html')!, /<p class="fine">fine-early<\/p>/);
    // Past the budget the site's components do not run, whatever they do: a marked placeholder.
    assert.match(written.get('fine-late.html')!, /dw-placeholder[^>]*>&#x3C;F> was not run: the site's time for components is spent/);
    // Each page within its own budget took 40 time limits (12 s); the site's takes 8 and the pages' renders.
    assert.ok(ms < 40 * TEST_LIMITS.timeMs * 0.6, `${Math.round(ms)} ms`);
    stillWorks();
  });
});
