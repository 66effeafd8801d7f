// Bundles the extension client, the language server, the CLI and the in-editor test module.
// `node scripts/build.mjs --watch` rebuilds on change.
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

const watch = process.argv.includes('--watch');
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  mainFields: ['module', 'main'],
  sourcemap: true,
  logLevel: 'warning',
  external: ['vscode'],
  define: { DOCWRIGHT_VERSION: JSON.stringify(pkg.version) },
};

const builds = [
  { entryPoints: { client: 'client/src/extension.ts' }, outdir: 'dist' },
  { entryPoints: { server: 'server/src/lsp/main.ts' }, outdir: 'dist' },
  { entryPoints: { cli: 'server/src/cli/main.ts' }, outdir: 'dist' },
  // The in-editor suite: mocha stays external (loaded from node_modules in the extension host).
  { entryPoints: { index: 'test/e2e/index.ts' }, outdir: 'out/e2e', external: ['vscode', 'mocha'] },
];

for (const b of builds) {
  const options = { ...common, ...b, external: b.external ?? common.external };
  if (watch) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
  } else {
    await esbuild.build(options);
  }
}
