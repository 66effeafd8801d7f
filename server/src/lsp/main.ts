import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { useRegexTable } from '../render/highlight';
import { enableMermaidCheck } from '../node/mermaid-file';
import { readRegexTable } from '../node/regex-table-file';
import { startServer } from './server';

/** Starts the language server on the connection the process was started with (--stdio, --node-ipc). */
export function startLanguageServer(): void {
  useRegexTable(() => readRegexTable());
  enableMermaidCheck();
  startServer(createConnection(ProposedFeatures.all));
}
