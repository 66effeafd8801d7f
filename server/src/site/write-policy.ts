// Where Docwright may write inside a site: its pages, snippets, components and the files pages show.
// Never a dot folder or file (.git, .github, .vscode, .cursor, .husky…: what tools read as
// configuration or run) nor node_modules; and a move keeps a file's kind, so no page becomes a hook,
// a workflow, a script or a build configuration. The one policy of mv, the MCP server's move and fix,
// check --fix and format (docs/design/security.md).
import { CONFIG_NAMES } from './site';
import { isMarkdownFile } from '../util/page-files';
import { own } from '../util/json';

type Kind = 'page' | 'component' | 'media' | 'data';

const KINDS: Record<string, Kind> = {
  jsx: 'component',
  tsx: 'component',
  json: 'data',
  yaml: 'data',
  yml: 'data',
  csv: 'data',
  tsv: 'data',
  txt: 'data',
};
for (const ext of 'png jpg jpeg gif webp avif ico bmp svg tif tiff apng woff woff2 ttf otf eot mp4 webm mov m4v ogv mp3 wav ogg oga opus m4a aac flac vtt pdf'.split(
  ' ',
)) {
  KINDS[ext] = 'media';
}

/** Names that a host, a package manager, a CI service or a coding agent reads as instructions (lower case). */
const TOOL_FILES = new Set([
  ...CONFIG_NAMES,
  'package.json',
  'package-lock.json',
  'npm-shrinkwrap.json',
  'pnpm-workspace.yaml',
  'composer.json',
  'deno.json',
  'deno.jsonc',
  'vercel.json',
  'now.json',
  'firebase.json',
  'app.json',
  'app.yaml',
  'app.yml',
  'azure-pipelines.yml',
  'azure-pipelines.yaml',
  'bitbucket-pipelines.yml',
  'cloudbuild.yaml',
  'cloudbuild.yml',
  'buildspec.yml',
  'appveyor.yml',
  'codemagic.yaml',
  'docker-compose.yml',
  'docker-compose.yaml',
  'compose.yml',
  'compose.yaml',
  'taskfile.yml',
  'taskfile.yaml',
  'serverless.yml',
  'turbo.json',
  'nx.json',
  'project.json',
  'lerna.json',
  'renovate.json',
  'tsconfig.json',
  'jsconfig.json',
  // Read by coding agents as instructions.
  'agents.md',
  'agent.md',
  'claude.md',
  'gemini.md',
]);

const extOf = (rel: string) => /\.([^./]+)$/.exec(rel)?.[1].toLowerCase() ?? '';

function kindOf(rel: string): Kind | undefined {
  return isMarkdownFile(rel) ? 'page' : own(KINDS, extOf(rel));
}

/** Why Docwright may not write the site file `rel` (site-relative, posix), or undefined when it may. */
export function writeRefusal(rel: string): string | undefined {
  const segments = rel.split('/');
  const dot = segments.find((s) => s.startsWith('.') && s !== '.' && s !== '..');
  if (dot !== undefined)
    return `"${rel}" is in or is a dot folder or file (${dot}), where tools keep configuration and code they run; Docwright writes only pages, snippets and the files pages show`;
  if (segments.includes('node_modules')) return `"${rel}" is inside node_modules; Docwright writes only pages, snippets and the files pages show`;
  return undefined;
}

/**
 * Why the site path `from` may not move to `to` (both site-relative, posix), or undefined when it
 * may: both writable, and a file moves as a page, snippet, component, media or data file of the same
 * kind (a page stays Markdown, any other file keeps its extension), never onto a tool's file name.
 */
export function moveRefusal(from: string, to: string, isFolder: boolean): string | undefined {
  const refused = writeRefusal(from) ?? writeRefusal(to);
  if (refused !== undefined || isFolder) return refused;
  const kind = kindOf(from);
  if (kind === undefined) return `"${from}" is not a page, snippet, component or media file of the site; only those are moved`;
  if (kindOf(to) !== kind || (kind !== 'page' && extOf(to) !== extOf(from))) {
    return `"${to}" is not a ${kind === 'page' ? 'page file (.md or .mdx)' : `.${extOf(from)} file`}: a move keeps what a file is`;
  }
  const name = to.slice(to.lastIndexOf('/') + 1).toLowerCase();
  if (TOOL_FILES.has(name)) return `"${to}" is a name tools read as configuration; choose another name`;
  return undefined;
}
