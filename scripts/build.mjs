// Bundles the extension client, the core, the language servers (Node and web worker), the CLI and
// the in-editor test module.
// `node scripts/build.mjs --watch` rebuilds on change. `--production` (what the VSIX ships, run by
// `vsce package` as vscode:prepublish) builds only dist/, minified and without source maps.
import * as esbuild from 'esbuild';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants } from 'node:zlib';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { unappliedPatches } from './patches.mjs';
import { coreModules, coreOptions, coreRedirect, webServerOptions } from './web-server.mjs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

// The bundles carry what node_modules holds: without its patches the parser hangs on hostile pages.
const unapplied = unappliedPatches();
if (unapplied.length > 0) {
  console.error(`Not building: ${unapplied.length} patch(es) are not applied.\n${unapplied.map((l) => `  ${l}`).join('\n')}`);
  process.exit(1);
}

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  mainFields: ['module', 'main'],
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  external: ['vscode'],
  define: { DOCWRIGHT_VERSION: JSON.stringify(pkg.version) },
};

// The core, once for every host (scripts/web-server.mjs): the Node bundles below and the web
// worker's read each core module from it (coreRedirect), none holds a copy.
const nodeCore = coreRedirect('require("./core.js")');
const builds = [
  { entryPoints: { client: 'client/src/extension.ts' }, outdir: 'dist' },
  { ...coreOptions({ modules: await coreModules(), production, version: pkg.version }), outfile: 'dist/core.js', own: true },
  // The web extension's language server, a web worker (server/src/hosts/web/main.ts).
  { ...webServerOptions({ production, version: pkg.version }), outfile: 'dist/web/server.js', own: true },
  // The web extension's client (package.json `browser`), run in a web worker extension host.
  {
    entryPoints: { 'web/client': 'client/src/web/extension.ts' },
    outdir: 'dist',
    platform: 'browser',
    target: 'es2022',
    mainFields: ['browser', 'module', 'main'],
  },
  // The language server, the CLI and the export's worker threads: one bundle (server/src/main.ts).
  { entryPoints: { server: 'server/src/main.ts' }, outdir: 'dist', plugins: [nodeCore] },
  // The spelling engine, loaded by the server and the CLI when a page's spelling is first checked (server/src/node/speller.ts).
  { entryPoints: { spelling: 'server/src/node/spelling-engine.ts' }, outdir: 'dist', plugins: [nodeCore] },
  // The AsyncAPI parser, loaded when a thread first reads an AsyncAPI file (server/src/node/asyncapi.ts).
  // The VSIX carries it brotli-compressed (dist/asyncapi.js.br): 0.3 MB instead of the zip's 0.5 MB.
  { entryPoints: { asyncapi: 'server/src/node/asyncapi-engine.ts' }, outdir: 'dist', compressed: true },
  // The in-editor suite: mocha stays external (loaded from node_modules in the extension host).
  { entryPoints: { index: 'test/e2e/index.ts' }, outdir: 'out/e2e', external: ['vscode', 'mocha'] },
];

// The CLI had a bundle of its own (dist/cli.js): a copy left by an older build must not be packaged.
for (const f of ['dist/cli.js', 'dist/cli.js.map']) if (existsSync(f)) rmSync(f);

if (production && existsSync('dist')) {
  // Maps of an earlier development build would no longer match the minified bundles.
  for (const f of readdirSync('dist', { withFileTypes: true })) if (f.name.endsWith('.map')) rmSync(`dist/${f.name}`);
}

// The exported site's search runs MiniSearch in the browser: its UMD build, minified, ships in
// dist/ (the VSIX has no node_modules); server/src/node/export-disk.ts copies it into each export.
const miniSearchUmd = path.join(path.dirname(createRequire(import.meta.url).resolve('minisearch')), '..', 'umd', 'index.js');
const miniSearch = await esbuild.transform(readFileSync(miniSearchUmd, 'utf8'), { minify: true, legalComments: 'inline' });
mkdirSync('dist', { recursive: true });
writeFileSync('dist/minisearch.js', miniSearch.code);

// Libraries the reader's browser loads only on pages that need them (media/docwright.js): Mermaid's
// browser build (which the language server and CLI also read, in a sandbox, to check diagram syntax:
// server/src/pages/mermaid.ts), and KaTeX's styles with only the woff2 fonts every current browser
// reads. The preview serves them from dist/vendor; the export copies them into `_docwright/`.
mkdirSync('dist/vendor/katex/fonts', { recursive: true });
const mermaidMin = readFileSync(createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js'), 'utf8').replace(
  /\n\/\/# sourceMappingURL=\S+\s*$/,
  '\n',
);
writeFileSync('dist/vendor/mermaid.min.js', mermaidMin);
const katexDist = path.dirname(createRequire(import.meta.url).resolve('katex/dist/katex.min.css'));
writeFileSync(
  'dist/vendor/katex/katex.min.css',
  readFileSync(path.join(katexDist, 'katex.min.css'), 'utf8').replace(/,url\(fonts\/[\w-]+\.(woff|ttf)\) format\("(woff|truetype)"\)/g, ''),
);
for (const f of readdirSync(path.join(katexDist, 'fonts')))
  if (f.endsWith('.woff2')) writeFileSync(`dist/vendor/katex/fonts/${f}`, readFileSync(path.join(katexDist, 'fonts', f)));

// Every expression of the grammars the highlighter ships, converted to JavaScript once here instead
// of in each thread that highlights (server/src/render/regex-table.ts). The converter and grammars
// are bundled into a small program whose text is the cache key: the table is rebuilt only when
// they change (about 2 s).
const tableProgram = (
  await esbuild.build({
    stdin: {
      contents: `import { GRAMMARS } from './server/src/render/highlight';
        import { buildRegexTable } from './server/src/render/regex-table';
        process.stdout.write(JSON.stringify(buildRegexTable(GRAMMARS)));`,
      resolveDir: '.',
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    write: false,
    logLevel: 'warning',
  })
).outputFiles[0].text;
const tableKey = createHash('sha256').update(tableProgram).digest('hex');
// Brotli-compressed, as are the dictionaries (the 5 MB VSIX budget; each expands in milliseconds).
const brotli = (data) =>
  brotliCompressSync(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length } });
const tableFile = 'dist/shiki-regex.json.br';
rmSync('dist/shiki-regex.json', { force: true });
const oldKey = existsSync(tableFile) ? /^\{"key":"([0-9a-f]+)"/.exec(brotliDecompressSync(readFileSync(tableFile)).toString('utf8', 0, 100))?.[1] : undefined;
if (oldKey !== tableKey) {
  const expressions = execFileSync(process.execPath, ['-'], { input: tableProgram, encoding: 'utf8', maxBuffer: 1 << 28 });
  writeFileSync(tableFile, brotli(Buffer.from(`{"key":"${tableKey}","expressions":${expressions}}`)));
}

// The spelling dictionaries as binary tries (server/src/node/spelling-engine.ts): cspell's packages
// hold text tries that take several hundred ms to load in each thread, these tens. Rebuilt when the
// engine or a dictionary package changes (about 2 s).
const dictionaryProgram = (
  await esbuild.build({
    stdin: {
      contents: `import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
        import * as path from 'node:path';
        import { buildDictionaries } from './server/src/node/spelling-engine';
        import { brotliCompressSync, constants } from 'node:zlib';
        import { DICTIONARY_FOLDER, DICTIONARY_MANIFEST, dictionaryFile, packageFileReader } from './server/src/node/speller';
        const folder = path.join('dist', DICTIONARY_FOLDER);
        rmSync(folder, { recursive: true, force: true });
        mkdirSync(folder, { recursive: true });
        const built = buildDictionaries(packageFileReader(path.resolve('package.json')));
        const params = { [constants.BROTLI_PARAM_QUALITY]: 11 };
        for (const d of built) writeFileSync(path.join(folder, dictionaryFile(d.name)), brotliCompressSync(d.trie, { params }));
        const dictionaries = built.map((d) => (d.settings ? { name: d.name, settings: d.settings } : { name: d.name }));
        writeFileSync(path.join(folder, DICTIONARY_MANIFEST), JSON.stringify({ key: process.argv[2], dictionaries }));`,
      resolveDir: '.',
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    write: false,
    logLevel: 'warning',
  })
).outputFiles[0].text;
const dictionaryVersions = Object.keys(pkg.dependencies)
  .filter((name) => name.startsWith('@cspell/dict-'))
  .map((name) => `${name}@${JSON.parse(readFileSync(path.join('node_modules', ...name.split('/'), 'package.json'), 'utf8')).version}`);
const dictionaryKey = createHash('sha256').update(dictionaryProgram).update(dictionaryVersions.join('\n')).digest('hex');
const dictionaryManifest = 'dist/dictionaries/dictionaries.json';
const oldDictionaryKey = existsSync(dictionaryManifest) ? JSON.parse(readFileSync(dictionaryManifest, 'utf8')).key : undefined;
if (oldDictionaryKey !== dictionaryKey)
  execFileSync(process.execPath, ['-', dictionaryKey], { input: dictionaryProgram, stdio: ['pipe', 'inherit', 'inherit'] });

for (const { compressed, own, ...b } of builds.filter((b) => !production || b.outdir === 'dist' || b.outfile?.startsWith('dist/'))) {
  // The core's and the web host's options are whole (scripts/web-server.mjs); the others add to common.
  const options = own ? { ...b, logLevel: 'warning' } : { ...common, ...b, external: b.external ?? common.external };
  if (watch) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
  } else if (compressed && production) {
    for (const f of (await esbuild.build({ ...options, write: false })).outputFiles) {
      writeFileSync(`${f.path}.br`, brotli(f.contents));
      rmSync(f.path, { force: true });
    }
  } else {
    await esbuild.build(options);
  }
}
