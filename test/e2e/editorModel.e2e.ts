// The editor's view of the site returns to where it was after files move and come back: a page
// renamed in the explorer and back, a snippet deleted and restored. The Problems (every Docwright
// diagnostic of the workspace) and the status bar text must end exactly as they began.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DocwrightApi } from '../../client/src/extension';
import { statusPresentation } from '../../client/src/status-text';
import { bridge } from './bridge';
import { activateExtension, diagnosticCode, rangeText, waitForDiagnostics, workspaceRoot } from './util';

/** Every Docwright diagnostic of the workspace, one line each, sorted. */
function problems(): string[] {
  const out: string[] = [];
  for (const [uri, list] of vscode.languages.getDiagnostics()) {
    for (const d of list)
      if (d.source === 'docwright') out.push(`${vscode.workspace.asRelativePath(uri)} ${rangeText(d.range)} ${diagnosticCode(d)} [${d.severity}] ${d.message}`);
  }
  return out.sort();
}

type Status = ReturnType<DocwrightApi['status']>;

/** What the status bar should show for the diagnostics of now (hints are not counted). */
function statusOfDiagnostics(): Status {
  const c = { errors: 0, warnings: 0, notices: 0, files: 0 };
  for (const [, list] of vscode.languages.getDiagnostics()) {
    const ours = list.filter((d) => d.source === 'docwright' && d.severity !== vscode.DiagnosticSeverity.Hint);
    if (ours.length) c.files++;
    for (const d of ours) {
      if (d.severity === vscode.DiagnosticSeverity.Error) c.errors++;
      else if (d.severity === vscode.DiagnosticSeverity.Warning) c.warnings++;
      else c.notices++;
    }
  }
  return statusPresentation(c);
}

/**
 * Resolves once `holds()` is true, checked now and on every diagnostics change; rejects with
 * `explain()` after the deadline. The status bar follows the (debounced) change event while
 * getDiagnostics is current at once, so a test of the status bar waits on the event too.
 */
function waitForDiagnosticsState(holds: () => boolean, explain: () => string, what: string, timeoutMs = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (holds()) return resolve();
    const sub = vscode.languages.onDidChangeDiagnostics(() => {
      if (!holds()) return;
      clearTimeout(timer);
      sub.dispose();
      resolve();
    });
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`Timed out waiting for ${what}.\n${explain()}`));
    }, timeoutMs);
  });
}

/** Resolves once the Problems equal `want` and the status bar shows `status`. */
function waitForProblems(api: DocwrightApi, want: string[], status: Status, what: string): Promise<void> {
  const holds = () => JSON.stringify(problems()) === JSON.stringify(want) && JSON.stringify(api.status()) === JSON.stringify(status);
  const explain = () => {
    const now = problems();
    const extra = now.filter((p) => !want.includes(p));
    const missing = want.filter((p) => !now.includes(p));
    return `Status bar: ${JSON.stringify(api.status())}, at first ${JSON.stringify(status)}\nShown but not at first:\n${extra.join('\n')}\nAt first but not shown:\n${missing.join('\n')}`;
  };
  return waitForDiagnosticsState(holds, explain, what);
}

/** The preview's page text, read through run.mjs's UI bridge. */
async function previewText(): Promise<string> {
  return (await bridge<{ texts: string[] }>('query', { selector: '#dw-app' })).texts.join('\n');
}

/** Resolves once a render of the preview shows text that passes `test` (checked after each render the webview acknowledges). */
function renderShowing(api: DocwrightApi, test: (text: string) => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let done = false;
    const timer = setTimeout(() => {
      done = true;
      sub.dispose();
      void previewText().then((text) => reject(new Error(`Timed out waiting for the preview to show ${what}. It shows:\n${text}`)));
    }, timeoutMs);
    const sub = api.preview.onDidRender(() => {
      void previewText().then((text) => {
        if (done || !test(text)) return;
        done = true;
        clearTimeout(timer);
        sub.dispose();
        resolve();
      });
    });
  });
}

suite('the editor view of the site through file changes', () => {
  let root: vscode.Uri;
  let api: DocwrightApi;
  const at = (rel: string) => vscode.Uri.joinPath(root, rel);
  const SNIPPET = 'snippets/model-note.mdx';
  const USER = 'model-snippet-user.mdx';
  const SNIPPET_TEXT = '<Note>\n  Shared by the model test.\n</Note>\n';

  suiteSetup(async () => {
    api = (await activateExtension()).exports as DocwrightApi;
    root = workspaceRoot();
    await vscode.workspace.getConfiguration('docwright.moves').update('redirect', 'never', vscode.ConfigurationTarget.Workspace);
    // A snippet and a page that imports it (an orphan page: it is in no navigation).
    await vscode.workspace.fs.writeFile(at(SNIPPET), Buffer.from(SNIPPET_TEXT));
    await vscode.workspace.fs.writeFile(
      at(USER),
      Buffer.from(
        `---\ntitle: "Snippet user"\ndescription: "A page that imports a snippet, for the model test."\n---\n\nimport ModelNote from '/snippets/model-note.mdx';\n\n## Shared\n\n<ModelNote />\n`,
      ),
    );
    await waitForDiagnostics(at(USER), (ds) => ds.some((d) => diagnosticCode(d) === 'orphan-page'), 20_000, 'the new page checked');
  });
  suiteTeardown(async () => {
    // Whatever state a failure left them in.
    for (const rel of [USER, 'model-snippet-user-renamed.mdx', SNIPPET]) await vscode.workspace.fs.delete(at(rel)).then(undefined, () => undefined);
    await vscode.workspace.getConfiguration('docwright.moves').update('redirect', undefined, vscode.ConfigurationTarget.Workspace);
  });

  test('Problems and the status bar return to their first state after renames and back (page, folder), and a snippet deleted and restored', async () => {
    await waitForDiagnosticsState(
      () => JSON.stringify(api.status()) === JSON.stringify(statusOfDiagnostics()),
      () => `Status bar: ${JSON.stringify(api.status())}, diagnostics: ${JSON.stringify(statusOfDiagnostics())}`,
      'the status bar to count the diagnostics',
    );
    const first = problems();
    const firstStatus = api.status();
    assert.ok(
      first.some((p) => p.startsWith(`${USER} `)),
      `the snippet user is checked: ${first.join('\n')}`,
    );

    // Rename in the explorer (a WorkspaceEdit file operation: willRenameFiles edits, then didRenameFiles) and back.
    const from = at('guides/organizing-notes.mdx');
    const to = at('guides/organizing-notes-renamed.mdx');
    const rename = async (a: vscode.Uri, b: vscode.Uri) => {
      const edit = new vscode.WorkspaceEdit();
      edit.renameFile(a, b);
      assert.ok(await vscode.workspace.applyEdit(edit), `rename ${a.path} -> ${b.path}`);
    };
    await rename(from, to);
    await rename(to, from);
    // A page with a problem of its own: the problem follows it, and nothing stays on the old name.
    const renamedUser = at('model-snippet-user-renamed.mdx');
    await rename(at(USER), renamedUser);
    await waitForDiagnostics(renamedUser, (ds) => ds.some((d) => diagnosticCode(d) === 'orphan-page'), 20_000, 'the orphan-page problem on the new name');
    await waitForDiagnostics(at(USER), (ds) => ds.length === 0, 20_000, 'nothing left on the old name');
    await rename(renamedUser, at(USER));
    // A folder, and back.
    await rename(at('guides/advanced'), at('guides/advanced-renamed'));
    await rename(at('guides/advanced-renamed'), at('guides/advanced'));
    // The rename's edits (docs.json, links) were put back by the rename back: save the buffers left dirty.
    for (const doc of vscode.workspace.textDocuments) if (doc.isDirty) await doc.save();
    await waitForProblems(api, first, firstStatus, 'the first Problems after the rename and back');

    // Delete the snippet: its importer reports it; restore it: back to the first state.
    await vscode.workspace.fs.delete(at(SNIPPET));
    await waitForDiagnostics(
      at(USER),
      (ds) => ds.some((d) => diagnosticCode(d) === 'import-not-found'),
      20_000,
      'import-not-found once the snippet is deleted',
    );
    const changed = () => JSON.stringify(api.status()) !== JSON.stringify(firstStatus);
    await waitForDiagnosticsState(changed, () => `Status bar: ${JSON.stringify(api.status())}`, 'the status bar to count the new error');
    await vscode.workspace.fs.writeFile(at(SNIPPET), Buffer.from(SNIPPET_TEXT));
    await waitForProblems(api, first, firstStatus, 'the first Problems after the snippet came back');
  });

  test('the preview of a page shows its snippet gone and back when the snippet file is deleted and restored', async () => {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(at(USER)));
    const shown = renderShowing(api, (t) => t.includes('Shared by the model test.'), 'the snippet');
    await vscode.commands.executeCommand('docwright.openPreviewToSide');
    await shown;
    // Nothing is typed: only the file change on disk can make the preview render again.
    const gone = renderShowing(api, (t) => t.includes('was not found') && !t.includes('Shared by the model test.'), 'the snippet missing');
    await vscode.workspace.fs.delete(at(SNIPPET));
    await gone;
    const back = renderShowing(api, (t) => t.includes('Shared by the model test.'), 'the snippet back');
    await vscode.workspace.fs.writeFile(at(SNIPPET), Buffer.from(SNIPPET_TEXT));
    await back;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
