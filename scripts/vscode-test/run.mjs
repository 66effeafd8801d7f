#!/usr/bin/env node
// Runs the in-editor test module (out/e2e/index.js, built from test/e2e/index.ts) inside a real
// VS Code: the equivalent of @vscode/test-electron's runTests, which cannot download VS Code here.
//
// VS Code 1.139's own server (from the npm package code-server, run with Node 24) serves the
// workbench; Debian chromium (through playwright-core) opens it with the smoke-test-driver payload
// that loads this repo as the extension under development and runs the test module's run() in the
// real Node extension host. See scripts/vscode-test/setup.sh for the tools.
//
// With --vsix, the extension under test is the packaged VSIX (`npm run package`), installed into
// the run's empty extensions folder by code-server's --install-extension, as a user installs it;
// the development folder is then not loaded at all (a stub stands in as the "extension under
// development" that VS Code's test runner needs). The tests check where Docwright was loaded from
// (DOCWRIGHT_E2E_EXTENSION_DIR), and the run checks that `docwright.trace.server` traced the
// language server's messages into the Docwright output channel's log.
//
// With --web, Docwright runs as a web extension: its `browser` entry (dist/web/client.js) in the
// workbench's web worker extension host, forced there by the user setting `remote.extensionKind`,
// and its language server (dist/web/server.js) in a web worker, as on vscode.dev. The test module
// is then test/e2e/web/index.ts, built into the run's folder (outside the extension, so that VS Code
// runs it in the Node extension host beside it), and the example site's quickstart gets an unknown
// component for the first check to find.
//
// Usage: node scripts/vscode-test/run.mjs [--grep <pattern>] [--screenshot] [--timeout <s>]
//                                          [--verbose] [--keep] [--site <dir>] [--tests <file>]
//                                          [--vsix <file>] [--web]
//   --grep <pattern>  only tests whose full title matches (mocha grep; env DOCWRIGHT_E2E_GREP)
//   --screenshot      on failure, keep a screenshot and VS Code's logs in out/e2e/screenshots/
//                     (env DOCWRIGHT_E2E_SCREENSHOT=1)
//   --timeout <s>     overall deadline in seconds (default 300; env DOCWRIGHT_E2E_TIMEOUT)
//   --verbose         print every workbench and server log line, not only the tests' output
//   --keep            keep the temporary folder (workspace copy, user data, logs)
//   --site <dir>      site copied into the temporary workspace (default examples/starter)
//   --tests <file>    test module (default out/e2e/index.js)
//   --vsix <file>     test this VSIX, installed into a fresh extensions folder, instead of the repo
//   --web             the web extension in the web worker extension host, with the web suite (or
//                     the --tests module, which must lie outside the repository)
// Env: DOCWRIGHT_TOOLS_DIR (default <repo>/.vscode-test).
// Last line printed: `e2e: N passed, N failed`. Exit code: 0 when all tests passed, else 1.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import { SourceMap, createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

import { startUiBridge } from './ui-bridge.mjs';
import { chromiumPath, codeServerEntry, freePort, here, node24, repo, resolvePlaywright, secs, seedUserData, serverMain, waitForServer } from './lib.mjs';

const RESULT_MARKER = '[docwright-e2e] result ';
const started = Date.now();

// ---------------------------------------------------------------------------------------------
// Options

function parseArgs(argv) {
  const opts = {
    grep: process.env.DOCWRIGHT_E2E_GREP || '',
    screenshot: /^(1|true|yes)$/i.test(process.env.DOCWRIGHT_E2E_SCREENSHOT || ''),
    timeoutS: Number(process.env.DOCWRIGHT_E2E_TIMEOUT || 300),
    verbose: false,
    keep: false,
    site: path.join(repo, 'examples/starter'),
    tests: path.join(repo, 'out/e2e/index.js'),
    vsix: undefined,
    web: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].startsWith('--') && argv[i].includes('=') ? argv[i].split(/=(.*)/s) : [argv[i], undefined];
    const value = () => {
      if (inline !== undefined) return inline;
      if (i + 1 >= argv.length) die(`${flag} needs a value`);
      return argv[++i];
    };
    switch (flag) {
      case '--grep':
      case '-g':
        opts.grep = value();
        break;
      case '--screenshot':
        opts.screenshot = true;
        break;
      case '--timeout':
        opts.timeoutS = Number(value());
        break;
      case '--verbose':
      case '-v':
        opts.verbose = true;
        break;
      case '--keep':
        opts.keep = true;
        break;
      case '--site':
        opts.site = path.resolve(value());
        break;
      case '--tests':
        opts.tests = path.resolve(value());
        opts.testsGiven = true;
        break;
      case '--vsix':
        opts.vsix = path.resolve(value());
        break;
      case '--web':
        opts.web = true;
        break;
      case '--help':
      case '-h':
        console.log(readHelp());
        process.exit(0);
        break;
      default:
        die(`unknown option ${argv[i]} (see --help)`);
    }
  }
  if (!(opts.timeoutS > 0)) die('--timeout must be a positive number of seconds');
  return opts;
}

function readHelp() {
  return spawnSync('sed', ['-n', '/^\\/\\/ Usage/,/^\\/\\/ Last line/p', fileURLToPath(import.meta.url)], { encoding: 'utf8' }).stdout.replace(/^\/\/ ?/gm, '');
}

function die(msg) {
  console.error(`run.mjs: ${msg}`);
  console.log('e2e: 0 passed, 1 failed');
  process.exit(1);
}

const note = (msg) => console.log(`run.mjs: ${msg} (+${secs(Date.now() - started)})`);

// ---------------------------------------------------------------------------------------------
// Tools

function ensureTools() {
  if (existsSync(node24) && existsSync(serverMain) && existsSync(chromiumPath) && resolvePlaywright()) return;
  note('tools missing, running scripts/vscode-test/setup.sh');
  const r = spawnSync('bash', [path.join(here, 'setup.sh')], { stdio: 'inherit', env: process.env });
  if (r.status !== 0) die(`setup.sh failed (exit ${r.status ?? r.signal})`);
  if (!resolvePlaywright()) die('playwright-core is not resolvable after setup.sh');
}

// ---------------------------------------------------------------------------------------------
// Workspace, server, browser

async function prepareWorkspace(tmp, site) {
  const ws = path.join(tmp, 'workspace');
  if (existsSync(path.join(site, 'docs.json')) || existsSync(path.join(site, 'mint.json'))) {
    await fs.cp(site, ws, { recursive: true, filter: (src) => !/[\\/](node_modules|\.git)$/.test(src) });
    return { ws, placeholder: false };
  }
  // The example site does not exist yet: a tiny placeholder site.
  await fs.mkdir(ws, { recursive: true });
  await fs.writeFile(path.join(ws, 'docs.json'), JSON.stringify({ name: 'x', navigation: [{ group: 'G', pages: ['index'] }] }, null, 2) + '\n');
  await fs.writeFile(path.join(ws, 'index.mdx'), '---\ntitle: Home\n---\n\n# Home\n\nPlaceholder page.\n');
  return { ws, placeholder: true };
}

// ---------------------------------------------------------------------------------------------
// The web extension (--web)

const WEB_BUNDLES = ['dist/web/client.js', 'dist/web/server.js'];
const EXTENSION_ID = 'docwright.docwright';

/**
 * The web suite's module, built into the run's folder: a test module inside the extension's folder
 * would run in the extension's host (the web worker), and the suite needs Node (mocha, the UI bridge).
 */
async function buildWebTests(tmp) {
  const dir = path.join(tmp, 'web-tests');
  const { build } = await import('esbuild');
  await build({
    entryPoints: [path.join(repo, 'test/e2e/web/index.ts')],
    outfile: path.join(dir, 'index.js'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
  await fs.symlink(path.join(repo, 'node_modules'), path.join(dir, 'node_modules'), 'dir'); // mocha
  return path.join(dir, 'index.js');
}

/** The problem the web suite's first test waits for (test/e2e/web/web.e2e.ts): an unknown component. */
async function plantWebProblem(ws) {
  await fs.appendFile(path.join(ws, 'quickstart.mdx'), '\n<Tipp>\n  Planted by the web suite.\n</Tipp>\n');
}

// ---------------------------------------------------------------------------------------------
// The packaged extension (--vsix)

/** Installs the VSIX as a user would (code-server --install-extension); returns its folder. */
function installVsix(vsix, extensionsDir, tmp) {
  if (!existsSync(vsix)) die(`${vsix} does not exist: run \`npm run package\` first`);
  const r = spawnSync(
    node24,
    [
      codeServerEntry,
      '--install-extension',
      vsix,
      '--extensions-dir',
      extensionsDir,
      '--user-data-dir',
      path.join(tmp, 'install-user-data'),
      '--config',
      path.join(tmp, 'code-server.yaml'),
    ],
    { cwd: tmp, encoding: 'utf8', env: { ...process.env, VSCODE_CLI: undefined, ELECTRON_RUN_AS_NODE: undefined } },
  );
  const installed = existsSync(extensionsDir) ? readdirSync(extensionsDir).filter((d) => d.startsWith('docwright.docwright-')) : [];
  if (r.status !== 0 || installed.length !== 1) {
    die(`installing ${path.basename(vsix)} failed (exit ${r.status ?? r.signal}):\n${r.stdout}${r.stderr}`);
  }
  return path.join(extensionsDir, installed[0]);
}

/**
 * VS Code runs a test module only with an extension under development: this empty one, so that
 * Docwright itself is the installed copy.
 */
async function stubDevelopmentExtension(tmp) {
  const dir = path.join(tmp, 'e2e-host');
  await fs.mkdir(dir, { recursive: true });
  const manifest = { name: 'docwright-e2e-host', publisher: 'docwright-test', version: '0.0.0', engines: { vscode: '*' } };
  await fs.writeFile(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  return dir;
}

/** The Docwright output channel's log files that VS Code wrote during the run. */
async function outputChannelLogs(dir) {
  const found = [];
  const walk = async (d) => {
    for (const e of await fs.readdir(d, { withFileTypes: true }).catch(() => [])) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else if (e.name === 'Docwright.log') found.push(p); // <logs>/<session>/exthost1/docwright.docwright/
    }
  };
  await walk(dir);
  return found;
}

function remoteUri(authority, absPath) {
  return `vscode-remote://${authority}${absPath.split(path.sep).map(encodeURIComponent).join('/')}`;
}

// ---------------------------------------------------------------------------------------------
// Log filtering: codeAutomationLog receives every workbench log line, the extension host's
// console output included. Keep the test module's output, i.e. what it prints between its start
// and result markers, minus the workbench's own tagged lines ("[AgentHost] ...") and known noise;
// outside that window keep only errors that concern this repo or the test run.

const START_MARKER = '[docwright-e2e] start';
const NOISE = [
  /marketplace|gallery|open-vsx|update\.code\.visualstudio|vscode-unpkg|vscode-cdn|api\.github|telemetry|vscode-sync/i,
  /Service ?Worker/i,
  /ERR_(NAME_NOT_RESOLVED|INTERNET_DISCONNECTED|CONNECTION_REFUSED|ADDRESS_UNREACHABLE|TIMED_OUT)|ENOTFOUND/,
  /^An unknown error occurred\. Please consult the log/,
  /^(Canceled: )*Canceled(: Canceled)*$/,
  /authentication provider/i,
];
const WORKBENCH_TAG = /^\[[A-Za-z][\w:./ -]*\] /; // "[AgentHost] ...", "[DefaultAccount] ..."

function argText(a) {
  if (typeof a === 'string') return a;
  if (a && typeof a === 'object' && typeof a.stack === 'string') return a.stack;
  try {
    return JSON.stringify(a);
  } catch {
    return String(a);
  }
}

// Stack frames of the bundles (out/e2e/index.js, dist/*.js) mapped back to the TypeScript sources
// through their .map files. (Node's own source-map support does not apply in the extension host:
// VS Code strips NODE_OPTIONS and installs its own Error.prepareStackTrace.)
const sourceMaps = new Map();
function mapFrame(file, line, col) {
  if (!sourceMaps.has(file)) {
    let map = null;
    try {
      const raw = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
      map = { map: new SourceMap(raw), dir: path.dirname(file) };
    } catch {
      // no map
    }
    sourceMaps.set(file, map);
  }
  const m = sourceMaps.get(file);
  const e = m?.map.findEntry(line - 1, col - 1);
  if (!e || e.originalSource === undefined) return undefined;
  const src = path.resolve(m.dir, e.originalSource.replace(/^file:\/\//, ''));
  return `${path.relative(repo, src)}:${e.originalLine + 1}:${e.originalColumn + 1}`;
}
function mapStack(text) {
  return text.replace(/(\/[^\s():]+\.c?js):(\d+):(\d+)/g, (all, file, l, c) =>
    file.startsWith(repo + path.sep) && !file.includes(`${path.sep}node_modules${path.sep}`) ? (mapFrame(file, +l, +c) ?? all) : all,
  );
}

function createLogFilter(verbose) {
  const stats = { started: false, result: undefined };
  const seenErrors = new Set();

  function handle(type, args) {
    const raw = (Array.isArray(args) ? args.map(argText).join(' ') : argText(args)).replace(/\s+$/, '');
    // Drop the workbench's own minified stack frames ("at x (http://127.0.0.1:P/.../workbench.js:1:2)").
    const text = mapStack(verbose ? raw : raw.replace(/\n\s*at [^\n]*https?:\/\/127\.0\.0\.1:\d+\/[^\n]*/g, ''));
    if (verbose) console.log(`[${type}] ${text}`);
    if (text.startsWith(START_MARKER)) {
      stats.started = true;
      if (!verbose) console.log(text.slice('[docwright-e2e] '.length).replace(/^start/, 'running tests'));
      return;
    }
    if (text.startsWith(RESULT_MARKER)) {
      try {
        stats.result = JSON.parse(text.slice(RESULT_MARKER.length));
      } catch {
        stats.result = null;
      }
      return;
    }
    if (verbose) return;
    const inTests = stats.started && stats.result === undefined;
    const isError = type === 'error';
    if (NOISE.some((re) => re.test(text))) return;
    if (inTests) {
      if (WORKBENCH_TAG.test(text) && !isError) return;
    } else if (!isError || !(text.includes(repo) || /docwright|extensionTests|extension host/i.test(text))) {
      return;
    } else if (stats.result && /^Error: \d+ e2e test\(s\) failed\./.test(text)) {
      return; // run()'s rejection, already reported by mocha
    }
    if (isError) {
      if (seenErrors.has(text)) return; // errors may arrive twice (console + log service)
      seenErrors.add(text);
    }
    console.log(text); // one stream, so that errors stay in order with mocha's lines
  }
  return { handle, stats };
}

// ---------------------------------------------------------------------------------------------
// Main

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  ensureTools();
  if (opts.web) {
    const missing = WEB_BUNDLES.filter((f) => !existsSync(path.join(repo, f)));
    if (missing.length > 0) die(`${missing.join(', ')} missing: run \`node scripts/build.mjs\` first`);
  }
  if ((!opts.web || opts.testsGiven) && !existsSync(opts.tests)) die(`${path.relative(repo, opts.tests)} is missing: run \`node scripts/build.mjs\` first`);
  if (!existsSync(path.join(repo, 'dist/client.js')))
    note('warning: dist/client.js is missing (run `node scripts/build.mjs`); the extension will not activate');

  const { chromium } = createRequire(path.join(repo, 'package.json'))(resolvePlaywright());
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'docwright-e2e-'));
  const { ws, placeholder } = await prepareWorkspace(tmp, opts.site);
  if (placeholder) note(`${path.relative(repo, opts.site)} has no docs.json yet: using a placeholder site`);
  const userData = path.join(tmp, 'user-data');
  await seedUserData(userData);
  const extensionsDir = path.join(tmp, 'extensions');
  if (opts.web) {
    // A test module given with --tests (outside the repository) runs on the site as it is.
    if (!opts.testsGiven) {
      opts.tests = await buildWebTests(tmp);
      await plantWebProblem(ws);
    }
    const settingsFile = path.join(userData, 'User/settings.json');
    const settings = JSON.parse(await fs.readFile(settingsFile, 'utf8'));
    await fs.writeFile(
      settingsFile,
      JSON.stringify(
        { ...settings, 'remote.extensionKind': { [EXTENSION_ID]: ['web'] }, 'docwright.trace.server': opts.verbose ? 'verbose' : 'messages' },
        null,
        2,
      ),
    );
    note('web: Docwright forced into the web worker extension host (remote.extensionKind), its messages traced');
  }
  let extensionUnderTest = repo;
  let developmentPath = repo;
  if (opts.vsix) {
    extensionUnderTest = installVsix(opts.vsix, extensionsDir, tmp);
    developmentPath = await stubDevelopmentExtension(tmp);
    note(`installed ${path.basename(opts.vsix)} into ${path.relative(tmp, extensionUnderTest)} of a fresh extensions folder`);
    // Trace the language server's messages, to check below that the setting works.
    const settingsFile = path.join(userData, 'User/settings.json');
    const settings = JSON.parse(await fs.readFile(settingsFile, 'utf8'));
    await fs.writeFile(settingsFile, JSON.stringify({ ...settings, 'docwright.trace.server': 'messages' }, null, 2));
  }
  const port = await freePort();
  const authority = `127.0.0.1:${port}`;
  const base = `http://${authority}`;

  let server;
  let browser;
  let page;
  const bridge = await startUiBridge(() => page, repo);
  let exitCode;
  let timedOut = false;
  let cleanedUp = false;
  const serverTail = [];
  const filter = createLogFilter(opts.verbose);

  async function cleanup() {
    if (cleanedUp) return;
    cleanedUp = true;
    await bridge.close();
    try {
      await browser?.close();
    } catch {
      // already gone
    }
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      try {
        process.kill(-server.pid, 'SIGTERM'); // the server, its extension host and language server
      } catch {
        // already gone
      }
      const t = setTimeout(() => {
        try {
          process.kill(-server.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 3000);
      await exited;
      clearTimeout(t);
    }
    if (opts.keep) note(`kept ${tmp}`);
    else await fs.rm(tmp, { recursive: true, force: true, maxRetries: 3 });
  }

  const onSignal = (sig) => {
    console.error(`run.mjs: ${sig}, stopping`);
    cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  let overallTimer;
  try {
    // 1. VS Code server.
    const serverArgs = [
      serverMain,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--without-connection-token',
      '--accept-server-license-terms',
      '--enable-smoke-test-driver',
      '--disable-telemetry',
      '--disable-workspace-trust',
      '--server-data-dir',
      path.join(tmp, 'server-data'),
      '--user-data-dir',
      userData,
      '--extensions-dir',
      extensionsDir,
    ];
    const env = {
      ...process.env,
      DOCWRIGHT_E2E_GREP: opts.grep,
      DOCWRIGHT_UI_BRIDGE: bridge.url,
      DOCWRIGHT_E2E_EXTENSION_DIR: extensionUnderTest,
      VSCODE_CLI: undefined,
      ELECTRON_RUN_AS_NODE: undefined,
    };
    server = spawn(node24, serverArgs, { cwd: tmp, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [server.stdout, server.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        for (const line of chunk.split('\n')) {
          if (!line.trim()) continue;
          serverTail.push(line);
          if (serverTail.length > 200) serverTail.shift();
          if (opts.verbose) console.log(`[server] ${line}`);
        }
      });
    }

    const deadline = new Promise((_, reject) => {
      overallTimer = setTimeout(() => {
        timedOut = true;
        reject(new Error(`timed out after ${opts.timeoutS} s (use --timeout <s> to change the deadline)`));
      }, opts.timeoutS * 1000);
    });

    const run = async () => {
      await waitForServer(base, server, 60_000);
      note(`VS Code server ready on ${base}`);

      // 2. Browser, with the automation hooks exposed before the workbench loads.
      browser = await chromium.launch({
        executablePath: chromiumPath,
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      page = await context.newPage();
      let resolveExit;
      const exited = new Promise((r) => (resolveExit = r));
      await page.exposeFunction('codeAutomationLog', (type, args) => filter.handle(type, args));
      await page.exposeFunction('codeAutomationExit', (code, logs) => resolveExit({ code, logs }));
      page.on('crash', () => resolveExit({ code: 1, crashed: true }));

      const payload = [
        ['extensionDevelopmentPath', remoteUri(authority, developmentPath)],
        ['extensionTestsPath', remoteUri(authority, opts.tests)],
        ['enableProposedApi', ''],
        ['skipWelcome', 'true'],
      ];
      const url = `${base}/?folder=${encodeURIComponent(ws)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      note('workbench opened, running tests');
      const result = await exited;
      if (result.crashed) console.error('run.mjs: the browser page crashed');
      return result;
    };

    const result = await Promise.race([run(), deadline]);
    exitCode = Number(result.code) === 0 ? 0 : 1;
    // The output channel's log is written as the channel receives lines (on the server's disk: not a web extension's).
    if (opts.vsix && !opts.web && exitCode === 0) {
      const logs = await outputChannelLogs(tmp);
      const text = (await Promise.all(logs.map((f) => fs.readFile(f, 'utf8')))).join('\n');
      if (!/Sending request 'initialize - \(\d+\)'/.test(text)) {
        exitCode = 1;
        console.error(
          `run.mjs: docwright.trace.server is "messages" but the Docwright output channel has no trace of the initialize request (${logs.length} log file(s) found)`,
        );
      } else {
        note('docwright.trace.server: the Docwright output channel traced the language server messages');
      }
    }
    if (exitCode !== 0 && opts.screenshot) await saveFailureArtifacts(page, result.logs);
  } catch (err) {
    exitCode = 1;
    console.error(`run.mjs: ${timedOut ? '' : 'error: '}${err.message}`);
    if (!timedOut || opts.verbose) {
      console.error(
        'run.mjs: last VS Code server output:\n' +
          serverTail
            .slice(-40)
            .map((l) => `  ${l}`)
            .join('\n'),
      );
    }
    if (opts.screenshot) await saveFailureArtifacts(page, undefined);
  } finally {
    clearTimeout(overallTimer);
    await cleanup();
  }

  // Summary.
  const r = filter.stats.result;
  const passed = r?.passes ?? 0;
  let failed = r?.failures ?? 0;
  if (exitCode !== 0 && failed === 0) failed = 1; // the run failed outside a test (load error, timeout, crash)
  if (!r && exitCode === 0) note('warning: the test module did not report its stats line');
  if (r && r.tests === 0 && opts.grep) note(`warning: no test matched --grep ${JSON.stringify(opts.grep)}`);
  note(`finished in ${secs(Date.now() - started)}`);
  console.log(`e2e: ${passed} passed, ${failed} failed`);
  process.exitCode = exitCode;
}

async function saveFailureArtifacts(page, logs) {
  const dir = path.join(repo, 'out/e2e/screenshots');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  try {
    await fs.mkdir(dir, { recursive: true });
    if (page && !page.isClosed()) {
      const file = path.join(dir, `failure-${stamp}.png`);
      await page.screenshot({ path: file, timeout: 10_000 });
      note(`screenshot: ${path.relative(repo, file)}`);
    }
    if (Array.isArray(logs) && logs.length) {
      const logDir = path.join(dir, `logs-${stamp}`);
      for (const { relativePath, contents } of logs) {
        const file = path.join(logDir, relativePath);
        if (!file.startsWith(logDir + path.sep)) continue;
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(file, contents);
      }
      note(`VS Code logs: ${path.relative(repo, logDir)}`);
    }
  } catch (err) {
    console.error(`run.mjs: could not save failure artifacts: ${err.message}`);
  }
}

main().catch((err) => {
  console.error(`run.mjs: ${err.stack ?? err}`);
  console.log('e2e: 0 passed, 1 failed');
  process.exit(1);
});
