// The language server's start: on the connection the process was started with, or on stdio.
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './server';

/**
 * Starts the language server on the connection the process was started with (--stdio,
 * --node-ipc), or on stdin/stdout when `stdio` is set (`docwright lsp`, whatever the arguments).
 */
export function startLanguageServer(options: { stdio?: boolean } = {}): void {
  startServer(options.stdio ? createConnection(ProposedFeatures.all, process.stdin, process.stdout) : createConnection(ProposedFeatures.all));
}
