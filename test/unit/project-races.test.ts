// The Project's caches under concurrent use: a site or index load that the site is invalidated
// during (the config changed while it was being read) is never kept. Regression: the language
// server's first whole-site check read docs.json, an edit arrived and invalidated the site, and
// the check then stored the old site, so every later check used the old config (found as a flaky
// LSP test on a loaded machine).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Project } from '../../server/src/project';
import { exampleSite, minimalConfig } from '../../server/src/rules/examples';
import { MemoryWorkspace } from '../../server/src/workspace';
import { ROOT } from '../helpers';

/** A workspace whose next read of one file waits until `release()` (it returns the text of that moment's read start). */
class GatedWorkspace extends MemoryWorkspace {
  private gate: { path: string; opened: Promise<void>; release: () => void; reached: () => void; atGate: Promise<void> } | undefined;

  hold(path: string): { atGate: Promise<void>; release: () => void } {
    let release!: () => void;
    let reached!: () => void;
    const opened = new Promise<void>((r) => (release = r));
    const atGate = new Promise<void>((r) => (reached = r));
    this.gate = { path, opened, release, reached, atGate };
    return { atGate, release };
  }

  override async readFile(path: string): Promise<string | undefined> {
    const text = await super.readFile(path);
    const gate = this.gate;
    if (gate && gate.path === path) {
      this.gate = undefined;
      gate.reached();
      await gate.opened;
    }
    return text;
  }
}

describe('Project under concurrent changes', () => {
  const docs = `${ROOT}/docs.json`;
  const before = JSON.stringify(minimalConfig(['introduction']));
  const after = JSON.stringify({ ...minimalConfig(['introduction', 'gone']), name: 'Changed' });

  for (const what of ['site', 'index'] as const) {
    it(`does not keep a ${what} loaded from a config that changed during the load`, async () => {
      const ws = new GatedWorkspace(exampleSite(JSON.parse(before) as Record<string, unknown>, ['introduction']), ROOT);
      const project = new Project(ws, [ROOT]);
      await project.scan();
      const gate = ws.hold(docs);
      const loading = what === 'site' ? project.site(ROOT) : project.index(ROOT).then((i) => i?.site);
      await gate.atGate; // the old docs.json has been read; the load waits
      ws.files.set(docs, after);
      assert.equal(project.contentChanged(docs), ROOT);
      gate.release();
      const loaded = await loading;
      assert.equal(loaded?.config.text, after, 'the load in flight reads the config again');
      assert.equal((await project.site(ROOT))?.config.text, after);
      assert.equal((await project.index(ROOT))?.site.config.text, after);
    });
  }

  // Found by the editor model test: docs.json deleted while a site load had it listed but read it
  // gone; the load kept an "empty docs.json" site for a folder that was no site any more.
  it('keeps no site whose config is deleted while it loads', async () => {
    const ws = new GatedWorkspace(exampleSite({}, ['introduction']), ROOT);
    const project = new Project(ws, [ROOT]);
    await project.scan();
    const gate = ws.hold(docs);
    const loading = project.site(ROOT);
    await gate.atGate;
    ws.files.delete(docs);
    project.filesChanged([], [docs]);
    gate.release();
    assert.equal(await loading, undefined);
    assert.equal(await project.site(ROOT), undefined);
    assert.equal(await project.index(ROOT), undefined);
  });

  // Found by the editor model test: a site check asked for the index while a page check was reading
  // the changed page into it, got the index without the change and published the old findings.
  it('gives every caller the changed page while another caller is still reading it into the index', async () => {
    const ws = new GatedWorkspace(exampleSite({}, ['introduction']), ROOT);
    const project = new Project(ws, [ROOT]);
    await project.scan();
    await project.index(ROOT);
    const page = `${ROOT}/introduction.mdx`;
    ws.files.set(page, (ws.files.get(page) ?? '') + '\n## Changed\n');
    project.contentChanged(page);
    const gate = ws.hold(page);
    const first = project.index(ROOT);
    await gate.atGate; // the first caller reads the changed page
    const second = project.index(ROOT);
    gate.release();
    for (const index of [await second, await first, await project.index(ROOT)]) assert.match(index?.pages.get('introduction')?.text ?? '', /## Changed/);
  });
});
