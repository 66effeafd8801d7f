// "Docwright: Migrate docs.json to the Current Format": asks the server for the converted config
// (docwright/migrateConfig), shows it next to the old one in a diff editor, and writes docs.json
// through a WorkspaceEdit only when the user says so. The conversion itself is the core's.
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { MIGRATE_CONFIG_REQUEST, type MigrateConfigParams, type MigrateConfigResult } from '../../server/src/hosts/lsp/protocol';
import { exists } from './fs';

export const MIGRATE_COMMAND = 'docwright.migrateConfig';
const SCHEME = 'docwright-migrated';

export interface MigrateOptions {
  /** A file of the site to migrate; default: the active editor's file, or the only site. */
  uri?: vscode.Uri;
  /** Answer the question without asking (tests): write or not. */
  write?: boolean;
}

export interface MigrateOutcome {
  result: MigrateConfigResult;
  written: boolean;
}

/** Serves the converted texts to the diff editor (read-only, in memory). */
class MigratedDocuments implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  set(uri: vscode.Uri, text: string): void {
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }
}

export function registerMigrate(context: vscode.ExtensionContext, client: () => LanguageClient | undefined): void {
  const documents = new MigratedDocuments();
  context.subscriptions.push(
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, documents),
    vscode.commands.registerCommand(MIGRATE_COMMAND, (options: MigrateOptions = {}) => migrate(client(), documents, options)),
  );
}

async function request(c: LanguageClient, uri: vscode.Uri | undefined): Promise<MigrateConfigResult> {
  const params: MigrateConfigParams = { uri: uri?.toString() };
  return c.sendRequest<MigrateConfigResult>(MIGRATE_CONFIG_REQUEST, params);
}

async function migrate(c: LanguageClient | undefined, documents: MigratedDocuments, options: MigrateOptions): Promise<MigrateOutcome | undefined> {
  if (!c) return undefined;
  const active = vscode.window.activeTextEditor?.document.uri;
  let result = await request(c, options.uri ?? (active?.scheme === 'file' ? active : undefined));
  if (result.status === 'no-site' && result.sites?.length) {
    // The active file is in no site: let the user pick one of the workspace's sites.
    const picked =
      result.sites.length === 1 || options.write !== undefined
        ? result.sites[0]
        : (
            await vscode.window.showQuickPick(
              result.sites.map((s) => ({ label: vscode.workspace.asRelativePath(vscode.Uri.parse(s)) || s, uri: s })),
              { placeHolder: 'Which site should be migrated?' },
            )
          )?.uri;
    if (!picked) return { result, written: false };
    result = await request(c, vscode.Uri.parse(picked));
  }
  switch (result.status) {
    case 'no-site':
      void vscode.window.showInformationMessage('Docwright found no docs.json or mint.json to migrate in this workspace.');
      return { result, written: false };
    case 'already-current':
      void vscode.window.showInformationMessage('This docs.json is already in the current format.');
      return { result, written: false };
    case 'error':
      void vscode.window.showErrorMessage(`Docwright cannot migrate this config: ${result.error ?? 'unknown error'}`);
      return { result, written: false };
  }
  const source = vscode.Uri.parse(result.sourceUri!);
  const target = vscode.Uri.parse(result.targetUri!);
  const preview = vscode.Uri.from({ scheme: SCHEME, path: target.path });
  documents.set(preview, result.text!);
  const name = target.path.split('/').pop();
  await vscode.commands.executeCommand('vscode.diff', source, preview, `${source.path.split('/').pop()} ↔ ${name} in the current format (preview)`, {
    preview: true,
  });

  const notes = result.notes.map((n) => `• ${n.kind} ${n.path}: ${n.message}`);
  const write = `Write ${name}`;
  const answer =
    options.write !== undefined
      ? options.write
        ? write
        : undefined
      : await vscode.window.showInformationMessage(
          `Write ${name} in the current format?`,
          { modal: true, detail: notes.length ? `Check these before writing:\n${notes.join('\n')}` : 'Every setting has a counterpart in the current format.' },
          write,
        );
  if (answer !== write) return { result, written: false };

  const edit = new vscode.WorkspaceEdit();
  if (await exists(target)) {
    const doc = await vscode.workspace.openTextDocument(target);
    edit.replace(target, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), result.text!);
  } else {
    // A mint.json site: docs.json is new; mint.json stays (docs.json wins when both exist).
    edit.createFile(target, { contents: new TextEncoder().encode(result.text!) });
  }
  const applied = await vscode.workspace.applyEdit(edit);
  if (applied) {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === target.toString());
    // The user asked for the file to be written: save what the edit changed.
    if (doc?.isDirty && !(await doc.save())) console.log(`Docwright: saving ${target.toString()} after the migration failed.`);
    void vscode.window.showInformationMessage(
      source.toString() === target.toString()
        ? `${name} is now in the current format.`
        : `${name} was written in the current format; ${source.path.split('/').pop()} was left in place: delete it once ${name} is checked.`,
    );
  }
  return { result, written: applied };
}
