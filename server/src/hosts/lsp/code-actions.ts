// textDocument/codeAction: the quick fixes of the findings under the selection, "fix all" of a page,
// "wrap in component", and the alt-text action (a snippet the client inserts: INSERT_SNIPPET_COMMAND).
import { type CodeAction, CodeActionKind, type Connection, type Diagnostic, type Position } from 'vscode-languageserver/node';
import { type CheckOptions, type Docwright, EDITOR_FIX_POLICY } from '../../docwright';
import type { Finding, Range } from '../../types';
import { isMarkdownFile } from '../../util/page-files';
import { toCodeAction, toDiagnostic, uriToPath } from './convert';
import type { EditorHost } from './open-files';
import { INSERT_SNIPPET_COMMAND } from './protocol';

export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.docwright`;

export interface CodeActionHost extends EditorHost {
  /** The findings shown on a file. */
  findingsFor(path: string): Finding[];
  checkOptions(): CheckOptions;
  /** The URI of a rule's documentation. */
  docsHref(ruleId: string): string;
}

function overlaps(a: Range, b: Range): boolean {
  const before = (x: Range['start'], y: Range['start']) => x.line < y.line || (x.line === y.line && x.character < y.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

export function registerCodeActions(connection: Connection, host: CodeActionHost): void {
  connection.onCodeAction(async (params): Promise<CodeAction[]> => {
    const p = uriToPath(params.textDocument.uri);
    const d = await host.docwright();
    const only = params.context.only;
    const actions: CodeAction[] = [];
    const wantsFixAll = only?.some((k) => FIX_ALL_KIND.startsWith(k) || k === CodeActionKind.Source);
    if (!only || only.some((k) => k.startsWith(CodeActionKind.QuickFix))) {
      const doc = host.documents.get(params.textDocument.uri);
      for (const f of host.findingsFor(p)) {
        if (f.ruleId === 'image-alt' && doc && overlaps(f.range, params.range)) {
          const action = altTextAction(d, doc.getText(), doc.offsetAt(f.range.start), params.textDocument.uri, toDiagnostic(f, host.docsHref), doc);
          if (action) actions.push(action);
        }
        if (!f.fixes?.length || !overlaps(f.range, params.range)) continue;
        const diagnostic = toDiagnostic(f, host.docsHref);
        for (const fix of f.fixes) actions.push(toCodeAction(fix, diagnostic));
      }
    }
    if (wantsFixAll) {
      const action = await fixAllAction(host, d, p, params.textDocument.uri);
      if (action) actions.push(action);
    }
    if (!only || only.some((k) => CodeActionKind.RefactorRewrite.startsWith(k))) actions.push(...wrapActions(host, d, params.textDocument.uri, params.range));
    return actions;
  });
}

/** "Wrap in component" actions for a selection of an open page. */
function wrapActions(host: CodeActionHost, d: Docwright, uri: string, range: Range): CodeAction[] {
  const doc = host.documents.get(uri);
  if (!doc || !isMarkdownFile(uriToPath(uri))) return [];
  const positions = { offsetAt: (p: Position) => doc.offsetAt(p), positionAt: (o: number) => doc.positionAt(o) };
  return d.editor.wrapEdits(doc.getText(), positions, range).map(({ component, edit }) => ({
    title: `Wrap in <${component}>`,
    kind: CodeActionKind.RefactorRewrite,
    edit: { changes: { [uri]: [edit] } },
  }));
}

function altTextAction(
  d: Docwright,
  text: string,
  start: number,
  uri: string,
  diagnostic: Diagnostic,
  doc: { positionAt(offset: number): Position },
): CodeAction | undefined {
  const s = d.editor.altText(text, start);
  if (!s) return undefined;
  const range = { start: doc.positionAt(s.start), end: doc.positionAt(s.end) };
  return {
    title: 'Write alt text for this image',
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    isPreferred: true,
    command: { title: 'Write alt text for this image', command: INSERT_SNIPPET_COMMAND, arguments: [uri, range, s.snippet] },
  };
}

async function fixAllAction(host: CodeActionHost, docwright: Docwright, p: string, uri: string): Promise<CodeAction | undefined> {
  const root = docwright.editor.rootOf(p);
  const doc = host.documents.get(uri);
  if (root === undefined || !doc) return undefined;
  const fixed = await docwright.fixAll(root, { policy: EDITOR_FIX_POLICY, page: p, check: host.checkOptions() });
  const text = fixed?.files.get(p)?.after;
  if (text === undefined) return undefined;
  const end = doc.positionAt(doc.getText().length);
  return {
    title: 'Fix all auto-fixable Docwright problems',
    kind: FIX_ALL_KIND,
    edit: { changes: { [uri]: [{ range: { start: { line: 0, character: 0 }, end }, newText: text }] } },
  };
}
