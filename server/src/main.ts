// The one bundle of the server side, dist/server.js: the language server when Node runs it (as VS
// Code does), the CLI's main() for bin/docwright.js, and the export's worker threads (which load
// this same file). One bundle, not two copies of the same core in the VSIX.
import { isMainThread } from 'node:worker_threads';
import { startLanguageServer } from './hosts/lsp/main';

export { main } from './hosts/cli/main';
/** The format runner as the CLI ships it (its workers load this bundle): the bench times it in-process. */
export { runFormat } from './hosts/cli/format';

if (isMainThread && require.main === module) startLanguageServer();
