// The Node language server: serve.ts with the Node host's services (the disk, page code in its
// sandbox, the first check on worker threads with its cache) and its requests that write to disk.
import * as path from 'node:path';
import type { Connection } from 'vscode-languageserver/node';
import { nodeFirstChecker, storageFolder } from '../../node/first-check';
import { hostDocwright } from '../../node/host';
import { toPosix } from '../../util/paths';
import { ruleDocsPage } from '../../util/rule-docs';
import { pathToUri } from './convert';
import { registerExport } from './export';
import { registerMigrate } from './migrate';
import { type LanguageHost, serve } from './serve';

const DOCS_DIR = path.join(__dirname, '..', 'docs');

const NODE_HOST: LanguageHost = {
  docwright: (_connection, folders, hooks) => hostDocwright(folders, hooks),
  firstChecker: (docwright, o) => {
    const storage = storageFolder(o.initializationOptions);
    return nodeFirstChecker(docwright, { rules: o.rules, storage: () => storage, log: o.log });
  },
  docsHref: (ruleId) => pathToUri(toPosix(path.join(DOCS_DIR, ruleDocsPage(ruleId)))),
  // DOCWRIGHT_CHECK_TIMINGS=1: what the checks do and when, on stderr.
  trace: process.env.DOCWRIGHT_CHECK_TIMINGS
    ? (what) => process.stderr.write(`[${what} ${Math.round(process.uptime() * 1000)} ms after the server]\n`)
    : undefined,
  register: (connection, docwright, log) => {
    registerMigrate(connection, docwright);
    registerExport(connection, docwright, log);
  },
};

export function startServer(connection: Connection): void {
  serve(connection, NODE_HOST);
}
