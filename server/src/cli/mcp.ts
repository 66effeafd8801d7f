// `docwright mcp [dir] [--allow-writes]`: a Model Context Protocol server over stdio, so that a
// coding agent in any editor can check its own edits against the site's rules, fix them, read pages
// as agents will, search, list the navigation and move pages with their links. The protocol glue
// only: the answers come from mcp-site.ts. The SDK is loaded when this command runs, not before.
import * as path from 'node:path';
import { promises as fs } from 'node:fs';
import { z } from 'zod';
import { parseCommandArgs, UsageError } from './args';
import { McpSite, ToolError } from './mcp-site';
import { consoleToStderr } from './output';
import { UnsafeWriteError } from '../node/safe-write';
import type { ZodRawShapeCompat } from '@modelcontextprotocol/sdk/server/zod-compat.js';
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

/** Runs until the client closes stdin. Messages go to stderr: stdout carries the protocol. */
export async function runMcp(args: McpArgs, err: (s: string) => void, cwd = process.cwd()): Promise<number> {
  const dir = path.resolve(cwd, args.dir);
  if (!(await fs.stat(dir).catch(() => undefined))?.isDirectory()) throw new UsageError(`"${args.dir}" is not a folder.`, 'mcp');
  // stdout carries the protocol alone: anything the core logs goes to stderr.
  consoleToStderr();
  const site = new McpSite(dir, args.allowWrites);
  await site.open(args.dir);
  const { McpServer } = await import('@modelcontextprotocol/sdk/server/mcp.js');
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  const server = new McpServer(
    { name: 'docwright', version: typeof DOCWRIGHT_VERSION === 'string' ? DOCWRIGHT_VERSION : 'dev' },
    {
      instructions: `Docwright serves the documentation site in ${dir} (docs.json, Markdown/MDX pages). Check a page after editing it, and fix what the check finds. Paths are relative to the site folder. ${args.allowWrites ? 'Writes are allowed inside the site.' : 'Read-only: fix and move (except dry runs) are refused.'}`,
    },
  );
  const page = z.string().describe('A page of the site: its file relative to the site folder (guides/setup.mdx) or its id (guides/setup).');
  const readOnly: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };
  // The SDK checks the arguments against the zod shape before `run` sees them; its generic types are
  // not inferred here (inferring them for every tool's shape made the type checker run out of memory).
  const tool = <A>(
    name: string,
    config: { title: string; description: string; annotations: ToolAnnotations },
    shape: Record<string, unknown> | undefined,
    run: (a: A) => Promise<unknown>,
  ) => {
    const handler = (a: unknown) => answer(() => run(a as A));
    server.registerTool(name, { ...config, inputSchema: shape as ZodRawShapeCompat | undefined }, handler as never);
  };
  const writes: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, openWorldHint: false };

  tool<{ page?: string }>(
    'check',
    {
      title: 'Check a page or the site',
      description:
        "Runs Docwright's rules on one page, or on the whole site (docs.json, files and every page) when no page is given. Each finding has its rule, severity, range (1-based), message and quick fixes as text edits.",
      annotations: readOnly,
    },
    { page: page.optional() },
    (a) => site.check(a.page),
  );
  tool<{ page: string }>(
    'fix',
    {
      title: 'Fix a page',
      description:
        "Applies every automatic fix of a page (the editor's Fix all: each finding's preferred fix that edits only this page), writes the page and checks it again. Needs the server started with --allow-writes.",
      annotations: { ...writes, idempotentHint: true },
    },
    { page },
    (a) => site.fix(a.page),
  );
  tool(
    'list_rules',
    {
      title: 'List the rules',
      description: 'Every rule Docwright checks: id, severity, whether it has quick fixes, what it checks and why.',
      annotations: readOnly,
    },
    undefined,
    async () => site.rules(),
  );
  tool(
    'list_components',
    {
      title: 'List the components',
      description: 'The component catalogue of the format (Note, Steps, Tabs, CodeGroup…): what each is for, its attributes and an example.',
      annotations: readOnly,
    },
    undefined,
    async () => site.components(),
  );
  tool<{ page: string }>(
    'page_markdown',
    {
      title: 'Read a page as agents do',
      description:
        "The page's Markdown copy as `docwright export` writes it (<page>.md, what llms.txt links to): components in their text form, snippets inlined, links relative to the copy.",
      annotations: readOnly,
    },
    { page },
    async (a) => {
      const r = await site.markdown(a.page);
      return `<!-- ${r.file} as ${r.copy} -->\n${r.markdown}`;
    },
  );
  tool<{ query: string; limit?: number }>(
    'search',
    {
      title: 'Search the site',
      description:
        "Searches the pages as the exported site's search box does (titles, headings, descriptions and text; prefix and fuzzy matching). Returns the page files, best first.",
      annotations: readOnly,
    },
    {
      query: z.string().min(1).describe('Words to look for.'),
      limit: z.number().int().min(1).max(50).optional().describe('At most this many results (default 10).'),
    },
    (a) => site.searchSite(a.query, a.limit ?? 10),
  );
  tool(
    'navigation',
    {
      title: 'List the navigation',
      description: "The site's navigation from docs.json: groups (with their tab, language or version), pages with their files, and links, in order.",
      annotations: readOnly,
    },
    undefined,
    () => site.navigation(),
  );
  tool<{ from: string; to: string; redirect?: boolean; dryRun?: boolean }>(
    'move',
    {
      title: 'Move a page with its links',
      description:
        'Moves or renames a page, snippet, file or folder of the site and rewrites what names it: links, images, imports, navigation entries, redirects, llms.txt (docwright mv). Both paths must be inside the site; the target must not exist. Without --allow-writes only a dry run is allowed.',
      annotations: { ...writes, idempotentHint: false },
    },
    {
      from: z.string().describe('The file or folder to move, relative to the site folder.'),
      to: z.string().describe('Where it goes, relative to the site folder (must not exist).'),
      redirect: z.boolean().optional().describe("Also add a redirect from each moved page's old URL to its new one."),
      dryRun: z.boolean().optional().describe('List the edits without changing anything.'),
    },
    (a) => site.move(a.from, a.to, { redirect: a.redirect === true, dryRun: a.dryRun === true }),
  );

  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.connect(transport);
  err(`docwright mcp: serving ${dir} over stdio (${args.allowWrites ? 'writes allowed inside the site' : 'read-only'}).`);
  await closed;
  await server.close().catch(() => undefined);
  return 0;
}
