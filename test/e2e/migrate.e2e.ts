// "Docwright: Migrate docs.json to the Current Format" in a real editor: the diff against the
// converted text, nothing written until confirmed, then docs.json in the current format that checks
// clean. Leaves docs.json as it found it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, waitForDiagnostics, workspaceRoot } from './util';

interface Outcome {
  result: { status: string; text?: string; notes: { kind: string; path: string }[] };
  written: boolean;
}

suite('Migrate docs.json to the current format', () => {
  test('shows the diff, writes only when confirmed, and the result checks clean', async () => {
    await activateExtension();
    const docsJson = vscode.Uri.joinPath(workspaceRoot(), 'docs.json');
    const doc = await vscode.workspace.openTextDocument(docsJson);
    const original = doc.getText();
    await vscode.window.showTextDocument(doc);
    try {
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
      const edit = new vscode.WorkspaceEdit();
      edit.replace(docsJson, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), original);
      await vscode.workspace.applyEdit(edit);
      await doc.save();
    }
  });
});
