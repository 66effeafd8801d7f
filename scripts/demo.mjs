#!/usr/bin/env node
// The main job on the bundled example site: check it with the CLI, export it (HTML with a Markdown
// copy per page, search, llms.txt: the pages generated from its OpenAPI files among them) into a new
// temporary folder, and with --editor open it in a real VS Code (1.139, in the browser) with this
// extension installed.
//
// Usage: node scripts/demo.mjs [--editor] [--site <dir>] [--port <n>]
//   --editor      after the check, serve VS Code on http://127.0.0.1:<port>/ with the example
//                 site open and Docwright loaded; stops on Ctrl+C (installs the tools on first use,
//                 see scripts/vscode-test/setup.sh)
//   --site <dir>  the site to check (default examples/starter; the editor opens a copy of it)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort, node24, repo, seedUserData, serverMain, waitForServer } from './vscode-test/lib.mjs';

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const site = path.resolve(option('--site', path.join(repo, 'examples/starter')));

const check = spawnSync(process.execPath, [path.join(repo, 'bin/docwright.js'), 'check', site], { stdio: 'inherit' });
const out = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'docwright-demo-export-')), 'site');
const exported = spawnSync(process.execPath, [path.join(repo, 'bin/docwright.js'), 'export', site, '--out', out], { stdio: 'inherit' });
if (exported.status === 0) console.log(`Open ${path.join(out, 'index.html')} in a browser to read the exported site.`);
const status = check.status || exported.status;
if (!flag('--editor')) process.exit(status ?? 1);

if (!existsSync(node24) || !existsSync(serverMain)) {
  const setup = spawnSync('bash', [path.join(repo, 'scripts/vscode-test/setup.sh')], { stdio: 'inherit' });
  if (setup.status !== 0) process.exit(setup.status ?? 1);
}
const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'docwright-demo-'));
const workspace = path.join(tmp, 'workspace');
await fs.cp(site, workspace, { recursive: true });
const userData = path.join(tmp, 'user-data');
await seedUserData(userData);
// The repository itself is the extension: a link in the extensions folder loads it.
const extensions = path.join(tmp, 'extensions');
await fs.mkdir(extensions, { recursive: true });
await fs.symlink(repo, path.join(extensions, 'docwright.docwright-dev'), 'dir');

const port = Number(option('--port', 0)) || (await freePort());
const server = spawn(
  node24,
  [
    serverMain,
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--without-connection-token',
    '--accept-server-license-terms',
    '--disable-telemetry',
    '--disable-workspace-trust',
    '--server-data-dir',
    path.join(tmp, 'server-data'),
    '--user-data-dir',
    userData,
    '--extensions-dir',
    extensions,
  ],
  { stdio: ['ignore', 'pipe', 'pipe'] },
);
const base = `http://127.0.0.1:${port}`;
await waitForServer(base, server, 30_000);
console.log(
  `\nVS Code with Docwright: ${base}/?folder=${encodeURIComponent(workspace)}\n(a copy of ${path.relative(process.cwd(), site) || site}; Ctrl+C stops the server and removes the copy)`,
);
const stop = async () => {
  server.kill();
  await fs.rm(tmp, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
