// textDocument/codeAction: the quick fixes of the findings under the selection, "fix all" of a page,
// and "wrap in component".
import { type CodeAction, CodeActionKind, type Connection } from 'vscode-languageserver/node';
import type { CheckOptions } from '../check';
import { fixAllText } from '../features/fix-all';
import type { Finding, Range } from '../types';
import { toCodeAction, toDiagnostic, uriToPath } from './convert';
import type { EditorHost } from './open-files';

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
    const only = params.context.only;
    const actions: CodeAction[] = [];
    const wantsFixAll = only?.some((k) => FIX_ALL_KIND.startsWith(k) || k === CodeActionKind.Source);
    if (!only || only.some((k) => k.startsWith(CodeActionKind.QuickFix))) {
      for (const f of host.findingsFor(p)) {
        if (!f.fixes?.length || !overlaps(f.range, params.range)) continue;
        const diagnostic = toDiagnostic(f, host.docsHref);
        for (const fix of f.fixes) actions.push(toCodeAction(fix, diagnostic));
      }
    }
    if (wantsFixAll) {
      const action = await fixAllAction(host, p, params.textDocument.uri);
      if (action) actions.push(action);
    }
    if (!only || only.some((k) => CodeActionKind.RefactorRewrite.startsWith(k))) actions.push(...host.navigation.wrapActions(params.textDocument.uri, params.range));
    return actions;
  });
}

async function fixAllAction(host: CodeActionHost, p: string, uri: string): Promise<CodeAction | undefined> {
  const project = await host.project();
  const root = project.rootFor(p);
  const index = root ? await project.index(root) : undefined;
  const id = index ? project.pageIdOf(index.site, p) : undefined;
  const doc = host.documents.get(uri);
  if (!index || id === undefined || !doc) return undefined;
  const text = fixAllText(index, id, host.checkOptions());
  if (text === undefined) return undefined;
  const end = doc.positionAt(doc.getText().length);
  return {
    title: 'Fix all auto-fixable Docwright problems',
    kind: FIX_ALL_KIND,
    edit: { changes: { [uri]: [{ range: { start: { line: 0, character: 0 }, end }, newText: text }] } },
  };
}
