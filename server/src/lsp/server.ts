// The language server: the ONLY code that speaks LSP. It converts and delegates to the core.
import * as path from 'node:path';
import {
  type CodeAction,
  type Connection,
  FileChangeType,
  type InitializeResult,
  TextDocuments,
  TextDocumentSyncKind,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Project } from '../project';
import type { SeverityOptions } from '../rules/severity';
import { parseConfig, type ConfigDocument } from '../config/parse';
import { completeConfig, definitionInConfig, hoverConfig } from '../features/config-features';
import { CONFIG_NAMES, type Site } from '../site/site';
import type { Finding, Range } from '../types';
import { basename, toPosix } from '../util/paths';
import { DiskWorkspace } from './disk-workspace';
import { pathToUri, toCodeAction, toDiagnostic, uriToPath } from './convert';

const CHECK_DELAY_MS = 60;

function isConfigPath(p: string): boolean {
  return (CONFIG_NAMES as readonly string[]).includes(basename(p));
}

function overlaps(a: Range, b: Range): boolean {
  const before = (x: Range['start'], y: Range['start']) => x.line < y.line || (x.line === y.line && x.character < y.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

export function startServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const open = new Map<string, TextDocument>();
  const workspace = new DiskWorkspace((p) => open.get(p)?.getText());
  let project = new Project(workspace, []);
  let ready: Promise<void> = Promise.resolve();
  /** Findings last published, per file, for code actions. */
  const published = new Map<string, Finding[]>();
  /** Files that got diagnostics from each site root. */
  const publishedBySite = new Map<string, Set<string>>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const runs = new Map<string, number>();
  const failedRules = new Set<string>();
  const docsDir = path.join(__dirname, '..', 'docs', 'rules');
  const docsHref = (ruleId: string) => pathToUri(toPosix(path.join(docsDir, `${ruleId}.md`)));

  const log = (message: string) => connection.console.log(message);
  let canPullConfiguration = false;
  let severities: SeverityOptions = {};

  async function loadSettings(): Promise<void> {
    if (!canPullConfiguration) return;
    try {
      const settings = (await connection.workspace.getConfiguration('docwright')) as { rules?: SeverityOptions['rules'] } | null;
      severities = { rules: settings?.rules ?? {} };
    } catch (e) {
      log(`Docwright: reading settings failed: ${String(e)}`);
    }
  }

  connection.onInitialize((params): InitializeResult => {
    canPullConfiguration = params.capabilities.workspace?.configuration === true;
    const folders = (params.workspaceFolders ?? []).map((f) => uriToPath(f.uri));
    if (folders.length === 0 && params.rootUri) folders.push(uriToPath(params.rootUri));
    project = new Project(workspace, folders);
    ready = project.scan().then(
      () => log(`Docwright: ${project.roots.length} site(s) found: ${project.roots.join(', ') || 'none'}`),
      (e) => log(`Docwright: scanning the workspace failed: ${String(e)}`),
    );
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        completionProvider: { triggerCharacters: ['"', ':', '/'] },
        hoverProvider: true,
        definitionProvider: true,
        codeActionProvider: { codeActionKinds: ['quickfix'] },
      },
      serverInfo: { name: 'docwright' },
    };
  });

  connection.onInitialized(async () => {
    await Promise.all([ready, loadSettings()]);
    for (const root of project.roots) scheduleCheck(root, 0);
  });

  connection.onDidChangeConfiguration(async () => {
    await Promise.all([ready, loadSettings()]);
    for (const root of project.roots) scheduleCheck(root, 0);
  });

  function scheduleCheck(root: string, delay = CHECK_DELAY_MS): void {
    clearTimeout(timers.get(root));
    timers.set(root, setTimeout(() => void runCheck(root), delay));
  }

  async function runCheck(root: string): Promise<void> {
    const run = (runs.get(root) ?? 0) + 1;
    runs.set(root, run);
    let findings: Finding[];
    try {
      findings = await project.check(root, {
        ...severities,
        onRuleError: (ruleId, error) => {
          if (failedRules.has(ruleId)) return;
          failedRules.add(ruleId);
          log(`Docwright: rule ${ruleId} failed and was skipped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        },
      });
    } catch (e) {
      log(`Docwright: checking ${root} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      return;
    }
    if (runs.get(root) !== run) return; // A newer check of this site is under way.
    const byPath = new Map<string, Finding[]>();
    for (const f of findings) byPath.set(f.path, [...(byPath.get(f.path) ?? []), f]);
    const before = publishedBySite.get(root) ?? new Set<string>();
    for (const p of before) {
      if (!byPath.has(p)) {
        published.delete(p);
        void connection.sendDiagnostics({ uri: pathToUri(p), diagnostics: [] });
      }
    }
    for (const [p, list] of byPath) {
      published.set(p, list);
      void connection.sendDiagnostics({ uri: pathToUri(p), diagnostics: list.map((f) => toDiagnostic(f, docsHref)) });
    }
    publishedBySite.set(root, new Set(byPath.keys()));
  }

  function trackOpen(doc: TextDocument): string {
    const p = uriToPath(doc.uri);
    open.set(p, doc);
    return p;
  }

  documents.onDidOpen((e) => {
    trackOpen(e.document);
  });
  documents.onDidChangeContent(async (e) => {
    const p = trackOpen(e.document);
    await ready;
    const root = project.rootFor(p);
    if (root && isConfigPath(p)) {
      project.invalidate(root);
      scheduleCheck(root);
    }
  });
  documents.onDidClose(async (e) => {
    const p = uriToPath(e.document.uri);
    open.delete(p);
    await ready;
    const root = project.rootFor(p);
    if (root && isConfigPath(p)) {
      project.invalidate(root);
      scheduleCheck(root);
    }
  });

  connection.onDidChangeWatchedFiles(async (params) => {
    await ready;
    const created: string[] = [];
    const deleted: string[] = [];
    const changedConfigs = new Set<string>();
    for (const change of params.changes) {
      const p = uriToPath(change.uri);
      if (change.type === FileChangeType.Created) created.push(p);
      else if (change.type === FileChangeType.Deleted) deleted.push(p);
      else if (isConfigPath(p) && !open.has(p)) {
        const root = project.rootFor(p);
        if (root) changedConfigs.add(root);
      }
    }
    for (const root of project.filesChanged(created, deleted)) changedConfigs.add(root);
    for (const root of changedConfigs) {
      project.invalidate(root);
      scheduleCheck(root);
    }
    // A site whose config was deleted is gone: clear what it published.
    for (const root of publishedBySite.keys()) if (!project.roots.includes(root)) void runCheck(root);
  });

  /** The site and parsed config of an open docs.json, current with the editor's text. */
  async function configFor(uri: string): Promise<{ site: Site | undefined; config: ConfigDocument } | undefined> {
    await ready;
    const p = uriToPath(uri);
    const doc = documents.get(uri);
    if (!doc || !isConfigPath(p)) return undefined;
    const root = project.rootFor(p);
    const site = root ? await project.site(root) : undefined;
    if (site && site.config.path === p && site.config.text === doc.getText()) return { site, config: site.config };
    return { site, config: await parseConfig(p, doc.getText(), uri, doc.version) };
  }

  connection.onCompletion(async (params) => {
    try {
      const ctx = await configFor(params.textDocument.uri);
      return ctx ? await completeConfig(ctx.site, ctx.config, params.position) : null;
    } catch (e) {
      log(`Docwright: completion failed: ${String(e)}`);
      return null;
    }
  });

  connection.onHover(async (params) => {
    try {
      const ctx = await configFor(params.textDocument.uri);
      return ctx ? await hoverConfig(ctx.config, params.position) : null;
    } catch (e) {
      log(`Docwright: hover failed: ${String(e)}`);
      return null;
    }
  });

  connection.onDefinition(async (params) => {
    const ctx = await configFor(params.textDocument.uri);
    if (!ctx?.site) return null;
    const target = definitionInConfig(ctx.site, ctx.config, params.position);
    return target ? { uri: pathToUri(target.path), range: target.range } : null;
  });

  connection.onCodeAction((params): CodeAction[] => {
    const findings = published.get(uriToPath(params.textDocument.uri)) ?? [];
    const actions: CodeAction[] = [];
    for (const f of findings) {
      if (!f.fixes?.length || !overlaps(f.range, params.range)) continue;
      const diagnostic = toDiagnostic(f, docsHref);
      for (const fix of f.fixes) actions.push(toCodeAction(fix, diagnostic));
    }
    return actions;
  });

  documents.listen(connection);
  connection.listen();
}
