// The language server's start: hands the core the build's regex table and the Mermaid check, then serves.
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { useRegexTable } from '../render/highlight';
import { readRegexTable } from '../node/regex-table-file';
import { startServer } from './server';

/**
 * Starts the language server on the connection the process was started with (--stdio,
 * --node-ipc), or on stdin/stdout when `stdio` is set (`docwright lsp`, whatever the arguments).
 */
export function startLanguageServer(options: { stdio?: boolean } = {}): void {
  useRegexTable(() => readRegexTable());
  startServer(options.stdio ? createConnection(ProposedFeatures.all, process.stdin, process.stdout) : createConnection(ProposedFeatures.all));
}
