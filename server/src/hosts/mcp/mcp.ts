// `docwright mcp [dir] [--allow-writes]`: a Model Context Protocol server over stdio, so that a
// coding agent in any editor can check its own edits against the site's rules, fix them, read pages
// as agents will, search, list the navigation and move pages with their links. The protocol glue
// only: the answers come from mcp-site.ts. The SDK is loaded when this command runs, not before.
import * as path from 'node:path';
import { promises as fs } from 'node:fs';
import { z } from 'zod';
import { parseCommandArgs, UsageError } from '../cli/args';
import { McpSite, ToolError } from './mcp-site';
import { consoleToStderr } from '../cli/output';
import { UnsafeWriteError } from '../../node/safe-write';
import type { ZodRawShapeCompat } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';

export interface McpArgs {
  dir: string;
  allowWrites: boolean;
}

export function parseMcpArgs(args: string[]): McpArgs {
  const a = parseCommandArgs('mcp', args);
  return { dir: a.positionals[0] ?? '.', allowWrites: a.flag('allow-writes') };
}

declare const DOCWRIGHT_VERSION: string | undefined;

type ToolResult = { content: { type: 'text'; text: string }[]; isError?: boolean };

/** A tool's answer as JSON text; a refusal (or a failure) as a tool error the agent reads. */
async function answer(run: () => Promise<unknown>): Promise<ToolResult> {
  try {
    const value = await run();
    return { content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value, null, 2) }] };
  } catch (e) {
    if (e instanceof ToolError || e instanceof UnsafeWriteError) return { content: [{ type: 'text', text: e.message }], isError: true };
    return { content: [{ type: 'text', text: `Internal error: ${e instanceof Error ? e.message : String(e)}` }], isError: true };
  }
}

/** An MCP tool: what the agent reads about it, its arguments and the answer from the site. */
interface McpTool<A> {
  name: string;
  title: string;
  description: string;
  annotations: ToolAnnotations;
  /** The arguments' zod shape, built when the server starts, not on every CLI start that loads this module. */
  input?: () => Record<string, unknown>;
  run: (site: McpSite, a: A) => Promise<unknown>;
}

/** A tool of the table; the SDK checks the arguments against `input` before `run` sees them. */
function tool<A = Record<string, never>>(spec: McpTool<A>): McpTool<unknown> {
  return { ...spec, run: (site, a) => spec.run(site, a as A) };
}

const pageArg = () => z.string().describe('A page of the site: its file relative to the site folder (guides/setup.mdx) or its id (guides/setup).');
const READ_ONLY: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };
const WRITES: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, openWorldHint: false };

/** The tools, in the order the server lists them. */
const MCP_TOOLS: McpTool<unknown>[] = [
  tool<{ page?: string }>({
    name: 'check',
    title: 'Check a page or the site',
    description:
      "Runs Docwright's rules on one page, or on the whole site (docs.json, files and every page) when no page is given. Each finding has its rule, severity, range (1-based), message and quick fixes as text edits.",
    annotations: READ_ONLY,
    input: () => ({ page: pageArg().optional() }),
    run: (site, a) => site.check(a.page),
  }),
  tool<{ page: string }>({
    name: 'fix',
    title: 'Fix a page',
    description:
      "Applies every automatic fix of a page (the editor's Fix all: each finding's preferred fix that edits only this page), writes the page and checks it again. Needs the server started with --allow-writes.",
    annotations: { ...WRITES, idempotentHint: true },
    input: () => ({ page: pageArg() }),
    run: (site, a) => site.fix(a.page),
  }),
  tool({
    name: 'list_rules',
    title: 'List the rules',
    description: 'Every rule Docwright checks: id, severity, whether it has quick fixes, what it checks and why.',
    annotations: READ_ONLY,
    run: async (site) => site.rules(),
  }),
  tool({
    name: 'list_components',
    title: 'List the components',
    description: 'The component catalogue of the format (Note, Steps, Tabs, CodeGroup…): what each is for, its attributes and an example.',
    annotations: READ_ONLY,
    run: async (site) => site.components(),
  }),
  tool<{ page: string }>({
    name: 'page_markdown',
    title: 'Read a page as agents do',
    description:
      "The page's Markdown copy as `docwright export` writes it (<page>.md, what llms.txt links to): components in their text form, snippets inlined, links relative to the copy.",
    annotations: READ_ONLY,
    input: () => ({ page: pageArg() }),
    run: async (site, a) => {
      const r = await site.markdown(a.page);
      return `<!-- ${r.file} as ${r.copy} -->\n${r.markdown}`;
    },
  }),
  tool<{ query: string; limit?: number }>({
    name: 'search',
    title: 'Search the site',
    description:
      "Searches the pages as the exported site's search box does (titles, headings, descriptions and text; prefix and fuzzy matching). Returns the page files, best first.",
    annotations: READ_ONLY,
    input: () => ({
      query: z.string().min(1).describe('Words to look for.'),
      limit: z.number().int().min(1).max(50).optional().describe('At most this many results (default 10).'),
    }),
    run: (site, a) => site.searchSite(a.query, a.limit ?? 10),
  }),
  tool({
    name: 'navigation',
    title: 'List the navigation',
    description: "The site's navigation from docs.json: groups (with their tab, language or version), pages with their files, and links, in order.",
    annotations: READ_ONLY,
    run: (site) => site.navigation(),
  }),
  tool<{ from: string; to: string; redirect?: boolean; dryRun?: boolean }>({
    name: 'move',
    title: 'Move a page with its links',
    description:
      'Moves or renames a page, snippet, file or folder of the site and rewrites what names it: links, images, imports, navigation entries, redirects, llms.txt (docwright mv). Both paths must be inside the site; the target must not exist. Without --allow-writes only a dry run is allowed.',
    annotations: { ...WRITES, idempotentHint: false },
    input: () => ({
      from: z.string().describe('The file or folder to move, relative to the site folder.'),
      to: z.string().describe('Where it goes, relative to the site folder (must not exist).'),
      redirect: z.boolean().optional().describe("Also add a redirect from each moved page's old URL to its new one."),
      dryRun: z.boolean().optional().describe('List the edits without changing anything.'),
    }),
    run: (site, a) => site.move(a.from, a.to, { redirect: a.redirect === true, dryRun: a.dryRun === true }),
  }),
];

/** Registers a tool of the table on the server, answering from `site`. */
function registerTool(server: McpServer, site: McpSite, { name, title, description, annotations, input, run }: McpTool<unknown>): void {
  // The SDK's generic types are not inferred here (inferring them for every tool's shape made the type checker run out of memory).
  const handler = (a: unknown) => answer(() => run(site, a));
  server.registerTool(name, { title, description, annotations, inputSchema: input?.() as ZodRawShapeCompat | undefined }, handler as never);
}

/** What the server tells the agent when it connects. */
function instructions(dir: string, allowWrites: boolean): string {
  return `Docwright serves the documentation site in ${dir} (docs.json, Markdown/MDX pages). Check a page after editing it, and fix what the check finds. Paths are relative to the site folder. ${allowWrites ? 'Writes are allowed inside the site.' : 'Read-only: fix and move (except dry runs) are refused.'}`;
}

/** Connects the server to stdin/stdout, calls `ready`, and resolves when the client closes the transport or stdin. */
async function serveStdio(server: McpServer, ready: () => void): Promise<void> {
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.connect(transport);
  ready();
  await closed;
  await server.close().catch(() => undefined);
}

/** Runs until the client closes stdin. Messages go to stderr: stdout carries the protocol. */
export async function runMcp(args: McpArgs, err: (s: string) => void, cwd = process.cwd()): Promise<number> {
  const dir = path.resolve(cwd, args.dir);
  if (!(await fs.stat(dir).catch(() => undefined))?.isDirectory()) throw new UsageError(`"${args.dir}" is not a folder.`, 'mcp');
  // stdout carries the protocol alone: anything the core logs goes to stderr.
  consoleToStderr();
  const site = new McpSite(dir, args.allowWrites);
  await site.open(args.dir);
  const { McpServer } = await import('@modelcontextprotocol/sdk/server/mcp.js');
  const server = new McpServer(
    { name: 'docwright', version: typeof DOCWRIGHT_VERSION === 'string' ? DOCWRIGHT_VERSION : 'dev' },
    { instructions: instructions(dir, args.allowWrites) },
  );
  for (const spec of MCP_TOOLS) registerTool(server, site, spec);
  await serveStdio(server, () => err(`docwright mcp: serving ${dir} over stdio (${args.allowWrites ? 'writes allowed inside the site' : 'read-only'}).`));
  return 0;
}
