// Spelling in a real editor (issue 49): a misspelled word typed with the real keyboard into an .mdx
// page is underlined (a `spelling` diagnostic on the word); its quick fix, chosen in the editor's
// quick-fix menu (Ctrl+.), corrects it; and "Add … to the site's words" silences a made-up word on
// every page that writes it, by writing `.docwright.json`. The quick fixes are applied through the
// menu, not the extension API, so that the edit is applied (and a file it touches saved) as the
// editor applies a writer's choice.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { bridge } from './bridge';
import { activateExtension, diagnosticCode, waitForDiagnostics, waitForDocument, workspaceRoot } from './util';

const FRONT = '---\ntitle: "Spelling test"\ndescription: "A page the spelling tests type into."\n---\n\n';
/** Between keys, as a writer types. */
const PACE_MS = 40;
/** A word no dictionary holds, nor any word of the example site (its names, page paths or code). */
const MADE_UP = 'flarnix';
/** A second one, added once `.docwright.json` exists: the fix then edits the file rather than making it. */
const MADE_UP_2 = 'quibblort';
const CONFIG = '.docwright.json';
/** The open quick-fix menu's rows. */
const MENU_ROW = '.action-widget .monaco-list-row';

type Step = { type: string; delayMs?: number } | { press: string } | { waitFor: string; timeoutMs?: number };
const keyboard = (...steps: Step[]) => bridge('keyboard', { steps });

const at = (rel: string) => vscode.Uri.joinPath(workspaceRoot(), rel);

/** The `spelling` diagnostics that name `word` (by message: a diagnostic's range is not moved by later edits). */
function misspelled(diags: readonly vscode.Diagnostic[], word: string): vscode.Diagnostic[] {
  return diags.filter((d) => diagnosticCode(d) === 'spelling' && d.message.startsWith(`\`${word}\` is not in the dictionary`));
}

const waitMisspelled = (uri: vscode.Uri, word: string) =>
  waitForDiagnostics(uri, (ds) => misspelled(ds, word).length > 0, 30_000, `a spelling diagnostic on "${word}"`);
const waitSpelledRight = (uri: vscode.Uri, word: string) =>
  waitForDiagnostics(uri, (ds) => misspelled(ds, word).length === 0, 30_000, `no spelling diagnostic on "${word}"`);

/** Writes `text` to a page of the workspace, opens it with the cursor at its end and the keyboard focus in it. */
async function openAtEnd(rel: string, text: string): Promise<vscode.TextEditor> {
  await vscode.workspace.fs.writeFile(at(rel), Buffer.from(text));
  const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(at(rel)));
  const end = editor.document.positionAt(editor.document.getText().length);
  editor.selection = new vscode.Selection(end, end);
  await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
  return editor;
}

/** Types `text` at the cursor with the real keyboard and waits until the document holds it. */
async function type(editor: vscode.TextEditor, text: string): Promise<void> {
  await keyboard({ type: text, delayMs: PACE_MS });
  await waitForDocument(editor.document, (d) => d.getText().includes(text), 20_000, `the typed "${text}"`);
}

/** Each step waits with a deadline of its own; together (the first check loads the dictionaries, Ctrl+. may be pressed again) they may pass mocha's 60 s on a loaded machine. */
const TEST_TIMEOUT_MS = 150_000;
/** Times the writer presses Ctrl+. before the menu must have opened. */
const MENU_TRIES = 3;

/**
 * Puts the cursor inside the diagnostic's word, opens the quick-fix menu (Ctrl+.) and chooses the
 * row titled `title`. The editor drops a Ctrl+. whose code actions are still on their way when the
 * cursor's move or new diagnostics (250 ms later) ask for the light bulb's instead, as a writer
 * sees it on a busy machine: then the menu does not open, and the writer presses Ctrl+. again.
 */
async function chooseQuickFix(editor: vscode.TextEditor, diag: vscode.Diagnostic, title: string): Promise<void> {
  const inside = diag.range.start.translate(0, 1);
  editor.selection = new vscode.Selection(inside, inside);
  await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
  for (let attempt = 1; ; attempt++) {
    try {
      await keyboard({ press: 'Control+Period' }, { waitFor: MENU_ROW, timeoutMs: 10_000 });
      break;
    } catch (err) {
      if (attempt === MENU_TRIES) throw new Error(`Ctrl+. opened no quick-fix menu in ${MENU_TRIES} tries`, { cause: err });
      await keyboard({ press: 'Escape' });
    }
  }
  const shown = await bridge<{ texts: string[] }>('workbenchTexts', { selector: MENU_ROW });
  assert.ok(shown.texts.includes(title), `the quick-fix menu offers "${title}" (rows: ${shown.texts.map((t) => JSON.stringify(t)).join(', ')})`);
  // Playwright's :text-is matches the row's label exactly; the quotes are the title's own.
  await bridge('clickWorkbench', { selector: `${MENU_ROW}:has(:text-is(${JSON.stringify(title)}))` });
}

suite('spelling in the editor', () => {
  suiteSetup(async () => {
    await activateExtension();
  });

  suiteTeardown(async () => {
    for (const d of vscode.workspace.textDocuments) if (d.isDirty && d.uri.fsPath.startsWith(workspaceRoot().fsPath)) await d.save();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const rel of ['spelling-typed.mdx', 'spelling-site-a.mdx', 'spelling-site-b.mdx', CONFIG]) {
      await vscode.workspace.fs.delete(at(rel)).then(undefined, () => undefined);
    }
  });

  test('a misspelled word typed into an .mdx page is underlined, and its quick fix corrects it', async function () {
    this.timeout(TEST_TIMEOUT_MS);
    const editor = await openAtEnd('spelling-typed.mdx', FRONT);
    const uri = editor.document.uri;
    await type(editor, 'Each note you recieve is kept for a year.');
    const [diag] = misspelled(await waitMisspelled(uri, 'recieve'), 'recieve');
    assert.equal(editor.document.getText(diag.range), 'recieve');
    assert.equal(diag.severity, vscode.DiagnosticSeverity.Information, 'spelling is information by default');
    assert.match(diag.message, /did you mean `receive`/);

    await chooseQuickFix(editor, diag, 'Change to "receive"');
    await waitForDocument(editor.document, (d) => d.getText() === FRONT + 'Each note you receive is kept for a year.', 20_000, 'the corrected word');
    await waitSpelledRight(uri, 'recieve');
    assert.deepEqual(
      vscode.languages.getDiagnostics(uri).filter((d) => diagnosticCode(d) === 'spelling'),
      [],
      'the corrected sentence has no spelling diagnostic',
    );
  });

  test("'Add to the site's words' silences a word on every page that writes it, through .docwright.json", async function () {
    this.timeout(TEST_TIMEOUT_MS);
    assert.ok(!existsSync(at(CONFIG).fsPath), `the example site has no ${CONFIG} of its own`);
    // The other page is written to disk and never opened: the word is silenced across the site, not only in the editor.
    const other = at('spelling-site-b.mdx');
    await vscode.workspace.fs.writeFile(other, Buffer.from(FRONT + `Every ${MADE_UP} lists its notes. A ${MADE_UP_2} sorts them.\n`));
    const editor = await openAtEnd('spelling-site-a.mdx', FRONT);
    const uri = editor.document.uri;
    await type(editor, `The ${MADE_UP} holds the notes. Each ${MADE_UP_2} names one.`);
    const [diag] = misspelled(await waitMisspelled(uri, MADE_UP), MADE_UP);
    await waitMisspelled(other, MADE_UP);

    // No .docwright.json yet: the fix makes one.
    await chooseQuickFix(editor, diag, `Add "${MADE_UP}" to the site's words (${CONFIG})`);
    await Promise.all([waitSpelledRight(uri, MADE_UP), waitSpelledRight(other, MADE_UP)]);
    assert.deepEqual(JSON.parse(readFileSync(at(CONFIG).fsPath, 'utf8')).words, [MADE_UP], `${CONFIG} on disk holds the word`);
    // The other word is still misspelled on both pages: the site's words silence only what they hold.
    const [diag2] = misspelled(await waitMisspelled(uri, MADE_UP_2), MADE_UP_2);
    await waitMisspelled(other, MADE_UP_2);

    // .docwright.json exists now: the fix adds to its `words`.
    await chooseQuickFix(editor, diag2, `Add "${MADE_UP_2}" to the site's words (${CONFIG})`);
    await Promise.all([waitSpelledRight(uri, MADE_UP_2), waitSpelledRight(other, MADE_UP_2)]);
    assert.deepEqual(JSON.parse(readFileSync(at(CONFIG).fsPath, 'utf8')).words, [MADE_UP, MADE_UP_2], `${CONFIG} on disk holds both words`);
    assert.equal(editor.document.getText(), FRONT + `The ${MADE_UP} holds the notes. Each ${MADE_UP_2} names one.`, 'adding a word leaves the page as written');
  });
});
