// Small helpers for the in-editor tests. Every wait is event-driven with a deadline; no sleeps.
import * as path from 'node:path';
import * as vscode from 'vscode';

export const EXTENSION_ID = 'docwright.docwright';
export const SOURCE = 'docwright';

/** The rule id of a diagnostic (`code` may be a string, a number or `{ value, target }`). */
export function diagnosticCode(d: vscode.Diagnostic): string | undefined {
  const c = d.code;
  if (c === undefined) return undefined;
  if (typeof c === 'object') return String(c.value);
  return String(c);
}

export async function activateExtension(): Promise<vscode.Extension<unknown>> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  if (!ext) {
    const ids = vscode.extensions.all.filter((e) => !e.id.startsWith('vscode.')).map((e) => e.id);
    throw new Error(`Extension ${EXTENSION_ID} is not installed (non-builtin extensions: ${ids.join(', ') || 'none'}).`);
  }
  // run.mjs says where the extension under test is: the repository, or the folder a VSIX was
  // installed into (--vsix). Testing another copy would prove nothing.
  const expected = process.env.DOCWRIGHT_E2E_EXTENSION_DIR;
  if (expected && path.resolve(ext.extensionPath) !== path.resolve(expected)) {
    throw new Error(`Extension ${EXTENSION_ID} was loaded from ${ext.extensionPath}, not from ${expected}.`);
  }
  await ext.activate();
  return ext;
}

export function workspaceRoot(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('No workspace folder is open.');
  return folder.uri;
}

function describe(diags: readonly vscode.Diagnostic[]): string {
  if (diags.length === 0) return '(none)';
  return diags.map((d) => `  [${d.source ?? '?'}/${diagnosticCode(d) ?? '-'}] ${rangeText(d.range)} ${d.message}`).join('\n');
}

export function rangeText(r: vscode.Range): string {
  return `${r.start.line + 1}:${r.start.character + 1}-${r.end.line + 1}:${r.end.character + 1}`;
}

/**
 * Resolves with the diagnostics of `uri` as soon as `predicate` holds for them (checked now and on
 * every onDidChangeDiagnostics for that uri); rejects after `timeoutMs` with the last state.
 */
export function waitForDiagnostics(
  uri: vscode.Uri,
  predicate: (diags: readonly vscode.Diagnostic[]) => boolean,
  timeoutMs = 20_000,
  what = 'the expected diagnostics',
): Promise<vscode.Diagnostic[]> {
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (fn: () => void): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      sub.dispose();
      fn();
    };
    const check = (): void => {
      const diags = vscode.languages.getDiagnostics(uri);
      let ok: boolean;
      try {
        ok = predicate(diags);
      } catch (err) {
        finish(() => reject(err));
        return;
      }
      if (ok) finish(() => resolve(diags));
    };
    const sub = vscode.languages.onDidChangeDiagnostics((e) => {
      if (e.uris.some((u) => u.toString() === uri.toString())) check();
    });
    const timer = setTimeout(() => {
      finish(() =>
        reject(
          new Error(
            `Timed out after ${timeoutMs} ms waiting for ${what} on ${vscode.workspace.asRelativePath(uri)}. ` +
              `Current diagnostics:\n${describe(vscode.languages.getDiagnostics(uri))}`,
          ),
        ),
      );
    }, timeoutMs);
    check();
  });
}

/** Resolves once `predicate(document)` holds (checked now and on each change of that document). */
export function waitForDocument(
  doc: vscode.TextDocument,
  predicate: (doc: vscode.TextDocument) => boolean,
  timeoutMs = 10_000,
  what = 'the expected document text',
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (predicate(doc)) {
      resolve();
      return;
    }
    const sub = vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document === doc && predicate(doc)) {
        clearTimeout(timer);
        sub.dispose();
        resolve();
      }
    });
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what}. Text:\n${doc.getText()}`));
    }, timeoutMs);
  });
}

/** The range of the `n`-th (0-based) occurrence of `needle` in the document. */
export function findRange(doc: vscode.TextDocument, needle: string, n = 0): vscode.Range {
  const text = doc.getText();
  let at = -1;
  for (let i = 0; i <= n; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`"${needle}" (occurrence ${n}) not found in ${vscode.workspace.asRelativePath(doc.uri)}`);
  }
  return new vscode.Range(doc.positionAt(at), doc.positionAt(at + needle.length));
}

/** Code actions at `range`, with edits resolved (lazy `codeAction/resolve` providers included). */
export async function codeActionsAt(uri: vscode.Uri, range: vscode.Range): Promise<vscode.CodeAction[]> {
  const all = await vscode.commands.executeCommand<(vscode.CodeAction | vscode.Command)[]>('vscode.executeCodeActionProvider', uri, range, undefined, 100);
  return (all ?? []).filter((a): a is vscode.CodeAction => typeof (a as vscode.Command).command !== 'string');
}

/** Applies a code action the way the editor does: its edit, then its command. */
export async function applyCodeAction(action: vscode.CodeAction): Promise<void> {
  if (!action.edit && !action.command) throw new Error(`Code action "${action.title}" has neither an edit nor a command.`);
  if (action.edit) {
    const ok = await vscode.workspace.applyEdit(action.edit);
    if (!ok) throw new Error(`Applying the edit of "${action.title}" failed.`);
  }
  if (action.command) {
    await vscode.commands.executeCommand(action.command.command, ...(action.command.arguments ?? []));
  }
}

export function titles(actions: readonly vscode.CodeAction[]): string {
  return actions.map((a) => JSON.stringify(a.title)).join(', ') || '(none)';
}

/** Inserts or replaces text in a document through a WorkspaceEdit (as an extension would). */
export async function editDocument(doc: vscode.TextDocument, offset: number, deleteLength: number, insert: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(doc.positionAt(offset), doc.positionAt(offset + deleteLength)), insert);
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`applyEdit failed on ${doc.uri.toString()}`);
}
