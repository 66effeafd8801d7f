// The patches of patches/ and whether node_modules holds them. `node scripts/patches.mjs apply`
// (npm's postinstall) runs patch-package and, when a patch no longer applies (a bumped dependency),
// says which and how to redo it without failing the install; scripts/build.mjs refuses to bundle
// until every patch is applied again, and test/unit/patches.test.ts checks the same.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `micromark-core-commonmark+2.0.4.patch` -> name and version (`@scope+name+1.0.0` for scoped). */
export function packageOf(file) {
  const parts = file.replace(/\.patch$/, '').split('+');
  return { name: parts.slice(0, -1).join('/'), version: parts[parts.length - 1] };
}

/** Installed file (`node_modules/…`) -> the non-blank lines the patch's hunks add to it. */
export function addedLines(patch) {
  const files = new Map();
  let current;
  for (const line of patch.split('\n')) {
    const target = /^\+\+\+ b\/(.+)$/.exec(line);
    if (target) files.set(target[1], (current = []));
    else if (line.startsWith('+') && current && line.slice(1).trim() !== '') current.push(line.slice(1));
  }
  return files;
}

/** The patch files of `repo`/patches. */
export function patchFiles(repo = REPO) {
  return readdirSync(path.join(repo, 'patches')).filter((f) => f.endsWith('.patch'));
}

/**
 * Each patch of `repo` with the version it names (`version`), the installed one (`installed`) and
 * the first line it adds that node_modules lacks (`missing`; undefined when applied).
 */
export function patchStates(repo = REPO) {
  return patchFiles(repo).map((file) => {
    const { name, version } = packageOf(file);
    const manifest = path.join(repo, 'node_modules', name, 'package.json');
    const installed = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : undefined;
    let missing;
    for (const [target, lines] of addedLines(readFileSync(path.join(repo, 'patches', file), 'utf8'))) {
      const text = existsSync(path.join(repo, target)) ? readFileSync(path.join(repo, target), 'utf8') : '';
      const line = lines.find((l) => !text.includes(l));
      if (line !== undefined || lines.length === 0) {
        missing = { file: target, line: line ?? '' };
        break;
      }
    }
    return { file, name, version, installed, missing };
  });
}

/** One sentence per patch that node_modules lacks, saying how to redo it. */
export function unappliedPatches(repo = REPO) {
  return patchStates(repo)
    .filter((s) => s.missing)
    .map(
      (s) =>
        `patches/${s.file} is not applied: node_modules/${s.name} ${s.installed ? `is ${s.installed}` : 'is absent'} (the patch was made for ${s.version}) ` +
        `and ${s.missing.file} lacks ${JSON.stringify(s.missing.line.trim())}. Redo the change in node_modules/${s.name}, run ` +
        `\`npx patch-package ${s.name}\` and delete the old patch file (patches/README.md says what each patch does and its test).`,
    );
}

if (process.argv[2] === 'apply') {
  // patch-package's own exit status (1 on a CI machine when a patch fails) would end the install.
  const run = spawnSync(process.execPath, [path.join(REPO, 'node_modules', 'patch-package', 'index.js')], { cwd: REPO, stdio: 'inherit' });
  const unapplied = unappliedPatches();
  if (run.status !== 0 || unapplied.length > 0) {
    console.warn(`\nDocwright: ${unapplied.length} of ${patchFiles().length} patches did not apply; the install goes on, the build will refuse until they do.`);
    for (const line of unapplied) console.warn(`  ${line}`);
  }
}
