// "Docwright: Migrate docs.json to the Current Format" in a real editor: the diff against the
// converted text, nothing written until confirmed, then docs.json in the current format that checks
// clean. The bundled example is already in the current format, so the test copies the classic
// example (test/fixtures/classic-starter) into the workspace as a second site, and removes it after.
import * as assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, diagnosticCode, waitForDiagnostics, workspaceRoot } from './util';

/** The classic example; this file is bundled into out/e2e/ of the repository. */
const CLASSIC_SITE = path.resolve(__dirname, '../../test/fixtures/classic-starter');

/** Runs `make` and resolves once the file watcher reports `p` created (or deleted). */
function watched(watcher: vscode.FileSystemWatcher, kind: 'create' | 'delete', p: string, make: () => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the file watcher did not report ${p} ${kind}d`)), 20_000);
    const sub = (kind === 'create' ? watcher.onDidCreate : watcher.onDidDelete)((u) => {
      if (u.fsPath !== p) return;
      clearTimeout(timer);
      sub.dispose();
      resolve();
    });
    make();
  });
}

/**
 * Copies a folder one entry at a time, each after the file watcher has reported the one before: a
 * file written into a folder the watcher has not yet seen created is never reported (inotify).
 */
async function copyWatched(watcher: vscode.FileSystemWatcher, from: string, to: string, skip: (name: string) => boolean): Promise<void> {
  await watched(watcher, 'create', to, () => mkdirSync(to));
  for (const name of readdirSync(from).sort()) {
    if (skip(name)) continue;
    const f = path.join(from, name);
    if (statSync(f).isDirectory()) await copyWatched(watcher, f, path.join(to, name), skip);
    else await watched(watcher, 'create', path.join(to, name), () => copyFileSync(f, path.join(to, name)));
  }
}

/** Deletes a folder's files one at a time, each reported by the watcher (a deleted folder's files are not), then the folders. */
async function removeWatched(watcher: vscode.FileSystemWatcher, dir: string): Promise<void> {
  for (const name of readdirSync(dir)) {
    const f = path.join(dir, name);
    if (statSync(f).isDirectory()) await removeWatched(watcher, f);
    else await watched(watcher, 'delete', f, () => rmSync(f));
  }
  rmSync(dir, { recursive: true, force: true });
}

interface Outcome {
  result: { status: string; text?: string; notes: { kind: string; path: string }[] };
  written: boolean;
}

suite('Migrate docs.json to the current format', () => {
  test('shows the diff, writes only when confirmed, and the result checks clean', async () => {
    await activateExtension();
    const folder = path.join(workspaceRoot().fsPath, 'classic-starter');
    const docsJson = vscode.Uri.file(path.join(folder, 'docs.json'));
    const watcher = vscode.workspace.createFileSystemWatcher(
      new vscode.RelativePattern(workspaceRoot(), '{classic-starter,classic-starter/**}'),
      false,
      true,
      false,
    );
    const changelog = path.join(folder, 'changelog.mdx');
    try {
      // The site without its changelog first: the nav-missing-page it gets proves the server knows
      // the new site (the migration asks the server for the site of docs.json); the page then comes.
      await copyWatched(watcher, CLASSIC_SITE, folder, (name) => name === 'changelog.mdx');
      await waitForDiagnostics(
        docsJson,
        (d) => d.some((x) => diagnosticCode(x) === 'nav-missing-page'),
        20_000,
        'nav-missing-page for the changelog of the copied site',
      );
      await watched(watcher, 'create', changelog, () => copyFileSync(path.join(CLASSIC_SITE, 'changelog.mdx'), changelog));
      await waitForDiagnostics(docsJson, (d) => d.length === 0, 20_000, 'no diagnostics on the classic docs.json');

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
      assert.deepEqual(
        dry.result.notes.filter((n) => n.kind === 'dropped').map((n) => n.path),
        ['api.auth.inputPrefix', 'api.maintainOrder', 'feedback'],
      );

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
      // The changelog goes first, so that the server's diagnostics show when it has the removal:
      // a missing page while the copy is there, nothing once its docs.json is gone too.
      await watched(watcher, 'delete', changelog, () => rmSync(changelog));
      await waitForDiagnostics(docsJson, (d) => d.some((x) => diagnosticCode(x) === 'nav-missing-page'), 20_000, 'nav-missing-page for the removed changelog');
      await removeWatched(watcher, folder);
      await waitForDiagnostics(docsJson, (d) => d.length === 0, 20_000, 'the copied site gone');
      watcher.dispose();
    }
  });
});
