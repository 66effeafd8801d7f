// The check session marks the findings a site's baseline (`.docwright-baseline.json`) holds, as
// `docwright check` matches them: at the site's check and at each page check after an edit that
// moves lines above them; a new finding is not marked, and a site without a baseline marks nothing.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createDocwright, type CheckSession } from '../../server/src/docwright';
import { BASELINE_FILE_NAME, createBaseline, writeBaseline } from '../../server/src/features/baseline';
import type { Finding } from '../../server/src/types';
import { MemoryWorkspace } from '../../server/src/workspace';

const ROOT = '/site';
const CONFIG = JSON.stringify({ name: 'Docs', navigation: [{ group: 'Start', pages: ['index'] }] });
const PAGE = '---\ntitle: Home\ndescription: "Start here."\n---\n\nSee [one](/missing-one).\n\nSee [two](/missing-two).\n';

/** A session over `ws`, on a clock that runs at once; what it published last per file, and which findings it marked. */
function sessionOver(ws: MemoryWorkspace) {
  // The project holds its index as the language server's does; the on-thread first check must not wait for itself.
  const held: { session?: CheckSession } = {};
  const docwright = createDocwright({ workspace: ws, folders: [ROOT], beforeIndex: (root) => held.session!.beforeIndex(root) });
  const published = new Map<string, { findings: Finding[]; baselined: ReadonlySet<Finding> }>();
  const session = docwright.session(
    {
      timers: { set: (run, ms) => setTimeout(run, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) },
      delays: { check: 0, page: 0, siteRecheck: 0 },
      lateDiskEvents: false,
      publish: (p, findings, baselined) => published.set(p, { findings, baselined }),
      checkOptions: () => ({}),
      log: (m) => assert.fail(m),
    },
    docwright.project.scan(),
  );
  held.session = session;
  /** The page's broken links, each with whether it is marked. */
  const links = () => {
    const got = published.get(`${ROOT}/index.mdx`);
    return (got?.findings ?? []).filter((f) => f.ruleId === 'link-broken').map((f) => `${/\/missing-\w+/.exec(f.message)?.[0]} ${got!.baselined.has(f)}`);
  };
  return { session, links };
}

describe('the check session and a baseline', () => {
  it('marks what the baseline holds, through edits that move lines; a new finding is not marked', async () => {
    const ws = new MemoryWorkspace({ 'docs.json': CONFIG, 'index.mdx': PAGE });
    // The baseline of the site as it is, minus the second link (as if that were new since).
    const first = sessionOver(ws);
    await first.session.start();
    await first.session.idle();
    const findings = first.session.findingsOf(`${ROOT}/index.mdx`).filter((f) => !f.message.includes('missing-two'));
    const baseline = createBaseline(findings, ROOT, (file) => ws.files.get(`${ROOT}/${file}`));
    ws.files.set(`${ROOT}/${BASELINE_FILE_NAME}`, writeBaseline(baseline));

    const { session, links } = sessionOver(ws);
    await session.start();
    await session.idle();
    assert.deepEqual(links(), ['/missing-one true', '/missing-two false']);
    // Paragraphs above both links, and a third link: the old finding is still the baseline's.
    const edited = PAGE.replace('See [one]', 'A new paragraph.\n\nAnother.\n\nSee [three](/missing-three).\n\nSee [one]');
    // The workspace reads what the editor holds (the language server's reads the open buffers first).
    ws.files.set(`${ROOT}/index.mdx`, edited);
    await session.changed(`${ROOT}/index.mdx`, edited, 2);
    await session.idle();
    assert.deepEqual(links(), ['/missing-three false', '/missing-one true', '/missing-two false']);
  });

  it('marks nothing on a site without a baseline, and says why a broken baseline is not used', async () => {
    const { session, links } = sessionOver(new MemoryWorkspace({ 'docs.json': CONFIG, 'index.mdx': PAGE }));
    await session.start();
    await session.idle();
    assert.deepEqual(links(), ['/missing-one false', '/missing-two false']);

    const ws = new MemoryWorkspace({ 'docs.json': CONFIG, 'index.mdx': PAGE, [BASELINE_FILE_NAME]: '{ not json' });
    const docwright = createDocwright({ workspace: ws, folders: [ROOT] });
    const logged: string[] = [];
    const broken = docwright.session(
      {
        timers: { set: (run, ms) => setTimeout(run, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) },
        delays: { check: 0, page: 0, siteRecheck: 0 },
        lateDiskEvents: false,
        publish: () => undefined,
        checkOptions: () => ({}),
        log: (m) => logged.push(m),
      },
      docwright.project.scan(),
    );
    await broken.start();
    await broken.idle();
    assert.equal(logged.length, 1);
    assert.match(logged[0], /\.docwright-baseline\.json cannot be used/);
  });
});
