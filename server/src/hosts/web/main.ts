// The language server of the web extension (vscode.dev, github.dev): the same server as Node's
// (hosts/lsp/serve.ts: the check session and every editor feature) in a web worker, over
// postMessage, with the web worker's host: the workspace is read through the client
// (client-workspace.ts); no page code runs, and the first check runs on this thread with no cache.
import { BrowserMessageReader, BrowserMessageWriter, createConnection } from 'vscode-languageserver/browser';
import { URI } from 'vscode-uri';
import { createDocwright } from '../../docwright';
import { ruleDocsPage } from '../../util/rule-docs';
import { pathToUri, uriToPath, useUriSpaceOf } from '../lsp/convert';
import { serve, type LanguageHost } from '../lsp/serve';
import { ClientWorkspace } from './client-workspace';

// The worker's global scope (the server's tsconfig has no webworker lib).
declare const self: ConstructorParameters<typeof BrowserMessageReader>[0];

const WEB_HOST: LanguageHost = {
  begin: (params) => {
    const first = params.workspaceFolders?.[0]?.uri ?? params.rootUri;
    if (first) useUriSpaceOf(first);
  },
  docwright: (connection, folders, hooks) =>
    createDocwright({ workspace: new ClientWorkspace(connection, pathToUri, uriToPath, hooks.openText), folders, beforeIndex: hooks.beforeIndex }),
  // The rule's page as the Node server names it: the client points it at the extension's own page.
  docsHref: (ruleId) => URI.file(`/docs/${ruleDocsPage(ruleId)}`).toString(),
};

serve(createConnection(new BrowserMessageReader(self), new BrowserMessageWriter(self)), WEB_HOST);
