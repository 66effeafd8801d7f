// The one bundle of the server side, dist/server.js: the language server when Node runs it (as VS
// Code does), the CLI's main() for bin/docwright.js, and the export's worker threads (which load
// this same file). The core is dist/core.js, which the web worker's host loads too.
// First: Node's vm in the core before any module below runs it.
import './hosts/node-vm';
import { isMainThread } from 'node:worker_threads';
import { startLanguageServer } from './hosts/lsp/main';

export { main } from './hosts/cli/main';
/** The format runner as the CLI ships it (its workers load this bundle): the bench times it in-process. */
export { runFormat } from './hosts/cli/format';

if (isMainThread && require.main === module) startLanguageServer();
