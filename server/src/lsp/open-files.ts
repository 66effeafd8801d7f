// The open document under a request, with what the editor features need: the parsed docs.json (current
// with the editor's text) and its site, or the parsed page.
import type { TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { parseConfig, type ConfigDocument } from '../config/parse';
import type { PageDocument } from '../pages/parse';
import type { Project } from '../project';
import { CONFIG_NAMES, type Site } from '../site/site';
import { basename } from '../util/paths';
import type { Navigation } from './navigation';
import { uriToPath } from './convert';
import { isMarkdownFile } from '../util/page-files';

/** What each request handler of the editor features is given by the server. */
export interface EditorHost {
  project: () => Promise<Project>;
  documents: TextDocuments<TextDocument>;
  navigation: Navigation;
  log: (message: string) => void;
}

export const describeError = (e: unknown): string => (e instanceof Error ? (e.stack ?? e.message) : String(e));

export function isConfigPath(p: string): boolean {
  return (CONFIG_NAMES as readonly string[]).includes(basename(p));
}

/** The site and parsed config of an open docs.json, current with the editor's text. */
export async function configFor(host: EditorHost, uri: string): Promise<{ site: Site | undefined; config: ConfigDocument } | undefined> {
  const project = await host.project();
  const p = uriToPath(uri);
  const doc = host.documents.get(uri);
  if (!doc || !isConfigPath(p)) return undefined;
  const root = project.rootFor(p);
  const site = root ? await project.site(root) : undefined;
  if (site && site.config.path === p && site.config.text === doc.getText()) return { site, config: site.config };
  return { site, config: await parseConfig(p, doc.getText(), uri, doc.version) };
}

/** The parsed page of an open Markdown/MDX document. */
export async function pageFor(host: EditorHost, uri: string): Promise<{ doc: TextDocument; page: PageDocument } | undefined> {
  const project = await host.project();
  const doc = host.documents.get(uri);
  if (!doc || !isMarkdownFile(uri)) return undefined;
  return { doc, page: await project.page(uriToPath(uri)) };
}
