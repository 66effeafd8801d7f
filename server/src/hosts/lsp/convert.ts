// Core types <-> LSP types. The core's positions are already LSP-shaped (0-based).
import {
  type CodeAction,
  CodeActionKind,
  type Diagnostic,
  DiagnosticSeverity,
  DiagnosticTag,
  type TextDocumentEdit,
  type CreateFile,
  type WorkspaceEdit,
  LSPErrorCodes,
  ResponseError,
} from 'vscode-languageserver/node';
import { URI } from 'vscode-uri';
import { Cancelled } from '../../docwright';
import type { Finding, Fix, Severity } from '../../types';
import { toPosix } from '../../util/paths';

/**
 * The URI scheme and authority of the workspace's files: `file` on disk; a virtual file system's
 * (`vscode-vfs://github/…`) for the web host, which sets it from its first folder. One per process:
 * a server serves one workspace.
 */
let space = { scheme: 'file', authority: '' };

/** Paths are read from and written to URIs of `uri`'s scheme and authority from now on. */
export function useUriSpaceOf(uri: string): void {
  const { scheme, authority } = URI.parse(uri);
  space = { scheme, authority };
}

export function uriToPath(uri: string): string {
  const parsed = URI.parse(uri);
  return space.scheme === 'file' ? toPosix(parsed.fsPath) : parsed.path;
}

export function pathToUri(p: string): string {
  return (space.scheme === 'file' ? URI.file(p) : URI.from({ scheme: space.scheme, authority: space.authority, path: p })).toString();
}

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** A finding as a diagnostic; one the site's baseline holds says so in its source ("docwright (baseline)"). */
export function toDiagnostic(f: Finding, docsHref: (ruleId: string) => string | undefined, baselined = false): Diagnostic {
  const href = docsHref(f.ruleId);
  return {
    range: f.range,
    severity: SEVERITY[f.severity],
    source: baselined ? 'docwright (baseline)' : 'docwright',
    code: f.ruleId,
    ...(href ? { codeDescription: { href } } : {}),
    message: f.message,
    ...(f.related?.length ? { relatedInformation: f.related.map((r) => ({ location: { uri: pathToUri(r.path), range: r.range }, message: r.message })) } : {}),
    ...(f.unnecessary ? { tags: [DiagnosticTag.Unnecessary] } : {}),
  };
}

export function toWorkspaceEdit(fix: Fix): WorkspaceEdit {
  const documentChanges: (TextDocumentEdit | CreateFile)[] = [];
  for (const c of fix.createFiles ?? []) {
    const uri = pathToUri(c.path);
    documentChanges.push({ kind: 'create', uri, options: { ignoreIfExists: true } });
    documentChanges.push({
      textDocument: { uri, version: null },
      edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: c.content }],
    });
  }
  for (const e of fix.edits) documentChanges.push({ textDocument: { uri: pathToUri(e.path), version: null }, edits: e.edits });
  return { documentChanges };
}

export function toCodeAction(fix: Fix, diagnostic: Diagnostic): CodeAction {
  return { title: fix.title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: fix.isPreferred, edit: toWorkspaceEdit(fix) };
}

/**
 * Runs a whole-site request: the core ends one the client cancelled while the site was read
 * (`Cancelled`; the reading awaits, the work after it runs to its end), answered with the protocol's
 * "request cancelled" error.
 */
export async function cancellable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof Cancelled) throw new ResponseError(LSPErrorCodes.RequestCancelled, e.message);
    throw e;
  }
}

/** A cancellation passes through a handler's catch-all as it is. */
export function isCancellation(e: unknown): boolean {
  return e instanceof Cancelled;
}
