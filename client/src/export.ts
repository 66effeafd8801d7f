// "Docwright: Export Site" and "Docwright: Create Editor Rules File". The server does the work
// (server/src/hosts/lsp/export.ts); this file picks the site, asks for the output folder or the rules
// target, shows cancellable progress in the notification area, and writes the rules file through
// vscode.workspace.fs, asking before it replaces one.
import * as vscode from 'vscode';
import { WorkDoneProgress, type LanguageClient, type WorkDoneProgressReport } from 'vscode-languageclient/node';
import {
  EXPORT_SITE_REQUEST,
  type ExportSiteParams,
  type ExportSiteResult,
  RULES_FILE_REQUEST,
  RULES_FILE_TARGETS,
  type RulesFileParams,
  type RulesFileResult,
} from '../../server/src/hosts/lsp/protocol';
import { exists } from './fs';

export interface ExportSiteArgs {
  /** A file or folder of the site; default: the site of the active editor, or the only one. */
  site?: vscode.Uri;
  /** Output folder; default: asked, starting from the last one used (or dist/ in the site). */
  out?: vscode.Uri;
  baseUrl?: string;
  strict?: boolean;
}

export interface RulesFileArgs {
  site?: vscode.Uri;
  target?: RulesFileParams['target'];
  /** Replace an existing file without asking. */
  overwrite?: boolean;
  /** Open the file afterwards (default true). */
  open?: boolean;
}

const CONFIG_GLOB = '**/{docs,mint}.json';

/** The folders holding a docs.json or mint.json, shortest path first. */
async function siteFolders(): Promise<vscode.Uri[]> {
  const configs = await vscode.workspace.findFiles(CONFIG_GLOB, '**/node_modules/**');
  const folders = new Map<string, vscode.Uri>();
  for (const c of configs) {
    const folder = vscode.Uri.joinPath(c, '..');
    folders.set(folder.toString(), folder);
  }
  return [...folders.values()].sort((a, b) => a.path.length - b.path.length || a.path.localeCompare(b.path));
}

/** The site to work on: given, the one holding the active editor's file, the only one, or picked. */
async function chooseSite(given: vscode.Uri | undefined, purpose: string): Promise<vscode.Uri | undefined> {
  if (given) return given;
  const sites = await siteFolders();
  if (sites.length === 0) {
    void vscode.window.showWarningMessage('Docwright found no docs.json or mint.json in this workspace.');
    return undefined;
  }
  const active = vscode.window.activeTextEditor?.document.uri;
  const holding = active ? sites.filter((s) => active.path.startsWith(s.path.replace(/\/?$/, '/'))).pop() : undefined;
  if (holding) return holding;
  if (sites.length === 1) return sites[0];
  const picked = await vscode.window.showQuickPick(
    sites.map((s) => ({ label: vscode.workspace.asRelativePath(s, true) || s.fsPath, uri: s })),
    { title: `Docwright: ${purpose}`, placeHolder: 'Which site?' },
  );
  return picked?.uri;
}

export async function exportSite(
  context: vscode.ExtensionContext,
  client: LanguageClient | undefined,
  args: ExportSiteArgs = {},
): Promise<ExportSiteResult | undefined> {
  if (!client) return undefined;
  const site = await chooseSite(args.site, 'Export Site');
  if (!site) return undefined;
  const memory = `docwright.export.out:${site.toString()}`;
  let out = args.out;
  if (!out) {
    const last = context.workspaceState.get<string>(memory) ?? vscode.Uri.joinPath(site, 'dist').fsPath;
    const typed = await vscode.window.showInputBox({
      title: 'Docwright: Export Site',
      prompt: 'Output folder. It is replaced as a whole, so give the export a folder of its own (not the site folder).',
      value: last,
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() ? undefined : 'Enter a folder.'),
    });
    if (!typed) return undefined;
    out = vscode.Uri.file(typed.trim());
  }
  await context.workspaceState.update(memory, out.fsPath);
  const baseUrl = args.baseUrl ?? (vscode.workspace.getConfiguration('docwright.export').get<string>('baseUrl') || undefined);
  const token = `docwright-export-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const params: ExportSiteParams = {
    uri: site.toString(),
    out: out.fsPath,
    baseUrl,
    strict: args.strict,
    trusted: vscode.workspace.isTrusted,
    workDoneToken: token,
  };
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'Docwright: exporting the site', cancellable: true },
    async (progress, cancel) => {
      let shown = 0;
      const listener = client.onProgress(WorkDoneProgress.type, token, (value) => {
        if (value.kind !== 'report') return;
        const r = value as WorkDoneProgressReport;
        const increment = r.percentage !== undefined ? r.percentage - shown : undefined;
        if (r.percentage !== undefined) shown = r.percentage;
        progress.report({ message: r.message, increment });
      });
      try {
        return await client.sendRequest<ExportSiteResult>(EXPORT_SITE_REQUEST, params, cancel);
      } finally {
        listener.dispose();
      }
    },
  );
  showExportResult(result, client);
  return result;
}

function showExportResult(result: ExportSiteResult, client: LanguageClient): void {
  const counts = `${result.errors} error${result.errors === 1 ? '' : 's'}, ${result.warnings} warning${result.warnings === 1 ? '' : 's'}`;
  if (result.problems.length) {
    const channel = client.outputChannel;
    channel.appendLine(`Docwright export: ${counts}`);
    for (const p of result.problems)
      channel.appendLine(`  ${p.uri ? vscode.Uri.parse(p.uri).fsPath : ''}${p.line ? `:${p.line}` : ''}  ${p.severity}  ${p.message}`);
  }
  switch (result.status) {
    case 'exported': {
      // Not awaited: the command returns when the export is done, not when the message is closed.
      const open = 'Reveal in File Explorer';
      const details = result.problems.length ? 'Show Problems' : undefined;
      void vscode.window
        .showInformationMessage(
          `Docwright exported ${result.pages} pages (${result.files} files) to ${result.out}: ${counts}.`,
          ...[open, details].filter((x): x is string => !!x),
        )
        .then((choice) => {
          if (choice === open && result.out) void vscode.commands.executeCommand('revealFileInOS', vscode.Uri.file(result.out));
          if (choice === details) client.outputChannel.show(true);
        });
      break;
    }
    case 'kept':
      void vscode.window.showWarningMessage(`Docwright did not export: ${counts} in pages (strict). The previous output is unchanged.`);
      break;
    case 'refused':
      void vscode.window.showErrorMessage(`Docwright: ${result.message ?? 'the export was refused.'}`);
      break;
    case 'cancelled':
      void vscode.window.showInformationMessage('Docwright: export cancelled. The previous output is unchanged.');
      break;
    case 'no-site':
      void vscode.window.showWarningMessage('Docwright: that file belongs to no docs.json site.');
      break;
  }
}

export async function createRulesFile(client: LanguageClient | undefined, args: RulesFileArgs = {}): Promise<vscode.Uri | undefined> {
  if (!client) return undefined;
  const site = await chooseSite(args.site, 'Create Editor Rules File');
  if (!site) return undefined;
  let target = args.target;
  if (!target) {
    const picked = await vscode.window.showQuickPick(
      RULES_FILE_TARGETS.map((t) => ({ label: t.label, detail: t.detail, id: t.id })),
      { title: 'Docwright: Create Editor Rules File', placeHolder: 'Which editor should follow the writing rules?' },
    );
    if (!picked) return undefined;
    target = picked.id;
  }
  const result = await client.sendRequest<RulesFileResult>(RULES_FILE_REQUEST, { uri: site.toString(), target } satisfies RulesFileParams);
  if (result.status === 'refused') {
    void vscode.window.showErrorMessage(`Docwright: ${result.message ?? 'the rules file was not written.'}`);
    return undefined;
  }
  if (result.status !== 'ok' || !result.uri || result.content === undefined) {
    void vscode.window.showWarningMessage('Docwright: no docs.json site there.');
    return undefined;
  }
  const file = vscode.Uri.parse(result.uri);
  if ((await exists(file)) && !args.overwrite) {
    const replace = 'Replace';
    const answer = await vscode.window.showWarningMessage(
      `${vscode.workspace.asRelativePath(file)} already exists. Replace it with the writing rules of ${result.siteName ?? 'the site'}?`,
      { modal: true },
      replace,
    );
    if (answer !== replace) return undefined;
  }
  // The equivalent of `mkdir -p`, then the file.
  await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(file, '..'));
  await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(result.content));
  if (args.open !== false) await vscode.window.showTextDocument(file);
  if (result.note) void vscode.window.showInformationMessage(`Docwright: ${result.note}`);
  return file;
}

export function registerExport(context: vscode.ExtensionContext, client: () => LanguageClient | undefined): void {
  context.subscriptions.push(
    // From a menu the argument is the clicked file's Uri; from tests and other commands, options.
    vscode.commands.registerCommand('docwright.exportSite', (arg?: ExportSiteArgs | vscode.Uri) =>
      exportSite(context, client(), arg instanceof vscode.Uri ? { site: arg } : arg),
    ),
    vscode.commands.registerCommand('docwright.createRulesFile', (arg?: RulesFileArgs | vscode.Uri) =>
      createRulesFile(client(), arg instanceof vscode.Uri ? { site: arg } : arg),
    ),
  );
}
