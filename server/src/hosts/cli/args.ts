// The CLI's commands in one table: each command's arguments, options, help text and exit codes.
// Arguments are parsed by node:util's parseArgs (strict); the help texts are derived from the table.
import { parseArgs } from 'node:util';
import { RULES_TARGETS } from '../../docwright';

/** Bad usage of a command (exit 2): the message, then the command's synopsis (or the general usage). */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly command?: CommandName,
  ) {
    super(message);
  }
}

interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** The value as the help writes it: `dir` shows as `<dir>`, a list of choices (`a|b`) as it is. */
  value?: string;
  /** What a string option without a value lacks ("--name needs a site name."); default "a value". */
  needs?: string;
  help: string;
}

interface CommandSpec {
  /** The positional arguments as the synopsis writes them. */
  args: string;
  /** How many positional arguments: at least, at most. */
  count: [number, number];
  /** The paragraph under the synopsis. */
  about: string;
  options: Record<string, OptionSpec>;
  exit: string;
}

const FOLDER_NOTE = 'dir is a site folder or any folder above one (default: .).';

export const COMMANDS = {
  check: {
    args: '[dir | paths or globs…]',
    count: [0, Infinity],
    about: `Check docs.json and the pages of every site in dir (default: .).
Files or globs (relative to the working folder) instead of dir: report
only their findings and those of the files whose findings they change.
Hints (prose suggestions) are counted but listed only with --hints;
--format json and sarif always list everything.`,
    options: {
      format: {
        type: 'string',
        value: 'stylish|json|github|sarif',
        needs: 'one of stylish, json, github, sarif',
        help: 'stylish (default): file:line:col  severity  message  rule-id; json: every finding; github: workflow annotations; sarif: SARIF 2.1.0',
      },
      output: { type: 'string', short: 'o', value: 'file', needs: 'a file', help: 'write the findings to file (the summary still prints)' },
      hints: { type: 'boolean', help: 'list the hints too' },
      'changed-since': {
        type: 'string',
        value: 'ref',
        needs: 'a git ref',
        help: 'report only the files changed since the git ref (and those whose findings they change); implies --base',
      },
      base: { type: 'string', value: 'ref', needs: 'a git ref', help: 'also report pages removed since ref with no redirect, and outdated translations' },
      fix: { type: 'boolean', help: 'apply the safe fixes (files with a syntax error are left alone), then report what remains' },
      'fix-dry-run': { type: 'boolean', help: 'print the safe fixes as a unified diff; change nothing' },
      external: {
        type: 'boolean',
        help: 'also request the http(s) links and images of pages and docs.json (results kept a day, failures an hour, in links.json beside the cache)',
      },
      jobs: { type: 'string', value: 'n', help: 'threads (default: one per core, 1 to 4, for sites of 128 pages or more)' },
      cache: { type: 'boolean', help: "keep each page's findings and check again only what changed" },
      'cache-location': {
        type: 'string',
        value: 'dir',
        needs: 'a folder',
        help: 'the cache folder (implies --cache; default: node_modules/.cache/docwright in dir)',
      },
      baseline: {
        type: 'string',
        value: 'file',
        needs: 'a file',
        help: "fail only on findings not in this baseline (default: the site's .docwright-baseline.json, when it exists)",
      },
      'baseline-write': { type: 'boolean', help: "record the findings as the site's baseline (in --baseline's file or .docwright-baseline.json)" },
      'no-baseline': { type: 'boolean', help: "report every finding: ignore the site's .docwright-baseline.json" },
    },
    exit: "0 no errors in what is reported (a baseline's findings do not count), 1 errors found, 2 bad usage, no site found, a git ref that git cannot read, a baseline that cannot be read or written, or a rule that failed (named with its file on stderr).",
  },
  init: {
    args: '[dir]',
    count: [0, 1],
    about: `Start a site in dir (default: .; created if missing): a docs.json
and an introduction page that pass every check. Never overwrites
a file, and refuses a folder that already holds a site.`,
    options: {
      name: { type: 'string', value: 'name', needs: 'a site name', help: "the site's name (default: from the folder's name)" },
    },
    exit: '0 created, 2 bad usage or a folder that is not empty of site files.',
  },
  migrate: {
    args: '[dir]',
    count: [0, 1],
    about: `Convert the classic docs.json (or mint.json) of every site in dir to
the current format: prints a unified diff, and notes on what could
not carry over on stderr. Writes docs.json only with --write.`,
    options: {
      write: { type: 'boolean', short: 'w', help: 'write docs.json (a mint.json is left in place)' },
    },
    exit: '0 done (or nothing to do), 1 a config could not be converted, 2 bad usage, no site or a docs.json that is a symbolic link.',
  },
  export: {
    args: '[dir]',
    count: [0, 1],
    about: `Write the site as static HTML (one page per page, relative links that
work from disk, offline search, 404.html, robots.txt), a Markdown copy
of each page, llms.txt and llms-full.txt. Default output: dist/ in the
site folder. The output is built beside it and swapped in at the end:
a failed export leaves the previous one.`,
    options: {
      out: { type: 'string', short: 'o', value: 'dir', help: 'the output folder (default: dist/ in the site folder)' },
      strict: { type: 'boolean', help: 'fail (exit 1, nothing replaced) when a page has errors' },
      'base-url': { type: 'string', value: 'url', help: "the site's address: adds sitemap.xml and canonical links" },
      jobs: { type: 'string', value: 'n', help: 'threads (default: one per core, 1 to 4; one for small sites)' },
    },
    exit: '0 exported, 1 --strict and errors in pages or an unreadable docs.json (nothing replaced), 2 refused or bad usage, 130 interrupted.',
  },
  format: {
    args: '[paths…]',
    count: [0, Number.POSITIVE_INFINITY],
    about: `Format the pages and snippets (.md, .mdx) in each path, a file or a
folder (default: .), in the canonical style of docs/format.md, with the
options of the site's .docwright.json "format". A file is changed only
when the result parses to the same tree and raises no new finding;
otherwise it is left as written and the reason is printed.`,
    options: {
      check: { type: 'boolean', help: 'write nothing; list the files that are not formatted (exit 1 if any)' },
      diff: { type: 'boolean', help: 'write nothing; print the changes as a unified diff (exit 1 if any)' },
      jobs: { type: 'string', value: 'n', help: 'threads (default: one per core, 1 to 4, for 128 files or more)' },
    },
    exit: '0 formatted (or nothing to do), 1 --check or --diff and files not formatted, 2 bad usage, a path that does not exist or a symbolic link on the way.',
  },
  mv: {
    args: '<from> <to>',
    count: [2, 2],
    about: `Move or rename a page, snippet, file or folder of a site and rewrite
what names it: links, images, imports, navigation entries, redirect
destinations, llms.txt. Both paths must be in the same site; <to> must
not exist. Never replaces an existing file.`,
    options: {
      redirect: { type: 'boolean', help: "also add a redirect from each moved page's old URL to its new one" },
      'dry-run': { type: 'boolean', help: 'print what would change, change nothing' },
    },
    exit: '0 moved (or would move), 2 refused (bad usage, missing source, existing target, outside the site, a symbolic link on the way).',
  },
  score: {
    args: '[dir]',
    count: [0, 1],
    about: `Grade what agents receive from the site, offline, on the Agent-Friendly
Documentation checks (AFDocs) that mint score uses: llms.txt, llms-full.txt,
Markdown copies and their links, skill.md, robots.txt, sitemap.xml,
OpenAPI, page size and headings. dir is an export folder, or a site folder
(exported first to a temporary folder). Each criterion: pass or fail, the
files at fault and how to fix it.`,
    options: {
      format: { type: 'string', value: 'table|json', needs: '"table" or "json"', help: 'table (default) or json' },
      'base-url': { type: 'string', value: 'url', help: "the site's address, for a site folder's export (sitemap.xml needs it)" },
    },
    exit: '0 every criterion passes (or only warns), 1 a criterion fails, 2 bad usage or a site that could not be exported.',
  },
  mcp: {
    args: '[dir]',
    count: [0, 1],
    about: `Serve the site to AI agents over the Model Context Protocol (stdio): check a
page or the site, fix findings, list the rules and components, read a page
as its Markdown copy, search, list the navigation, move a page with its
links. Read-only unless --allow-writes; never writes outside the site.`,
    options: {
      'allow-writes': { type: 'boolean', help: 'let the fix and move tools change files in the site' },
    },
    exit: '0 the client closed the connection, 2 bad usage or no site found.',
  },
  rules: {
    args: '[dir]',
    count: [0, 1],
    about: `Write the editor rules file for the site: the writing rules, with its
name, navigation groups, components and the rules Docwright enforces.
Default: .cursor/rules.md. Never overwrites a file without --force.`,
    options: {
      target: {
        type: 'string',
        value: RULES_TARGETS.map((t) => t.id).join('|'),
        needs: `one of ${RULES_TARGETS.map((t) => t.id).join(', ')}`,
        help: 'which editor the file is for (default: cursor)',
      },
      force: { type: 'boolean', short: 'f', help: 'replace the file if it exists' },
    },
    exit: '0 written, 1 the file exists (use --force), 2 bad usage, no site or a symbolic link on the way (never written through).',
  },
  dev: {
    args: '[dir]',
    count: [0, 1],
    about: `Serve the site in a browser as the preview renders it (navigation,
search, API pages and playground, diagrams and math), kept current as
files change: open pages reload in place, keeping their scroll
position. A page's problems show over it and in the terminal. Needs
no network; listens on this machine only unless --host says otherwise.`,
    options: {
      port: { type: 'string', short: 'p', value: 'n', needs: 'a port number', help: 'the port (default: 3000; 0 picks a free one)' },
      host: { type: 'string', value: 'address', needs: 'an address', help: 'the address to listen on (default: 127.0.0.1)' },
      open: { type: 'boolean', help: 'open the site in the default browser' },
    },
    exit: '0 stopped (Ctrl+C), 2 bad usage, no site found, or the port in use.',
  },
  lsp: {
    args: '',
    count: [0, 0],
    about: `Run the language server (checks, completion, hover, fixes, rename,
moves) for any editor that speaks LSP, over standard input and
output. See docs/editors.md for Neovim, Zed, Helix, JetBrains, Sublime.`,
    options: {
      stdio: { type: 'boolean', help: 'talk LSP over stdin/stdout (the default and only transport)' },
    },
    exit: '0 the editor stopped the server (shutdown, then exit), 1 it exited without shutdown or its input closed.',
  },
} satisfies Record<string, CommandSpec>;

export type CommandName = keyof typeof COMMANDS;

export function isCommand(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}

const HELP: OptionSpec = { type: 'boolean', short: 'h', help: 'show this help' };

function optionsOf(command: CommandName): Record<string, OptionSpec> {
  return { ...(COMMANDS[command].options as Record<string, OptionSpec>), help: HELP };
}

function shown(o: OptionSpec): string {
  if (o.value === undefined) return '';
  return o.value.includes('|') ? ` ${o.value}` : ` <${o.value}>`;
}

/** `check [dir] [--format stylish|json] [--hints]` */
export function synopsis(command: CommandName): string {
  const spec = COMMANDS[command] as CommandSpec;
  return [command, ...(spec.args ? [spec.args] : []), ...Object.entries(spec.options).map(([name, o]) => `[--${name}${shown(o)}]`)].join(' ');
}

/** `docwright <command> --help`. */
export function commandHelp(command: CommandName): string {
  const spec = COMMANDS[command] as CommandSpec;
  const rows = Object.entries(optionsOf(command)).map(([name, o]) => [`${o.short ? `-${o.short}, ` : '    '}--${name}${shown(o)}`, o.help]);
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  const about = spec.args.startsWith('[dir') ? `${spec.about}\n${FOLDER_NOTE}` : spec.about;
  return `Usage: docwright ${synopsis(command)}

${about}

Options:
${rows.map(([left, help]) => `  ${left.padEnd(width)}${help}`).join('\n')}

${wrap(`Exit code: ${spec.exit}`)}`;
}

/** Words to lines of at most 96 characters. */
function wrap(text: string): string {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    if (lines.length && lines[lines.length - 1].length + 1 + word.length <= 96) lines[lines.length - 1] += ` ${word}`;
    else lines.push(word);
  }
  return lines.join('\n');
}

/** `docwright --help`. */
export function generalUsage(): string {
  const commands = (Object.keys(COMMANDS) as CommandName[]).map((c) => `  ${synopsis(c)}\n${COMMANDS[c].about.replace(/^/gm, ' '.repeat(18))}`);
  return `Usage: docwright <command> [options]

Commands:
${commands.join('\n')}

Options:
  -h, --help      Show this help (docwright <command> --help: that command's)
  -v, --version   Show the version

Exit codes: 0 no errors, 1 errors found, 2 bad usage, no site found or an internal error
(a rule that failed, named with its file on stderr).`;
}

/** What bad usage of a command prints after its message: the synopsis and where the options are. */
export function usageHint(command: CommandName): string {
  return `Usage: docwright ${synopsis(command)}\nRun "docwright ${command} --help" for the options.`;
}

type ParseOptions = NonNullable<NonNullable<Parameters<typeof parseArgs>[0]>['options']>;

export interface ParsedArgs {
  positionals: string[];
  help: boolean;
  flag(name: string): boolean;
  value(name: string): string | undefined;
}

/** `--jobs n` of `command`: worker threads, a whole number from 1 to 64; undefined when not given. */
export function jobsOption(a: ParsedArgs, command: CommandName): number | undefined {
  const jobs = a.value('jobs');
  if (jobs === undefined) return undefined;
  const n = Number(jobs);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new UsageError(`--jobs must be a whole number from 1 to 64, not "${jobs}".`, command);
  return n;
}

/**
 * Parses a command's arguments (strict: an option the table lacks is a UsageError naming it);
 * checks the number of positional arguments unless `--help` is given.
 */
export function parseCommandArgs(command: CommandName, args: string[]): ParsedArgs {
  const specs = optionsOf(command);
  const options: ParseOptions = Object.fromEntries(
    Object.entries(specs).map(([name, o]) => [name, o.short ? { type: o.type, short: o.short } : { type: o.type }]),
  );
  let parsed;
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (e) {
    throw new UsageError(explain(args, options, specs) ?? (e instanceof Error ? e.message : String(e)), command);
  }
  const { values, positionals } = parsed;
  const help = values.help === true;
  const [min, max] = COMMANDS[command].count;
  if (!help && positionals.length > max) {
    throw new UsageError(
      `Unexpected argument "${positionals[max]}": ${command} takes ${max === 0 ? 'no arguments' : max === 1 ? 'one folder' : COMMANDS[command].args}.`,
      command,
    );
  }
  if (!help && positionals.length < min)
    throw new UsageError(`${command} takes ${COMMANDS[command].args}; got ${positionals.length} argument${positionals.length === 1 ? '' : 's'}.`, command);
  return {
    positionals,
    help,
    flag: (name) => values[name] === true,
    value: (name) => {
      const v = values[name];
      return typeof v === 'string' ? v : undefined;
    },
  };
}

/** Our message for what strict parsing refused: the first option token that is unknown or lacks or has a stray value. */
function explain(args: string[], options: ParseOptions, specs: Record<string, OptionSpec>): string | undefined {
  const { tokens } = parseArgs({ args, options, strict: false, allowPositionals: true, tokens: true });
  for (const t of tokens) {
    if (t.kind !== 'option') continue;
    const spec = Object.hasOwn(specs, t.name) ? specs[t.name] : undefined;
    if (!spec) return `Unknown option "${t.rawName}".`;
    if (spec.type === 'string' && (t.value === undefined || (!t.inlineValue && t.value.startsWith('-'))))
      return `--${t.name} needs ${spec.needs ?? 'a value'}.`;
    if (spec.type === 'boolean' && t.inlineValue) return `--${t.name} takes no value.`;
  }
  return undefined;
}
