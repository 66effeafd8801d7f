// docs.json in a real editor: the language server's diagnostics and quick fixes, end to end.
// Runs against a temporary copy of examples/starter (scripts/vscode-test/run.mjs).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  SOURCE,
  activateExtension,
  applyCodeAction,
  codeActionsAt,
  diagnosticCode,
  editDocument,
  findRange,
  rangeText,
  titles,
  waitForDiagnostics,
  waitForDocument,
  workspaceRoot,
} from './util';

/** Sets `appearance.default` to `value`: replaces an existing default or inserts the property. */
function appearanceEdit(text: string, value: string): { offset: number; deleteLength: number; insert: string } {
  const appearance = /"appearance"\s*:\s*\{/.exec(text);
  if (!appearance) {
    const root = text.indexOf('{');
    assert.ok(root >= 0, 'docs.json has no root object');
    return { offset: root + 1, deleteLength: 0, insert: `\n  "appearance": { "default": ${JSON.stringify(value)} },` };
  }
  const open = appearance.index + appearance[0].length; // just after '{'
  const close = text.indexOf('}', open); // appearance is a flat object
  const body = text.slice(open, close);
  const def = /"default"\s*:\s*("(?:[^"\\]|\\.)*"|[^,}\s]+)/.exec(body);
  if (def) {
    const valueStart = open + def.index + def[0].length - def[1].length;
    return { offset: valueStart, deleteLength: def[1].length, insert: JSON.stringify(value) };
  }
  const empty = body.trim() === '';
  return { offset: open, deleteLength: 0, insert: ` "default": ${JSON.stringify(value)}${empty ? ' ' : ','}` };
}

/** Inserts `page` as the first entry of the first `pages` array under `navigation`. */
function navPageEdit(text: string, page: string): { offset: number; deleteLength: number; insert: string } {
  const nav = text.indexOf('"navigation"');
  assert.ok(nav >= 0, 'docs.json has no "navigation"');
  const pages = /"pages"\s*:\s*\[/g;
  pages.lastIndex = nav;
  const m = pages.exec(text);
  assert.ok(m, 'docs.json navigation has no "pages" array');
  const open = m.index + m[0].length;
  const emptyArray = /^\s*\]/.test(text.slice(open));
  return { offset: open, deleteLength: 0, insert: emptyArray ? JSON.stringify(page) : `${JSON.stringify(page)}, ` };
}

suite('docs.json in the editor', () => {
  let docsUri: vscode.Uri;
  let doc: vscode.TextDocument;

  suiteSetup(async () => {
    await activateExtension();
    docsUri = vscode.Uri.joinPath(workspaceRoot(), 'docs.json');
    doc = await vscode.workspace.openTextDocument(docsUri);
    await vscode.window.showTextDocument(doc);
  });

  test('an invalid appearance.default is reported once and fixed by its quick fix', async () => {
    const e = appearanceEdit(doc.getText(), 'lihgt');
    await editDocument(doc, e.offset, e.deleteLength, e.insert);
    const quoted = findRange(doc, '"lihgt"');
    const inner = findRange(doc, 'lihgt');

    const isInvalidDefault = (d: vscode.Diagnostic): boolean =>
      diagnosticCode(d) === 'config-invalid-value' && d.range.contains(inner) && quoted.contains(d.range);
    const diags = await waitForDiagnostics(docsUri, (ds) => ds.some(isInvalidDefault), 20_000, 'config-invalid-value on "lihgt"');
    const diag = diags.find(isInvalidDefault)!;
    assert.equal(diag.source, SOURCE);

    const noDuplicates = (): void => {
      const others = vscode.languages.getDiagnostics(docsUri).filter((d) => d.source !== SOURCE && d.range.intersection(quoted) !== undefined);
      assert.deepEqual(
        others.map((d) => `[${d.source}/${diagnosticCode(d)}] ${rangeText(d.range)} ${d.message}`),
        [],
        'another diagnostic source reports the same problem',
      );
    };
    noDuplicates();

    const actions = await codeActionsAt(docsUri, diag.range);
    const fix = actions.find((a) => a.title === 'Replace with "light"');
    assert.ok(fix, `no quick fix 'Replace with "light"'; got: ${titles(actions)}`);
    noDuplicates(); // checked again after the round trip: other validators had time to report

    await applyCodeAction(fix);
    await waitForDocument(doc, (d) => /"default"\s*:\s*"light"/.test(d.getText()), 10_000, '"default": "light"');
    assert.ok(doc.getText().includes('"default": "light"'), `expected '"default": "light"' in:\n${doc.getText()}`);
    await waitForDiagnostics(docsUri, (ds) => !ds.some((d) => diagnosticCode(d) === 'config-invalid-value'), 20_000, 'config-invalid-value to disappear');
  });

  test('a navigation entry for a missing page is reported and "Create page" fixes it', async () => {
    const page = 'guides/does-not-exist';
    const e = navPageEdit(doc.getText(), page);
    await editDocument(doc, e.offset, e.deleteLength, e.insert);
    const quoted = findRange(doc, JSON.stringify(page));
    const inner = findRange(doc, page);

    const isMissing = (d: vscode.Diagnostic): boolean => diagnosticCode(d) === 'nav-missing-page' && d.range.contains(inner) && quoted.contains(d.range);
    const diags = await waitForDiagnostics(docsUri, (ds) => ds.some(isMissing), 20_000, `nav-missing-page on "${page}"`);
    const diag = diags.find(isMissing)!;
    assert.equal(diag.source, SOURCE);

    const actions = await codeActionsAt(docsUri, diag.range);
    const create = actions.find((a) => a.title === `Create page "${page}.mdx"`);
    const remove = actions.find((a) => a.title === `Remove "${page}" from navigation`);
    assert.ok(create, `no 'Create page "${page}.mdx"' action; got: ${titles(actions)}`);
    assert.ok(remove, `no 'Remove "${page}" from navigation' action; got: ${titles(actions)}`);

    await applyCodeAction(create);
    await waitForDiagnostics(
      docsUri,
      (ds) => !ds.some((d) => diagnosticCode(d) === 'nav-missing-page' && d.range.intersection(quoted) !== undefined),
      20_000,
      `nav-missing-page on "${page}" to disappear`,
    );

    const pageUri = vscode.Uri.joinPath(workspaceRoot(), `${page}.mdx`);
    await vscode.workspace.fs.stat(pageUri); // throws FileNotFound if the edit created nothing
    const pageDoc = await vscode.workspace.openTextDocument(pageUri);
    assert.match(pageDoc.getText(), /^title:/m, `the new page has no front matter title:\n${pageDoc.getText()}`);
    // A save can be refused once while the editor still takes in the file the edit created: tried again.
    if (pageDoc.isDirty) assert.ok((await pageDoc.save()) || (await pageDoc.save()), 'saving the new page failed');
    const onDisk = new TextDecoder().decode(await vscode.workspace.fs.readFile(pageUri));
    assert.match(onDisk, /^title:/m, `the saved page has no title:\n${onDisk}`);
  });

  test("a problem's rule link opens the rule's page rendered, not its source", async () => {
    const original = doc.getText();
    // A trailing comma, which Docwright reports as config-syntax.
    await editDocument(doc, 0, original.length, original.slice(0, original.lastIndexOf('}')).trimEnd() + ',\n}\n');
    const diags = await waitForDiagnostics(
      docsUri,
      (ds) => ds.some((d) => diagnosticCode(d) === 'config-syntax'),
      20_000,
      'config-syntax on the trailing comma',
    );
    const target = (diags.find((d) => diagnosticCode(d) === 'config-syntax')!.code as { target: vscode.Uri }).target;
    assert.equal(target.scheme, vscode.env.uriScheme, target.toString());
    const opened = new Promise<vscode.Tab>((resolve) => {
      const sub = vscode.window.tabGroups.onDidChangeTabs((e) => {
        const tab = [...e.opened, ...e.changed].find(
          (t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('markdown.preview') && t.label.includes('config-syntax'),
        );
        if (tab) {
          sub.dispose();
          resolve(tab);
        }
      });
    });
    // What the Problems panel and the hover do with the link.
    await vscode.commands.executeCommand('vscode.open', target);
    const tab = await opened;
    assert.match(tab.label, /config-syntax\.md/);
    await vscode.window.tabGroups.close(tab);

    await vscode.window.showTextDocument(doc);
    await editDocument(doc, 0, doc.getText().length, original);
    await waitForDiagnostics(docsUri, (ds) => !ds.some((d) => diagnosticCode(d) === 'config-syntax'), 20_000, 'config-syntax to disappear');
  });

  test('"Docwright: Check Site" checks the site and reports what it found', async () => {
    const result = await vscode.commands.executeCommand<{ sites: number; pages: number }>('docwright.checkSite');
    assert.equal(result?.sites, 1);
    assert.ok((result?.pages ?? 0) >= 10, JSON.stringify(result));
  });
});
