#!/usr/bin/env node
// `npm run package`: the VSIX users install. @vscode/vsce packages the production bundles (its
// vscode:prepublish step runs `node scripts/build.mjs --production`) with the files .vscodeignore
// lets through, and no node_modules (the bundles carry their dependencies). The marketplace page
// is README.md without its developer parts (the first lines' commands and "## Development").
//
// Usage: node scripts/package.mjs [--out <file.vsix>]
//   --out <file>  where to write the VSIX (default: docwright-<version>.vsix in the repo root)
// Prints the VSIX's path, size and file count. Fails (exit 1) when the VSIX is over 5 MB, misses a
// file the installed extension needs, or holds one it should not (sources, maps, tests, modules).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAX_BYTES = 5 * 1000 * 1000;

/** Files the installed extension cannot work without (paths inside the VSIX's extension/ folder). */
const REQUIRED = [
  'package.json',
  'readme.md',
  'changelog.md',
  'LICENSE.txt',
  'images/icon.png',
  'dist/client.js',
  'dist/server.js',
  'dist/core.js',
  'dist/web/client.js',
  'dist/web/server.js',
  'dist/asyncapi.js.br',
  'dist/shiki-regex.json.br',
  'dist/dictionaries/en_us.btrie.br',
  'dist/vendor/mermaid.min.js',
  'dist/vendor/katex/katex.min.css',
  'dist/vendor/katex/fonts/KaTeX_Main-Regular.woff2',
  'bin/docwright.js',
  'bin/docwright-language-server.js',
  'syntaxes/mdx.tmLanguage.json',
  'snippets/mdx.code-snippets',
  'docs/rules/README.md',
  'docs/vale.md',
  'schemas/docs.schema.json',
];
/** Files that must never ship. */
const FORBIDDEN = [
  /(^|\/)node_modules\//,
  /\.map$/,
  /\.tsx?$/,
  /^(client|server|test|scripts|bench|corpus|examples|out|\.vscode-test|\.ci)\//,
  /(^|\/)(tsconfig[^/]*\.json|eslint\.config\.mjs|package-lock\.json|\.gitignore|\.vscodeignore)$/,
];

function die(message) {
  console.error(`package: ${message}`);
  process.exit(1);
}

/** README.md for the marketplace: without the developer commands at the top and "## Development". */
export function marketplaceReadme(text) {
  const lines = text.split('\n');
  const out = [];
  let i = 0;
  // The title, then the bullet list of developer commands that opens the README.
  while (i < lines.length && !lines[i].startsWith('# ')) out.push(lines[i++]);
  if (i < lines.length) out.push(lines[i++]);
  while (i < lines.length && lines[i].trim() === '') i++;
  while (i < lines.length && (lines[i].startsWith('- ') || lines[i].startsWith('  '))) i++;
  out.push('');
  let skipping = false;
  for (; i < lines.length; i++) {
    if (lines[i].startsWith('## ')) skipping = lines[i].trim() === '## Development';
    if (!skipping) out.push(lines[i]);
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n');
}

/** Entry names and sizes from a zip's central directory (enough to audit a VSIX). */
function zipEntries(buf) {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) die('the VSIX is not a zip file');
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const entries = [];
  for (let n = 0; n < count; n++) {
    if (buf.readUInt32LE(at) !== 0x02014b50) die('the VSIX has a broken central directory');
    const size = buf.readUInt32LE(at + 24);
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    entries.push({ name: buf.toString('utf8', at + 46, at + 46 + nameLen), size });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

function main() {
  const args = process.argv.slice(2);
  const pkg = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8'));
  const outIdx = args.indexOf('--out');
  const out = path.resolve(outIdx >= 0 && args[outIdx + 1] ? args[outIdx + 1] : path.join(repo, `${pkg.name}-${pkg.version}.vsix`));

  const readme = path.join(repo, 'out', 'vsix', 'README.md');
  mkdirSync(path.dirname(readme), { recursive: true });
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(readme, marketplaceReadme(readFileSync(path.join(repo, 'README.md'), 'utf8')));

  const vsce = path.join(repo, 'node_modules', '@vscode', 'vsce', 'vsce');
  const r = spawnSync(process.execPath, [vsce, 'package', '--no-dependencies', '--readme-path', path.relative(repo, readme), '--out', out], {
    cwd: repo,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (r.status !== 0) {
    process.stdout.write(r.stdout ?? '');
    die(`vsce package failed (exit ${r.status ?? r.signal})`);
  }

  const bytes = statSync(out).size;
  const entries = zipEntries(readFileSync(out));
  const files = entries.filter((e) => e.name.startsWith('extension/')).map((e) => ({ ...e, name: e.name.slice('extension/'.length) }));
  const names = new Set(files.map((f) => f.name));
  const missing = REQUIRED.filter((f) => !names.has(f));
  const stray = files.filter((f) => FORBIDDEN.some((re) => re.test(f.name))).map((f) => f.name);
  const unpacked = files.reduce((n, f) => n + f.size, 0);

  const mb = (n) => `${(n / 1e6).toFixed(2)} MB`;
  console.log(
    `package: ${path.relative(process.cwd(), out) || out}: ${mb(bytes)} (${bytes} bytes; ${files.length} files, ${mb(unpacked)} unpacked; limit ${mb(MAX_BYTES)})`,
  );
  const largest = [...files].sort((a, b) => b.size - a.size).slice(0, 5);
  console.log(`package: largest files: ${largest.map((f) => `${f.name} ${mb(f.size)}`).join(', ')}`);
  if (missing.length) die(`the VSIX lacks ${missing.join(', ')}`);
  if (stray.length) die(`the VSIX holds files it should not: ${stray.slice(0, 10).join(', ')}${stray.length > 10 ? ', …' : ''} (see .vscodeignore)`);
  if (bytes > MAX_BYTES) die(`the VSIX is ${mb(bytes)}, over the ${mb(MAX_BYTES)} limit`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
