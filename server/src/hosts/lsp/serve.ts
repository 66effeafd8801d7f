// The language server: the ONLY code that speaks LSP. It converts and delegates to the core: the
// facade for the editor features, and its check session for what is checked when. Host-neutral: a
// LanguageHost (Node's in server.ts, the web worker's in hosts/web/) gives the facade and what needs
// the platform.
import {
  CodeActionKind,
  type Connection,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  type InitializeParams,
  type InitializeResult,
  type ServerCapabilities,
  TextDocuments,
  TextDocumentSyncKind,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CheckDelays, CheckOptions, CheckSession, Docwright, FirstChecker, SeverityOptions } from '../../docwright';
import { pathToUri, toDiagnostic, uriToPath } from './convert';
import { registerPreview } from './preview';
import {
  CHECK_SITES_REQUEST,
  CHECK_STATUS_NOTIFICATION,
  type CheckSitesResult,
  type CheckStatusParams,
  IDLE_REQUEST,
  type InitializationOptions,
  type RedirectSetting,
  SITE_CHANGED_NOTIFICATION,
  type SiteChangedParams,
} from './protocol';
import { registerReferences } from './references';
import { registerNavigation } from './navigation';
import { registerWorkspaceSymbols } from './symbols';
import { registerCompletion } from './completion';
import { registerHover } from './hover';
import { registerDefinition } from './definition';
import { registerOutline } from './outline';
import { FIX_ALL_KIND, registerCodeActions } from './code-actions';
import { registerFormatting } from './format';
import { describeError } from './open-files';

/** What differs between the platforms a language server runs on. */
export interface LanguageHost {
  /** What the host learns of the client first (the web host: the URI space of its folders). */
  begin?(params: InitializeParams): void;
  /** The facade over the client's folders (none yet: before the client has named them). */
  docwright(
    connection: Connection,
    folders: string[],
    hooks: { openText(path: string): string | undefined; beforeIndex(root: string): Promise<void> },
  ): Docwright;
  /** The first check of a site, when the host has a faster one than the session's own (threads, a cache). */
  firstChecker?(docwright: () => Docwright, o: { rules(): SeverityOptions['rules']; initializationOptions: unknown; log(message: string): void }): FirstChecker;
  /** The page of a rule's documentation, for a finding's link. */
  docsHref(ruleId: string): string;
  /** What the checks do and when, if asked for. */
  trace?: (what: string) => void;
  /** The host's own requests (writing an export or a migration to disk). */
  register?(connection: Connection, docwright: () => Promise<Docwright>, log: (message: string) => void): void;
}

const CHECK_DELAY_MS = 60;
const PAGE_CHECK_DELAY_MS = 15;
/** After an edit changes what other pages read of a page, they are re-checked after this pause. */
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

const CAPABILITIES: ServerCapabilities = {
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
};

/** What the server knows of its client and workspace: the facade and its session, made when the client names its folders. */
class ServerState {
  docwright: Docwright;
  session!: CheckSession;
  ready: Promise<void> = Promise.resolve();
  canPullConfiguration = false;
  /** The server asks the client to watch the files (an editor other than VS Code, whose client watches them itself). */
  registerWatchers = false;
  /** The client takes a completion list's shared edit range (`itemDefaults.editRange`). */
  editRangeDefault = false;
  severities: SeverityOptions = {};
  /** `docwright.baseline.hide`: findings the site's baseline holds are not shown. */
  hideBaselined = false;
  /** The settings the checks ran with: a configuration event that leaves them as they are re-checks nothing. */
  checkedSettings = this.settingsKey();
  private readonly failedRules = new Set<string>();
  private readonly hooks = { openText: (p: string) => this.session.textOf(p), beforeIndex: (root: string) => this.session.beforeIndex(root) };

  constructor(
    private readonly connection: Connection,
    private readonly host: LanguageHost,
  ) {
    this.docwright = host.docwright(connection, [], this.hooks);
  }

  readonly log = (message: string) => this.connection.console.log(message);
  readonly docsHref = (ruleId: string) => this.host.docsHref(ruleId);

  /** The severities of the settings, and a failing rule logged once. */
  readonly checkOptions = (): CheckOptions =>
    this.docwright.checkOptions({
      ...this.severities,
      onRuleError: (ruleId, error, file) => {
        if (this.failedRules.has(ruleId)) return;
        this.failedRules.add(ruleId);
        this.log(`Docwright: rule ${ruleId} failed on ${file} and was skipped: ${describeError(error)}`);
      },
    });

  /** What the checks and their publication read of the settings. */
  settingsKey(): string {
    return JSON.stringify([this.severities, this.hideBaselined]);
  }

  async loadSettings(): Promise<void> {
    if (!this.canPullConfiguration) return;
    try {
      const settings = (await this.connection.workspace.getConfiguration('docwright')) as {
        rules?: SeverityOptions['rules'];
        baseline?: { hide?: unknown };
      } | null;
      this.severities = { rules: settings?.rules ?? {} };
      this.hideBaselined = settings?.baseline?.hide === true;
    } catch (e) {
      this.log(`Docwright: reading settings failed: ${String(e)}`);
    }
  }

  initialize(params: InitializeParams): InitializeResult {
    this.host.begin?.(params);
    const options = params.initializationOptions as InitializationOptions | undefined;
    this.canPullConfiguration = params.capabilities.workspace?.configuration === true;
    this.registerWatchers = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true && options?.clientWatchesFiles !== true;
    this.editRangeDefault = params.capabilities.textDocument?.completion?.completionList?.itemDefaults?.includes('editRange') === true;
    const folders = (params.workspaceFolders ?? []).map((f) => uriToPath(f.uri));
    if (folders.length === 0 && params.rootUri) folders.push(uriToPath(params.rootUri));
    this.docwright = this.host.docwright(this.connection, folders, this.hooks);
    const project = this.docwright.project;
    this.ready = project.scan().then(
      () => this.log(`Docwright: ${project.roots.length} site(s) found: ${project.roots.join(', ') || 'none'}`),
      (e) => this.log(`Docwright: scanning the workspace failed: ${String(e)}`),
    );
    this.session = this.docwright.session(
      {
        timers: { set: (run, ms) => setTimeout(run, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout> | undefined) },
        delays: checkDelays(options),
        firstCheck: this.host.firstChecker?.(() => this.docwright, { rules: () => this.severities.rules, initializationOptions: options, log: this.log }),
        // Clients report, late and in bulk, files written just before the server started.
        lateDiskEvents: true,
        publish: (p, list, baselined) =>
          void this.connection.sendDiagnostics({
            uri: pathToUri(p),
            diagnostics: list.filter((f) => !(this.hideBaselined && baselined.has(f))).map((f) => toDiagnostic(f, this.docsHref, baselined.has(f))),
          }),
        status: (status) => void this.connection.sendNotification(CHECK_STATUS_NOTIFICATION, status satisfies CheckStatusParams),
        siteChanged: (root, p) =>
          void this.connection.sendNotification(SITE_CHANGED_NOTIFICATION, {
            rootUri: pathToUri(root),
            ...(p ? { uri: pathToUri(p) } : {}),
          } satisfies SiteChangedParams),
        checkOptions: this.checkOptions,
        log: this.log,
        trace: this.host.trace,
      },
      this.ready,
    );
    return { capabilities: CAPABILITIES, serverInfo: { name: 'docwright' } };
  }

  async redirectSetting(): Promise<RedirectSetting> {
    if (!this.canPullConfiguration) return 'never';
    try {
      const value = (await this.connection.workspace.getConfiguration('docwright.moves')) as { redirect?: unknown } | null;
      return value?.redirect === 'always' || value?.redirect === 'never' ? value.redirect : 'ask';
    } catch {
      return 'ask';
    }
  }
}

/** Answers the client on `connection` with the platform's `host`, until the connection closes. */
export function serve(connection: Connection, host: LanguageHost): void {
  const documents = new TextDocuments(TextDocument);
  const state = new ServerState(connection, host);
  connection.onInitialize((params) => state.initialize(params));
  registerSessionEvents(connection, documents, state);
  const docwright = async () => {
    await state.ready;
    return state.docwright;
  };
  const { log } = state;
  const editor = { docwright, documents, log };
  registerNavigation(connection, editor);
  registerWorkspaceSymbols(connection, editor);
  registerCompletion(connection, editor, () => state.editRangeDefault);
  registerHover(connection, editor);
  registerDefinition(connection, editor);
  registerOutline(connection, editor);
  const findingsFor = (p: string) => state.session.findingsOf(p);
  registerCodeActions(connection, { ...editor, findingsFor, checkOptions: state.checkOptions, docsHref: state.docsHref });
  registerFormatting(connection, editor);
  registerReferences(connection, { ...editor, redirectSetting: () => state.redirectSetting() });
  registerPreview(connection, docwright, log);
  host.register?.(connection, docwright, log);
  documents.listen(connection);
  connection.listen();
}

/** What the check session hears of the editor and the disk, and what the client asks of the checks. */
function registerSessionEvents(connection: Connection, documents: TextDocuments<TextDocument>, state: ServerState): void {
  connection.onInitialized(() => {
    // Files changed outside the editor (git checkout, generated pages, a deleted folder) reach the checks.
    if (state.registerWatchers)
      void connection.client
        .register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*' }] })
        .catch((e: unknown) => state.log(`Docwright: the client would not watch files: ${describeError(e)}`));
    // The first checks wait for the settings; what waits for them (an open page's full check) waits however late the client answers.
    const settings = state.loadSettings().then(() => (state.checkedSettings = state.settingsKey()));
    void state.session.start(settings);
  });
  // The client sends one right after it starts: re-checking then would throw the first check away.
  connection.onDidChangeConfiguration(
    () =>
      void state.session.track(async () => {
        await Promise.all([state.ready, state.loadSettings()]);
        const settings = state.settingsKey();
        if (settings === state.checkedSettings) return;
        state.checkedSettings = settings;
        state.session.recheckAll();
      }),
  );
  // Answers once no check or handler runs and none is pending.
  connection.onRequest(IDLE_REQUEST, () => state.session.idle());
  documents.onDidChangeContent((e) => void state.session.changed(uriToPath(e.document.uri), e.document.getText(), e.document.version));
  documents.onDidClose((e) => void state.session.closed(uriToPath(e.document.uri)));
  connection.onDidChangeWatchedFiles(
    (params) => void state.session.filesChanged(params.changes.map((c) => ({ path: uriToPath(c.uri), deleted: c.type === FileChangeType.Deleted }))),
  );
  // A rename is known at once, not only when the file watcher reports it (a second move may follow at once).
  connection.workspace.onDidRenameFiles(
    (params) => void state.session.renamed(params.files.map((f) => ({ from: uriToPath(f.oldUri), to: uriToPath(f.newUri) }))),
  );
  connection.onRequest(CHECK_SITES_REQUEST, async (): Promise<CheckSitesResult> => {
    await state.session.checkAllNow();
    const project = state.docwright.project;
    const result: CheckSitesResult = { sites: project.roots.length, pages: 0, errors: 0, warnings: 0, information: 0, hints: 0 };
    for (const root of project.roots) {
      result.pages += (await project.site(root))?.pages.size ?? 0;
      const counts = state.session.counts(root);
      result.errors += counts.error;
      result.warnings += counts.warning;
      result.information += counts.information;
      result.hints += counts.hint;
    }
    return result;
  });
}
