// The preview panel: a webview that shows the page being edited as the site renders it. The server
// renders (the same renderer as the export); this file only hosts the HTML, forwards edits,
// clicks and scroll positions, and keeps the panel alive across reloads.
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import {
  PAGE_FILE_REQUEST,
  type PageFileResult,
  RENDER_PAGE_REQUEST,
  type RenderPageParams,
  type RenderPageResult,
  type SiteChangedParams,
} from '../../server/src/hosts/lsp/protocol';
import { isMarkdownFile } from '../../server/src/util/page-files';

export const PREVIEW_VIEW_TYPE = 'docwright.preview';
const CONFIG_FILE = /(^|[\\/])(docs|mint)\.json$/i;

export interface RenderedEvent {
  uri: string;
  pageId: string;
  /** Document version the shown HTML was rendered from. */
  version: number;
}

/** 24 random bytes, base64url (Web Crypto: the desktop's Node and the browser both have it). */
function nonce(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** A page on disk or in the workspace's own file system (vscode-vfs, vscode-remote on the web): never a git: or untitled: copy. */
export function isPreviewable(doc: vscode.TextDocument | undefined): doc is vscode.TextDocument {
  if (!doc || !isMarkdownFile(doc.uri.path)) return false;
  return doc.uri.scheme === 'file' || (vscode.workspace.workspaceFolders ?? []).some((f) => f.uri.scheme === doc.uri.scheme);
}

/** One preview panel (like VS Code's Markdown preview): follows the active page unless locked. */
export class PreviewManager implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private uri: vscode.Uri | undefined;
  private shownVersion = -1;
  private pending: ReturnType<typeof setTimeout> | undefined;
  private rendering = false;
  private again = false;
  private siteRoot: vscode.Uri | undefined;
  private lastPage: string | undefined;
  /** A page without a file (generated from an OpenAPI file) shown instead of `uri`'s page, until another page is shown. */
  private virtualPage: string | undefined;
  /** Until this time, editor scroll events are echoes of a preview scroll and are not sent back. */
  private ignoreEditorScrollUntil = 0;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly renderedEmitter = new vscode.EventEmitter<RenderedEvent>();
  /** Fires when the webview has displayed a render (its script acknowledged it). */
  readonly onDidRender = this.renderedEmitter.event;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly client: () => BaseLanguageClient | undefined,
  ) {
    this.disposables.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (!this.panel) return;
        if (this.uri && e.document.uri.toString() === this.uri.toString()) this.schedule(0);
        else if (CONFIG_FILE.test(e.document.uri.path)) this.schedule(0);
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.schedule(0)),
      vscode.workspace.onDidSaveTextDocument((d) => {
        if (this.panel && CONFIG_FILE.test(d.uri.path)) this.schedule(0);
      }),
      // The site's stylesheets apply to every page: a change on disk (saved here or elsewhere) redraws.
      ...(() => {
        const watcher = vscode.workspace.createFileSystemWatcher('**/*.css');
        const redraw = () => {
          if (this.panel) this.schedule(0);
        };
        return [watcher, watcher.onDidChange(redraw), watcher.onDidCreate(redraw), watcher.onDidDelete(redraw)];
      })(),
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (!this.panel || !editor || !isPreviewable(editor.document) || this.locked()) return;
        if (editor.document.uri.toString() !== this.uri?.toString()) this.show(editor.document.uri, false);
      }),
      vscode.window.onDidChangeTextEditorVisibleRanges((e) => {
        if (!this.panel || e.textEditor.document.uri.toString() !== this.uri?.toString()) return;
        if (Date.now() < this.ignoreEditorScrollUntil || !this.scrollSync()) return;
        const line = e.visibleRanges[0]?.start.line ?? 0;
        void this.panel.webview.postMessage({ type: 'scrollToLine', line, key: this.key });
      }),
    );
  }

  private locked(): boolean {
    return vscode.workspace.getConfiguration('docwright.preview').get<boolean>('lockToPage', false);
  }

  private scrollSync(): boolean {
    return vscode.workspace.getConfiguration('docwright.preview').get<boolean>('scrollSync', true);
  }

  /** A file of a site changed (on disk, or a snippet's buffer): the page shown may include or list it. */
  siteChanged(params: SiteChangedParams): void {
    if (!this.panel || !this.uri || params.uri === this.uri.toString()) return;
    if (this.siteRoot ? params.rootUri === this.siteRoot.toString() : this.uri.toString().startsWith(params.rootUri + '/')) this.schedule(0);
  }

  /** Opens (or reveals) the preview of a page. */
  open(uri: vscode.Uri, toSide: boolean): void {
    const column = toSide ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active;
    if (this.panel) {
      this.panel.reveal(column, toSide);
    } else {
      const panel = vscode.window.createWebviewPanel(PREVIEW_VIEW_TYPE, 'Docwright Preview', { viewColumn: column, preserveFocus: toSide }, this.options(uri));
      this.adopt(panel);
    }
    this.show(uri, true);
  }

  /** Takes over a panel restored by VS Code after a window reload. */
  restore(panel: vscode.WebviewPanel, state: { uri?: string } | undefined): void {
    this.adopt(panel);
    const uri = state?.uri ? vscode.Uri.parse(state.uri) : vscode.window.activeTextEditor?.document.uri;
    if (uri) this.show(uri, true);
  }

  private options(uri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
    return { enableScripts: true, retainContextWhenHidden: false, enableFindWidget: true, localResourceRoots: this.roots(uri) };
  }

  private roots(uri: vscode.Uri): vscode.Uri[] {
    const folder = this.siteRoot ?? vscode.workspace.getWorkspaceFolder(uri)?.uri ?? vscode.Uri.joinPath(uri, '..');
    return [vscode.Uri.joinPath(this.context.extensionUri, 'media'), vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'vendor'), folder];
  }

  private adopt(panel: vscode.WebviewPanel): void {
    this.panel = panel;
    panel.iconPath = vscode.Uri.joinPath(this.context.extensionUri, 'media', 'preview-icon.svg');
    panel.onDidDispose(
      () => {
        if (this.panel === panel) {
          this.panel = undefined;
          this.uri = undefined;
          this.siteRoot = undefined;
          this.lastPage = undefined;
        }
      },
      null,
      this.disposables,
    );
    panel.webview.onDidReceiveMessage((msg) => this.onMessage(msg), null, this.disposables);
  }

  private show(uri: vscode.Uri, resetShell: boolean): void {
    if (!this.panel) return;
    const changed = uri.toString() !== this.uri?.toString() || this.virtualPage !== undefined;
    this.uri = uri;
    this.virtualPage = undefined;
    this.shownVersion = -1;
    if (resetShell || !this.shellReady) {
      this.shellReady = false;
      this.panel.webview.options = this.options(uri);
      this.panel.webview.html = this.shell();
    } else if (changed) this.schedule(0);
  }

  private shellReady = false;
  private key = '';

  private shell(): string {
    const webview = this.panel!.webview;
    const n = nonce();
    // The key of this shell's messages comes with its script's `ready` (docwright.js): never the nonce, which page CSS can read.
    this.key = '';
    const css = webview.asWebviewUri(vscode.Uri.joinPath(this.context.extensionUri, 'media', 'docwright.css'));
    const js = webview.asWebviewUri(vscode.Uri.joinPath(this.context.extensionUri, 'media', 'docwright.js'));
    const playgroundJs = webview.asWebviewUri(vscode.Uri.joinPath(this.context.extensionUri, 'media', 'playground.js'));
    // Loaded by docwright.js only when a page has a diagram or a formula (with this nonce).
    const mermaidJs = webview.asWebviewUri(vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'vendor', 'mermaid.min.js'));
    const katexCss = webview.asWebviewUri(vscode.Uri.joinPath(this.context.extensionUri, 'dist', 'vendor', 'katex', 'katex.min.css'));
    const src = webview.cspSource;
    const csp = [
      "default-src 'none'",
      `img-src ${src} https: data:`,
      `media-src ${src} https:`,
      'frame-src https:',
      `style-src ${src} 'unsafe-inline'`,
      `font-src ${src}`,
      `script-src 'nonce-${n}'`,
      // The API playground sends requests to the API's base URLs (and local development servers); the WebSocket one connects to the channel's servers.
      'connect-src https: wss: http://localhost:* http://127.0.0.1:* ws://localhost:* ws://127.0.0.1:*',
    ].join('; ');
    return `<!DOCTYPE html>
<html lang="en" data-theme="auto">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${css}">
<style id="dw-site-css"></style>
<title>Docwright Preview</title>
</head>
<body>
<div id="dw-app"><p class="dw-loading">Rendering…</p></div>
<script nonce="${n}" src="${js}" data-mermaid="${mermaidJs}" data-katex-css="${katexCss}"></script>
<script nonce="${n}" src="${playgroundJs}"></script>
</body>
</html>`;
  }

  private schedule(delay: number): void {
    clearTimeout(this.pending);
    this.pending = setTimeout(() => void this.render(), delay);
  }

  /** Renders the current page; edits that arrive meanwhile cause exactly one more render. */
  private async render(): Promise<void> {
    if (this.rendering) {
      this.again = true;
      return;
    }
    const client = this.client();
    const panel = this.panel;
    const uri = this.uri;
    if (!client || !panel || !uri || !this.shellReady) return;
    this.rendering = true;
    try {
      const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      const version = doc?.version ?? 0;
      const folder = this.siteRoot ?? vscode.workspace.getWorkspaceFolder(uri)?.uri ?? vscode.Uri.joinPath(uri, '..');
      const virtualPage = this.virtualPage;
      const params: RenderPageParams = {
        uri: uri.toString(),
        assetBase: panel.webview.asWebviewUri(folder).toString().replace(/\/?$/, '/'),
        trusted: vscode.workspace.isTrusted,
        pageId: virtualPage,
      };
      const result = await client.sendRequest<RenderPageResult | null>(RENDER_PAGE_REQUEST, params);
      if (!result || panel !== this.panel || uri.toString() !== this.uri?.toString() || virtualPage !== this.virtualPage) return;
      const root = result.siteRootUri ? vscode.Uri.parse(result.siteRootUri) : undefined;
      if (root && root.toString() !== this.siteRoot?.toString()) {
        // Assets load from the site folder: widen the resource roots to it and render again.
        this.siteRoot = root;
        panel.webview.options = this.options(uri);
        this.again = true;
        return;
      }
      const samePage = this.lastPage === result.pageId;
      this.lastPage = result.pageId;
      this.shownVersion = version;
      panel.title = `Preview ${result.title}`;
      const editor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString());
      await panel.webview.postMessage({
        type: 'update',
        key: this.key,
        body: result.body,
        css: result.css,
        theme: result.theme,
        title: result.title,
        page: result.pageId,
        uri: uri.toString(),
        version,
        samePage,
        line: !samePage && editor && this.scrollSync() ? editor.visibleRanges[0]?.start.line : undefined,
      });
    } catch (e) {
      void vscode.window.showErrorMessage(`Docwright could not render the preview: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      this.rendering = false;
      if (this.again) {
        this.again = false;
        this.schedule(0);
      }
    }
  }

  private async onMessage(msg: { type?: string; [key: string]: unknown }): Promise<void> {
    switch (msg.type) {
      case 'ready':
        this.key = typeof msg.key === 'string' ? msg.key : '';
        this.shellReady = true;
        this.schedule(0);
        return;
      case 'rendered':
        if (this.uri) this.renderedEmitter.fire({ uri: this.uri.toString(), pageId: String(msg.page), version: Number(msg.version) });
        return;
      case 'openPage':
        await this.openPage(String(msg.page));
        return;
      case 'openLink': {
        const href = String(msg.href);
        if (/^(https?:|mailto:)/i.test(href)) await vscode.env.openExternal(vscode.Uri.parse(href));
        return;
      }
      case 'revealLine': {
        const editor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === this.uri?.toString());
        const line = Number(msg.line);
        if (!editor || !Number.isInteger(line) || !this.scrollSync()) return;
        this.ignoreEditorScrollUntil = Date.now() + 300;
        editor.revealRange(new vscode.Range(line, 0, line, 0), vscode.TextEditorRevealType.AtTop);
        return;
      }
    }
  }

  /** Opens a page of the site in the editor (the preview follows the active editor). */
  private async openPage(pageId: string): Promise<void> {
    const client = this.client();
    if (!client || !this.uri) return;
    const file = await client.sendRequest<PageFileResult | null>(PAGE_FILE_REQUEST, { fromUri: this.uri.toString(), pageId });
    if (!file) {
      void vscode.window.showWarningMessage(`Docwright: the page "${pageId}" has no file in this site.`);
      return;
    }
    if (file.generated) {
      // An API page generated from an OpenAPI file: no file to open, the preview shows it itself.
      this.virtualPage = pageId;
      this.schedule(0);
      return;
    }
    const target = vscode.Uri.parse(file.uri);
    const column = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === this.uri?.toString())?.viewColumn ?? vscode.ViewColumn.One;
    await vscode.window.showTextDocument(target, { viewColumn: column, preserveFocus: false });
    if (this.locked()) this.show(target, false);
  }

  get previewedUri(): vscode.Uri | undefined {
    return this.panel ? this.uri : undefined;
  }

  get version(): number {
    return this.shownVersion;
  }

  dispose(): void {
    clearTimeout(this.pending);
    this.panel?.dispose();
    this.renderedEmitter.dispose();
    for (const d of this.disposables) d.dispose();
  }
}

/** Commands, the serializer and the preview manager. Returns the manager (the extension's test API uses it). */
export function registerPreview(context: vscode.ExtensionContext, client: () => BaseLanguageClient | undefined): PreviewManager {
  const manager = new PreviewManager(context, client);
  const target = (uri?: vscode.Uri) => {
    const u = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
    if (!u || !isMarkdownFile(u.path)) {
      void vscode.window.showInformationMessage('Docwright: open a Markdown or MDX page to preview it.');
      return undefined;
    }
    return u;
  };
  context.subscriptions.push(
    manager,
    vscode.commands.registerCommand('docwright.openPreview', (uri?: vscode.Uri) => {
      const u = target(uri);
      if (u) manager.open(u, false);
    }),
    vscode.commands.registerCommand('docwright.openPreviewToSide', (uri?: vscode.Uri) => {
      const u = target(uri);
      if (u) manager.open(u, true);
    }),
    vscode.window.registerWebviewPanelSerializer(PREVIEW_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel, state: { uri?: string } | undefined) => manager.restore(panel, state),
    }),
  );
  return manager;
}
