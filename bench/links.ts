// References and moves through the real language server (dist/server.js over stdio): Find All
// References on a page that 100 pages link to, and the WorkspaceEdit of moving it
// (workspace/willRenameFiles). Each request follows a one-character edit of the big page, so the
// site index is new and nothing is reused from the request before (what an editor sees while
// typing). Called by bench/run.ts, which prints the table.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { URI } from 'vscode-uri';
import { startServer } from './editor';

export interface LinkLatencies {
  /** Pages that link to the target page (links planted in a copy of the site). */
  linkers: number;
  /** Locations the references request returned, and the files the move edit changes. */
  references: number;
  editedFiles: number;
  references50: number;
  references95: number;
  move50: number;
  move95: number;
  iterations: number;
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/** Copies the site to `dir` with a link to `pageFiles[1]` added to 100 other pages. */
export function plantLinks(siteDir: string, dir: string, pageFiles: string[], bigRel: string): { targetRel: string; linkers: number } {
  cpSync(siteDir, dir, { recursive: true });
  const targetRel = pageFiles.find((f) => f !== bigRel && f !== pageFiles[0])!;
  const id = targetRel.replace(/\.mdx?$/, '');
  let linkers = 0;
  for (const rel of pageFiles) {
    if (linkers === 100) break;
    if (rel === targetRel || rel === bigRel) continue;
    const file = path.join(dir, rel);
    writeFileSync(file, readFileSync(file, 'utf8') + `\nRead [the hub page](/${id}) next.\n`);
    linkers++;
  }
  return { targetRel, linkers };
}

export async function measureLinks(
  repo: string,
  siteDir: string,
  targetRel: string,
  linkers: number,
  bigRel: string,
  iterations: number,
): Promise<LinkLatencies> {
  const { conn, stop } = startServer(repo);
  const targetUri = URI.file(path.join(siteDir, targetRel)).toString();
  const bigPath = path.join(siteDir, bigRel);
  const bigUri = URI.file(bigPath).toString();
  let firstDone: () => void = () => undefined;
  const first = new Promise<void>((r) => (firstDone = r));
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    if (p.uri === targetUri) firstDone();
  });
  conn.listen();
  try {
    const root = URI.file(siteDir).toString();
    await conn.sendRequest('initialize', { processId: process.pid, rootUri: root, capabilities: {}, workspaceFolders: [{ uri: root, name: 'site' }] });
    await conn.sendNotification('initialized', {});
    await first;
    const text = readFileSync(bigPath, 'utf8');
    await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: bigUri, languageId: 'mdx', version: 1, text } });
    const at = text.indexOf('markerx') + 'marker'.length;
    const before = text.slice(0, at);
    const position = { line: before.split('\n').length - 1, character: at - (before.lastIndexOf('\n') + 1) };
    let version = 1;
    const edit = async () => {
      version++;
      await conn.sendNotification('textDocument/didChange', {
        textDocument: { uri: bigUri, version },
        contentChanges: [{ range: { start: position, end: { line: position.line, character: position.character + 1 } }, text: version % 2 ? 'y' : 'x' }],
      });
    };
    const newUri = URI.file(path.join(siteDir, 'moved', targetRel)).toString();
    const refs: number[] = [];
    const moves: number[] = [];
    let references = 0;
    let editedFiles = 0;
    for (let i = 1; i <= iterations + 5; i++) {
      await edit();
      const t = performance.now();
      const found = await conn.sendRequest<unknown[] | null>('textDocument/references', {
        textDocument: { uri: targetUri },
        position: { line: 1, character: 2 },
        context: { includeDeclaration: false },
      });
      const r = performance.now() - t;
      await edit();
      const tm = performance.now();
      const moved = await conn.sendRequest<{ changes: Record<string, unknown[]> } | null>('workspace/willRenameFiles', {
        files: [{ oldUri: targetUri, newUri }],
      });
      const m = performance.now() - tm;
      references = found?.length ?? 0;
      editedFiles = Object.keys(moved?.changes ?? {}).length;
      if (references < linkers) throw new Error(`references found ${references} places, fewer than the ${linkers} linking pages`);
      if (editedFiles < linkers) throw new Error(`the move edit changes ${editedFiles} files, fewer than the ${linkers} linking pages`);
      if (i > 5) {
        refs.push(r);
        moves.push(m);
      }
    }
    return {
      linkers,
      references,
      editedFiles,
      references50: percentile(refs, 50),
      references95: percentile(refs, 95),
      move50: percentile(moves, 50),
      move95: percentile(moves, 95),
      iterations,
    };
  } finally {
    await stop();
  }
}
