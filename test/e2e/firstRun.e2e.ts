// The first minutes with the extension: its commands, and "Docwright: New Site".
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension } from './util';

interface Manifest {
  contributes: {
    commands: { command: string; title: string; category?: string }[];
    menus?: { commandPalette?: { command: string; when?: string }[] };
  };
}

suite('first run', () => {
  let manifest: Manifest;
  let tmp: string;

  suiteSetup(async () => {
    manifest = (await activateExtension()).packageJSON as Manifest;
    tmp = mkdtempSync(path.join(os.tmpdir(), 'docwright-new-site-'));
  });
  suiteTeardown(() => rmSync(tmp, { recursive: true, force: true }));

  // (vscode.commands.getCommands lists contributed commands whether or not they are registered,
  // so registration is shown by running them: New Site below, Check Site in the docs.json suite.)
  test('every command is in the Docwright category, and the palette only lists contributed ones', async () => {
    for (const c of manifest.contributes.commands) assert.equal(c.category, 'Docwright', `${c.command} is not in the Docwright category`);
    const ids = manifest.contributes.commands.map((c) => c.command);
    for (const id of ['docwright.checkSite', 'docwright.newSite', 'docwright.restartServer', 'docwright.showOutput']) assert.ok(ids.includes(id), id);
    for (const m of manifest.contributes.menus?.commandPalette ?? []) assert.ok(ids.includes(m.command), `palette entry for unknown ${m.command}`);
    await vscode.commands.executeCommand('docwright.showOutput'); // throws if not registered
  });

  test('New Site writes docs.json, an introduction page and a favicon into an empty folder, and never overwrites them', async () => {
    const folder = vscode.Uri.file(path.join(tmp, 'acme-docs')); // does not exist yet
    const result = await vscode.commands.executeCommand<{ folder: vscode.Uri; files: vscode.Uri[] } | undefined>('docwright.newSite', folder, { open: false });
    assert.ok(result, 'New Site returned nothing');
    assert.deepEqual(
      result.files.map((u) => path.basename(u.fsPath)),
      ['docs.json', 'introduction.mdx', 'favicon.svg'],
    );
    const config = JSON.parse(readFileSync(path.join(folder.fsPath, 'docs.json'), 'utf8'));
    assert.equal(config.name, 'Acme Docs');
    assert.deepEqual(config.navigation, [{ group: 'Get started', pages: ['introduction'] }]);
    assert.match(readFileSync(path.join(folder.fsPath, 'introduction.mdx'), 'utf8'), /^---\ntitle: "Acme Docs introduction"\n/);

    // A second run finds the site's files and leaves them as they are.
    writeFileSync(path.join(folder.fsPath, 'introduction.mdx'), 'mine\n');
    const again = await vscode.commands.executeCommand('docwright.newSite', folder, { open: false });
    assert.equal(again, undefined);
    assert.equal(readFileSync(path.join(folder.fsPath, 'introduction.mdx'), 'utf8'), 'mine\n');
  });
});
