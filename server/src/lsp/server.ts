// The language server: the ONLY code that speaks LSP. It converts and delegates to the core.
import * as path from 'node:path';
import {
  CodeActionKind,
  type Connection,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  type InitializeResult,
  TextDocuments,
  TextDocumentSyncKind,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CheckOptions } from '../check';
import { sameText, storageFolder } from '../node/first-check';
import { hostDocwright } from '../node/host';
import { CheckSchedule, type CheckDelays } from '../features/check-schedule';
import type { SeverityOptions } from '../rules/severity';
import { toPosix } from '../util/paths';
import { pathToUri, toDiagnostic, uriToPath } from './convert';
import { registerPreview } from './preview';
import { registerMigrate } from './migrate';
import { registerExport } from './export';
import {
  CHECK_SITES_REQUEST,
  CHECK_STATUS_NOTIFICATION,
  type CheckSitesResult,
  IDLE_REQUEST,
  type InitializationOptions,
  type RedirectSetting,
  SITE_CHANGED_NOTIFICATION,
  type SiteChangedParams,
} from './protocol';
import { registerReferences } from './references';
import { SiteChecks } from './site-checks';
import { CheckStatus, Diagnostics } from './diagnostics';
import { registerNavigation } from './navigation';
import { registerWorkspaceSymbols } from './symbols';
import { registerCompletion } from './completion';
import { registerHover } from './hover';
import { registerDefinition } from './definition';
import { registerOutline } from './outline';
import { FIX_ALL_KIND, registerCodeActions } from './code-actions';
import { registerFormatting } from './format';
import { describeError, isConfigPath } from './open-files';
import { isMarkdownFile } from '../util/page-files';

const CHECK_DELAY_MS = 60;
const PAGE_CHECK_DELAY_MS = 15;
/** After an edit changes what other pages read of a page (see `signature`), they are re-checked after this pause. */
const SITE_RECHECK_DELAY_MS = 600;

/** The debounce delays, from `initializationOptions.delays` (tests shorten them), else the defaults above. */
function checkDelays(options: unknown): CheckDelays {
  const given = (options as InitializationOptions | undefined)?.delays ?? {};
  const ms = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : fallback);
  return {
    check: ms(given.checkMs, CHECK_DELAY_MS),
    page: ms(given.pageCheckMs, PAGE_CHECK_DELAY_MS),
    siteRecheck: ms(given.siteRecheckMs, SITE_RECHECK_DELAY_MS),
  };
}
export function startServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const open = new Map<string, TextDocument>();
  const openText = (p: string) => open.get(p)?.getText();
  let docwright = hostDocwright([], { openText });
  const project = () => docwright.project;
  let ready: Promise<void> = Promise.resolve();
  let canPullConfiguration = false;
  /** The server asks the client to watch the files (an editor other than VS Code, whose client watches them itself). */
  let registerWatchers = false;
  /** The client takes a completion list's shared edit range (`itemDefaults.editRange`). */
  let editRangeDefault = false;
  let severities: SeverityOptions = {};
  /** The settings the scheduled checks use: a configuration event that leaves them as they are re-checks nothing. */
  let checkedSettings = '{}';

  const diagnostics = new Diagnostics(
    (p, list) => void connection.sendDiagnostics({ uri: pathToUri(p), diagnostics: list.map((f) => toDiagnostic(f, docsHref)) }),
  );
  const failedRules = new Set<string>();
  /** The folder of the check cache (the extension's storage). */
  let storage: string | undefined;
  const docsDir = path.join(__dirname, '..', 'docs', 'rules');
  const docsHref = (ruleId: string) => pathToUri(toPosix(path.join(docsDir, `${ruleId}.md`)));
  const log = (message: string) => connection.console.log(message);
  // DOCWRIGHT_CHECK_TIMINGS=1: what the checks do and when, on stderr.
  const trace = process.env.DOCWRIGHT_CHECK_TIMINGS
    ? (what: string) => process.stderr.write(`[${what} ${Math.round(process.uptime() * 1000)} ms after the server]\n`)
    : () => undefined;
  const status = new CheckStatus((params) => void connection.sendNotification(CHECK_STATUS_NOTIFICATION, params), trace);
  /** Which check runs when and which result stands (features/check-schedule.ts). */
  const schedule = new CheckSchedule({
    timers: { set: (run, ms) => setTimeout(run, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout> | undefined) },
    delays: checkDelays(undefined),
    checks: { site: (root: string): Promise<void> => checks.site(root), page: (root: string, p: string): Promise<void> => checks.page(root, p) },
    versionOf: (p) => open.get(p)?.version,
    failed: (key, e) => log(`Docwright: ${key} failed: ${describeError(e)}`),
  });
  const track = <T>(work: () => Promise<T>) => schedule.track(work);
  const checks: SiteChecks = new SiteChecks({
    docwright: () => docwright,
    schedule,
    open,
    diagnostics,
    status,
    checkOptions: () => checkOptions(),
    rules: () => severities.rules,
    storage: () => storage,
    siteChanged: (root, p) =>
      void connection.sendNotification(SITE_CHANGED_NOTIFICATION, {
        rootUri: pathToUri(root),
        ...(p ? { uri: pathToUri(p) } : {}),
      } satisfies SiteChangedParams),
    track,
    log,
    trace,
  });
  const { checkedConfig, firstTexts } = checks;

  const checkOptions = (): CheckOptions =>
    docwright.checkOptions({
      ...severities,
      onRuleError: (ruleId, error, file) => {
        if (failedRules.has(ruleId)) return;
        failedRules.add(ruleId);
        log(`Docwright: rule ${ruleId} failed on ${file} and was skipped: ${describeError(error)}`);
      },
    });

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
    registerWatchers =
      params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true &&
      (params.initializationOptions as InitializationOptions | undefined)?.clientWatchesFiles !== true;
    editRangeDefault = params.capabilities.textDocument?.completion?.completionList?.itemDefaults?.includes('editRange') === true;
    schedule.setDelays(checkDelays(params.initializationOptions));
    storage = storageFolder(params.initializationOptions);
    const folders = (params.workspaceFolders ?? []).map((f) => uriToPath(f.uri));
    if (folders.length === 0 && params.rootUri) folders.push(uriToPath(params.rootUri));
    docwright = hostDocwright(folders, { openText, beforeIndex: (root) => schedule.afterFirstCheck(root) });
    ready = project()
      .scan()
      .then(
        () => log(`Docwright: ${project().roots.length} site(s) found: ${project().roots.join(', ') || 'none'}`),
        (e) => log(`Docwright: scanning the workspace failed: ${String(e)}`),
      );
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        completionProvider: { triggerCharacters: ['"', ':', '/', '<', ' ', '(', '#'], resolveProvider: true },
        hoverProvider: true,
        definitionProvider: true,
        documentSymbolProvider: true,
        foldingRangeProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND, CodeActionKind.RefactorRewrite] },
        documentLinkProvider: { resolveProvider: false },
        workspaceSymbolProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        // Format Document and Format Selection: the formatter of `docwright format` (features/format.ts).
        documentFormattingProvider: true,
        documentRangeFormattingProvider: true,
        // Moving a page, snippet, file or folder rewrites what names it (links, navigation, imports).
        workspace: {
          fileOperations: {
            willRename: { filters: [{ scheme: 'file', pattern: { glob: '**/*' } }] },
            didRename: { filters: [{ scheme: 'file', pattern: { glob: '**/*' } }] },
          },
        },
      },
      serverInfo: { name: 'docwright' },
    };
  });

  connection.onInitialized(() =>
    track(async () => {
      // Files changed outside the editor (git checkout, generated pages, a deleted folder) reach the checks.
      if (registerWatchers)
        void connection.client
          .register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*' }] })
          .catch((e: unknown) => log(`Docwright: the client would not watch files: ${describeError(e)}`));
      const settings = loadSettings();
      await ready;
      // The first checks wait for the settings; what waits for them (an open page's full check) waits however late the client answers.
      const roots = [...project().roots];
      for (const root of roots) {
        schedule.expectFirstCheck(root);
        status.expect(root, schedule.firstCheckEnded(root));
      }
      status.send();
      await settings;
      checkedSettings = JSON.stringify(severities);
      // A site gone meanwhile is checked too: its due check ends (with nothing to publish).
      for (const root of new Set([...roots, ...project().roots])) schedule.checkSite(root, 0);
    }),
  );

  // The client sends one right after it starts: re-checking then would throw the first check away.
  connection.onDidChangeConfiguration(() =>
    track(async () => {
      await Promise.all([ready, loadSettings()]);
      const settings = JSON.stringify(severities);
      if (settings === checkedSettings) return;
      checkedSettings = settings;
      for (const root of project().roots) schedule.checkSite(root, 0);
    }),
  );

  // Answers once no check or handler runs and none is pending.
  connection.onRequest(IDLE_REQUEST, () => schedule.idle());

  const findingsFor = (p: string) => diagnostics.of(p, project().rootFor(p));

  function contentChanged(p: string): void {
    schedule.edited(p);
    firstTexts.delete(p);
    const part = project().isConfigPart(p);
    const root = project().contentChanged(p);
    if (!root) return;
    // A page's text is checked alone; any other file (config, `$ref` part, OpenAPI, .mintignore, llms.txt, ...) may change the whole site.
    if (isMarkdownFile(p) && !part) schedule.checkPage(root, p);
    else schedule.checkSite(root);
  }

  documents.onDidChangeContent((e) =>
    track(async () => {
      const p = uriToPath(e.document.uri);
      const text = e.document.getText();
      open.set(p, e.document);
      await ready;
      // Opening a file whose text was already checked changes nothing. For a config, "checked" is
      // what the last site check read: a load still under way may already hold this text (read from
      // the buffer, or from disk when the file was saved just before it was opened) without any
      // check having used it, and skipping then would leave its findings unpublished.
      const current = isConfigPath(p) ? checkedConfig.get(p) === text : project().isCurrent(p, text) || sameText(firstTexts, p, text);
      if (!current) contentChanged(p);
    }),
  );
  documents.onDidClose((e) =>
    track(async () => {
      const p = uriToPath(e.document.uri);
      open.delete(p);
      await ready;
      contentChanged(p); // back to the text on disk
    }),
  );

  connection.onDidChangeWatchedFiles((params) =>
    track(async () => {
      await ready;
      // Created and deleted paths (files or folders, in any order) are read from the disk again.
      const named: string[] = [];
      const changed: string[] = [];
      for (const change of params.changes) {
        const p = uriToPath(change.uri);
        // A known file reported created was re-written (or written before the server listed it): its content may have changed.
        if (change.type === FileChangeType.Deleted || !project().hasFile(p)) named.push(p);
        else if (open.has(p)) continue;
        else if (firstCheckRunning(p)) changed.push(p);
        else contentChanged(p);
      }
      if (named.length) await filesAt(named);
      await Promise.all(changed.map(diskChanged));
    }),
  );

  /** Whether the first check of the file's site has begun and not ended. */
  function firstCheckRunning(p: string): boolean {
    const root = project().rootFor(p);
    return root !== undefined && schedule.firstCheckBegun(root) && !schedule.firstCheckEnded(root);
  }

  /**
   * A known file changed on disk while its site's first check runs. Such events come late and in bulk
   * (files written just before the server started): a page or config whose text is the one that
   * check read changes nothing; any other waits for the check's end, then counts as changed.
   */
  async function diskChanged(p: string): Promise<void> {
    const root = project().rootFor(p);
    if (root) await schedule.afterFirstCheck(root);
    if (open.has(p)) return;
    if (isConfigPath(p) || isMarkdownFile(p)) {
      const text = await docwright.workspace.readFile(p).catch(() => undefined);
      // A cached parse is not a check: only what a check read counts (a page check may have parsed the new text of a snippet others render).
      if (text !== undefined && (isConfigPath(p) ? checkedConfig.get(p) === text : sameText(firstTexts, p, text))) return;
    }
    contentChanged(p);
  }

  /** File-set changes, applied one after another, each from the disk as it is then. */
  let fileQueue: Promise<void> = Promise.resolve();
  function filesAt(paths: string[]): Promise<void> {
    fileQueue = fileQueue.then(async () => {
      const before = new Set(project().roots);
      try {
        for (const root of await project().reconcile(paths)) schedule.checkSite(root);
      } catch (e) {
        log(`Docwright: reading changed files failed: ${describeError(e)}`);
      }
      // New sites, and sites whose config was deleted (their diagnostics are cleared).
      for (const root of project().roots) if (!before.has(root)) schedule.checkSite(root);
      for (const root of before) if (!project().roots.includes(root)) schedule.checkSite(root, 0);
    });
    return fileQueue;
  }

  // A rename is known at once, not only when the file watcher reports it (a second move may follow at once).
  connection.workspace.onDidRenameFiles((params) =>
    track(async () => {
      await ready;
      const affected = new Set<string>();
      for (const f of params.files) for (const root of project().renamed(uriToPath(f.oldUri), uriToPath(f.newUri))) affected.add(root);
      for (const root of affected) schedule.checkSite(root);
      // And from the disk, in order with the watcher's events (it may report the move before or after this).
      await filesAt(params.files.flatMap((f) => [uriToPath(f.oldUri), uriToPath(f.newUri)]));
    }),
  );

  const projectWhenReady = async () => {
    await ready;
    return project();
  };
  const docwrightWhenReady = async () => {
    await ready;
    return docwright;
  };
  const navigation = registerNavigation(connection, { project: projectWhenReady, documents, readFile: (p) => docwright.workspace.readFile(p), log });
  registerWorkspaceSymbols(connection, { project: projectWhenReady, log });
  const editor = { project: projectWhenReady, documents, navigation, log };
  registerCompletion(connection, editor, () => editRangeDefault);
  registerHover(connection, editor);
  registerDefinition(connection, editor);
  registerOutline(connection, editor);
  registerCodeActions(connection, { ...editor, docwright: docwrightWhenReady, findingsFor, checkOptions, docsHref });
  registerFormatting(connection, editor);

  connection.onRequest(CHECK_SITES_REQUEST, async (): Promise<CheckSitesResult> => {
    await ready;
    const before = [...project().roots];
    await project().scan();
    const roots = new Set([...before, ...project().roots]);
    for (const root of roots) await schedule.checkSiteNow(root);
    const result: CheckSitesResult = { sites: project().roots.length, pages: 0, errors: 0, warnings: 0, information: 0, hints: 0 };
    for (const root of project().roots) {
      result.pages += (await project().site(root))?.pages.size ?? 0;
      for (const p of diagnostics.shownIn(root)) {
        for (const f of findingsFor(p)) {
          if (f.severity === 'error') result.errors++;
          else if (f.severity === 'warning') result.warnings++;
          else if (f.severity === 'information') result.information++;
          else result.hints++;
        }
      }
    }
    return result;
  });

  registerReferences(connection, {
    project: projectWhenReady,
    documents,
    redirectSetting: async (): Promise<RedirectSetting> => {
      if (!canPullConfiguration) return 'never';
      try {
        const value = (await connection.workspace.getConfiguration('docwright.moves')) as { redirect?: unknown } | null;
        return value?.redirect === 'always' || value?.redirect === 'never' ? value.redirect : 'ask';
      } catch {
        return 'ask';
      }
    },
    log,
  });

  registerPreview(connection, docwrightWhenReady, log);
  registerMigrate(connection, projectWhenReady);
  registerExport(connection, docwrightWhenReady, log);

  documents.listen(connection);
  connection.listen();
}
