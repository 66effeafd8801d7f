// `docwright dev [dir] [--port n] [--host address] [--open]`: the site in any browser, as the preview
// and the export render it, kept current as files change. This file reads the command and starts the
// server (cli/dev-server.ts), which answers only its own host names (DNS rebinding) and, from a
// browser, only its own pages (Sec-Fetch-Site, Origin).
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { readMediaFile, readStaticAssets } from '../../node/export-disk';
import { toPosix } from '../../util/paths';
import { parseCommandArgs, UsageError } from '../cli/args';
import { DevServer, isLoopback } from './dev-server';
import { projectIn } from '../cli/sites';

export { crossSiteRequest, isOwnHost } from './dev-server';

export interface DevArgs {
  dir: string;
  port: number;
  host: string;
  open: boolean;
}

export const DEFAULT_PORT = 3000;

export function parseDevArgs(args: string[]): DevArgs {
  const a = parseCommandArgs('dev', args);
  const portText = a.value('port');
  const port = portText === undefined ? DEFAULT_PORT : Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a whole number from 0 to 65535, not "${portText}".`, 'dev');
  const host = a.value('host') ?? '127.0.0.1';
  if (!host.trim()) throw new UsageError('--host needs an address.', 'dev');
  return { dir: a.positionals[0] ?? '.', port, host, open: a.flag('open') };
}

export interface DevIo {
  out(s: string): void;
  err(s: string): void;
  cwd?: string;
  /** Stops the server (the CLI stops on SIGINT and SIGTERM). */
  signal?: AbortSignal;
}

/** Exit code: 0 stopped, 2 bad usage, no site, or the address could not be used. */
export async function runDev(args: DevArgs, io: DevIo): Promise<number> {
  const cwd = io.cwd ?? process.cwd();
  const { docwright, project } = await projectIn(args.dir, cwd, 'dev');
  if (project.roots.length > 1) {
    const list = project.roots.map((r) => toPosix(path.relative(cwd, r)) || '.').join(', ');
    throw new UsageError(`"${args.dir}" holds ${project.roots.length} sites (${list}): serve one at a time, e.g. docwright dev ${list.split(', ')[0]}.`, 'dev');
  }
  const root = project.roots[0];
  const [assets, devJs] = await Promise.all([readStaticAssets(), readMediaFile('dev.js')]);
  const server = new DevServer(args, io, docwright, root, cwd, assets, devJs);
  const listening = await server.listen();
  if ('exit' in listening) return listening.exit;
  const site = await project.site(root);
  const rel = toPosix(path.relative(cwd, root));
  io.out(`Serving ${rel === '' ? '.' : rel.startsWith('../') ? root : rel} (${site?.pages.size ?? 0} pages) at ${listening.origin}/`);
  if (!isLoopback(args.host)) io.out(`Listening on ${args.host}: other machines on the network can read the site.`);
  server.warm();
  if (args.open) openBrowser(`${listening.origin}/`, io);
  await new Promise<void>((resolve) => {
    if (io.signal?.aborted) resolve();
    io.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  await server.stop();
  return 0;
}

/** The system's opener; a failure is a note, the server runs on. */
function openBrowser(url: string, io: DevIo): void {
  const [command, ...args] =
    process.platform === 'darwin' ? ['open', url] : process.platform === 'win32' ? ['cmd', '/c', 'start', '""', url] : ['xdg-open', url];
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.on('error', () => io.err(`docwright: could not open a browser; open ${url} yourself.`));
    child.unref();
  } catch {
    io.err(`docwright: could not open a browser; open ${url} yourself.`);
  }
}
