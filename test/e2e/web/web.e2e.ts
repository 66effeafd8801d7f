// Docwright for the web in a real workbench: the extension's browser entry in the web worker
// extension host, its language server in a web worker reading the example site through the
// client's workspace requests. run.mjs --web appends an unknown component (`<Tipp>`) to the
// quickstart before the editor starts: the first check must find it without the page being opened.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { bridge } from '../bridge';
import { diagnosticCode, EXTENSION_ID, SOURCE, waitForDiagnostics, workspaceRoot } from '../util';

const unknownComponent = (ds: readonly vscode.Diagnostic[]) => ds.some((d) => d.source === SOURCE && diagnosticCode(d) === 'component-unknown');

suite('Docwright for the web', () => {
  const quickstart = () => vscode.Uri.joinPath(workspaceRoot(), 'quickstart.mdx');

  test('the first check reports the planted problem of a page never opened', async function () {
    this.timeout(150_000);
    const started = Date.now();
    const ds = await waitForDiagnostics(quickstart(), unknownComponent, 120_000, 'component-unknown from the web server');
    console.log(`    first diagnostics ${Date.now() - started} ms after the suite started`);
    assert.ok(
      vscode.workspace.textDocuments.every((d) => d.uri.toString() !== quickstart().toString()),
      'the quickstart was read through the workspace requests, not from an editor',
    );
    assert.match(ds.find((d) => diagnosticCode(d) === 'component-unknown')!.message, /<Tipp>/);
    // The Problems view shows it.
    await vscode.commands.executeCommand('workbench.actions.view.problems');
    await bridge('waitForWorkbench', { selector: '.markers-panel .monaco-list-row:has-text("Tipp")', timeoutMs: 20_000 });
  });

  test('the example site has no other finding, as under the desktop server', () => {
    // Published by the same check as the quickstart's: the example site is silent under every check.
    const others = vscode.languages
      .getDiagnostics()
      .flatMap(([uri, ds]) => ds.filter((d) => d.source === SOURCE).map((d) => ({ uri, d })))
      .filter(({ uri, d }) => !(uri.toString() === quickstart().toString() && diagnosticCode(d) === 'component-unknown'));
    assert.deepEqual(
      others.map(({ uri, d }) => `${vscode.workspace.asRelativePath(uri)} ${diagnosticCode(d)}: ${d.message}`),
      [],
    );
  });

  test('Docwright runs in the web worker extension host, not in the Node one', async () => {
    // This module runs in the Node extension host: Docwright is not among its extensions.
    assert.equal(typeof process.versions.node, 'string', 'this test module runs in Node');
    assert.equal(vscode.extensions.getExtension(EXTENSION_ID), undefined);
    // The workbench's list of running extensions says where Docwright runs.
    await vscode.commands.executeCommand('workbench.action.showRuntimeExtensions');
    const row = '.runtime-extensions-editor .monaco-list-row:has-text("Docwright")';
    // The row comes once the workbench has listed its hosts' extensions: slow on a loaded machine.
    await bridge('waitForWorkbench', { selector: row, timeoutMs: 60_000 });
    const { texts } = await bridge<{ texts: string[] }>('workbenchTexts', { selector: row });
    assert.ok(
      texts.some((t) => /web worker/i.test(t)),
      `Docwright's row in Running Extensions: ${texts.join(' | ')}`,
    );
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  test('a page edited in the editor is checked from its text', async () => {
    const doc = await vscode.workspace.openTextDocument(quickstart());
    const editor = await vscode.window.showTextDocument(doc);
    const text = doc.getText();
    const fixed = text.replaceAll('<Tipp>', '<Tip>').replaceAll('</Tipp>', '</Tip>');
    assert.notEqual(fixed, text);
    assert.ok(await editor.edit((b) => b.replace(new vscode.Range(doc.positionAt(0), doc.positionAt(text.length)), fixed)));
    await waitForDiagnostics(quickstart(), (ds) => !unknownComponent(ds), 30_000, 'no component-unknown once <Tipp> is <Tip>');
  });

  test('completion offers the components', async () => {
    const doc = await vscode.workspace.openTextDocument(quickstart());
    const editor = await vscode.window.showTextDocument(doc);
    const end = doc.positionAt(doc.getText().length);
    assert.ok(await editor.edit((b) => b.insert(end, '\n<Car')));
    const at = doc.positionAt(doc.getText().length);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', quickstart(), at, '<');
    const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    assert.ok(
      ['Card', 'CardGroup', 'Callout'].every((c) => labels.includes(c)),
      `completion offered: ${labels.slice(0, 20).join(', ')}`,
    );
    assert.ok(await editor.edit((b) => b.delete(new vscode.Range(end, at))));
  });

  test("a quick fix applies the server's edit", async () => {
    const doc = await vscode.workspace.openTextDocument(quickstart());
    const editor = await vscode.window.showTextDocument(doc);
    assert.ok(await editor.edit((b) => b.insert(doc.positionAt(doc.getText().length), '\n<Cardd title="Web">Typed in the browser.</Cardd>\n')));
    const ds = await waitForDiagnostics(quickstart(), (list) => list.some((d) => /<Cardd>/.test(d.message)), 30_000, 'component-unknown on <Cardd>');
    const problem = ds.find((d) => /<Cardd>/.test(d.message))!;
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', quickstart(), problem.range);
    const fix = actions.find((a) => a.title === 'Change to <Card>');
    assert.ok(fix?.edit, `actions offered: ${actions.map((a) => a.title).join(' | ')}`);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.match(doc.getText(), /<Card title="Web">Typed in the browser\.<\/Card>/);
    await waitForDiagnostics(quickstart(), (list) => !list.some((d) => /<Cardd>/.test(d.message)), 30_000, 'no finding once fixed');
  });

  test('Check Site checks the site in the worker and tells its counts', async () => {
    const result = await vscode.commands.executeCommand<{ sites: number; pages: number; errors: number }>('docwright.checkSite');
    assert.equal(result.sites, 1);
    const pages = await vscode.workspace.findFiles('**/*.mdx', '**/snippets/**');
    assert.equal(result.pages, pages.length, 'every page of the example site');
    const errors = vscode.languages
      .getDiagnostics()
      .flatMap(([, ds]) => ds)
      .filter((d) => d.source === SOURCE && d.severity === vscode.DiagnosticSeverity.Error).length;
    assert.equal(result.errors, errors, 'the counts told are those the Problems view holds');
    await vscode.commands.executeCommand('notifications.showList');
    await bridge('waitForWorkbench', {
      selector: `.notifications-center .notification-list-item:has-text("Docwright checked 1 site(s), ${result.pages} pages")`,
      timeoutMs: 10_000,
    });
  });

  test('a command that needs Node says so', async () => {
    const told = await vscode.commands.executeCommand<string>('docwright.exportSite');
    assert.match(told, /cannot export a site in the browser/);
    // The message is a notification (toasts are not shown while tests run: the list holds it).
    await vscode.commands.executeCommand('notifications.showList');
    await bridge('waitForWorkbench', {
      selector: '.notifications-center .notification-list-item:has-text("cannot export a site in the browser")',
      timeoutMs: 10_000,
    });
  });
});
