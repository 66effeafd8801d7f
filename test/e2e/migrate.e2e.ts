// "Docwright: Migrate docs.json to the Current Format" in a real editor: the diff against the
// converted text, nothing written until confirmed, then docs.json in the current format that checks
// clean. The bundled example is already in the current format, so the test copies the classic
// example (test/fixtures/classic-starter) into the workspace as a second site, and removes it after.
import * as assert from 'node:assert/strict';
import { copyFileSync, cpSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, diagnosticCode, waitForDiagnostics, workspaceRoot } from './util';

/** The classic example; this file is bundled into out/e2e/ of the repository. */
const CLASSIC_SITE = path.resolve(__dirname, '../../test/fixtures/classic-starter');

interface Outcome {
  result: { status: string; text?: string; notes: { kind: string; path: string }[] };
  written: boolean;
}

suite('Migrate docs.json to the current format', () => {
  test('shows the diff, writes only when confirmed, and the result checks clean', async () => {
    await activateExtension();
    const folder = path.join(workspaceRoot().fsPath, 'classic-starter');
    const docsJson = vscode.Uri.file(path.join(folder, 'docs.json'));
    const orphanWitness = vscode.Uri.file(path.join(folder, 'introduction.mdx'));
    try {
      // The site without its changelog first: the nav-missing-page it gets proves the server knows
      // the new site (the migration asks the server for the site of docs.json); the page then comes.
      cpSync(CLASSIC_SITE, folder, { recursive: true, filter: (src) => path.basename(src) !== 'changelog.mdx' });
      await waitForDiagnostics(docsJson, (d) => d.some((x) => diagnosticCode(x) === 'nav-missing-page'), 20_000, 'nav-missing-page for the changelog of the copied site');
      copyFileSync(path.join(CLASSIC_SITE, 'changelog.mdx'), path.join(folder, 'changelog.mdx'));
      await waitForDiagnostics(docsJson, (d) => d.length === 0, 20_000, 'no diagnostics on the classic docs.json');
      // The outer site lists none of the copy's pages: its orphan-page on one of them tells, at the end, when the copy is gone.
      await waitForDiagnostics(orphanWitness, (d) => d.some((x) => diagnosticCode(x) === 'orphan-page'), 20_000, 'orphan-page from the outer site');

      const doc = await vscode.workspace.openTextDocument(docsJson);
      await vscode.window.showTextDocument(doc);
      const original = doc.getText();
      const dry = (await vscode.commands.executeCommand('docwright.migrateConfig', { uri: docsJson, write: false })) as Outcome;
      assert.equal(dry.result.status, 'migrated');
      assert.equal(dry.written, false);
      assert.equal(doc.getText(), original, 'nothing is written without confirmation');
      const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs);
      const diff = tabs.find((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.scheme === 'docwright-migrated');
      assert.ok(diff, `no diff editor among: ${tabs.map((t) => t.label).join(', ')}`);
      assert.deepEqual(dry.result.notes.filter((n) => n.kind === 'dropped').map((n) => n.path), ['api.auth.inputPrefix', 'api.maintainOrder', 'feedback']);

      const done = (await vscode.commands.executeCommand('docwright.migrateConfig', { uri: docsJson, write: true })) as Outcome;
      assert.equal(done.written, true);
      assert.equal(doc.getText(), dry.result.text);
      if (doc.isDirty) {
        // A slow save participant may still hold the save: wait for it.
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('docs.json was not saved')), 15_000);
          const sub = vscode.workspace.onDidSaveTextDocument((d) => {
            if (d === doc) {
              clearTimeout(timer);
              sub.dispose();
              resolve();
            }
          });
        });
      }
      assert.equal(doc.isDirty, false, 'docs.json is saved');
      assert.equal(JSON.parse(doc.getText()).theme, 'mint');
      await waitForDiagnostics(docsJson, (d) => d.length === 0, 20_000, 'no diagnostics on the migrated docs.json');
      const again = (await vscode.commands.executeCommand('docwright.migrateConfig', { uri: docsJson, write: true })) as Outcome;
      assert.equal(again.result.status, 'already-current');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      rmSync(folder, { recursive: true, force: true });
      // The workspace is as it was once the outer site no longer has the copy's pages.
      await waitForDiagnostics(orphanWitness, (d) => d.length === 0, 20_000, 'the copied site gone from the outer site');
    }
  });
});
