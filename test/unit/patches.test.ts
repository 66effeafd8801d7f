// Each patch in patches/ is applied to the installed package it names (npm's postinstall runs
// scripts/patches.mjs; the bundles carry what node_modules holds): the version matches and every
// line a hunk adds is in the installed file. What each patch guards against is tested in
// robustness.test.ts; that an install survives a patch that no longer applies, below.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { addedLines, patchFiles, patchStates } from '../../scripts/patches.mjs';

const REPO = path.resolve(__dirname, '../..');

describe('patched dependencies', () => {
  const files = patchFiles();
  const states = patchStates();

  it('every patch names an installed package at its version', () => {
    assert.ok(files.length > 0);
    for (const s of states) assert.equal(s.installed, s.version, `${s.file}: node_modules/${s.name} is ${s.installed}`);
  });

  for (const f of files) {
    it(`${f} is applied`, () => {
      const added = addedLines(readFileSync(path.join(REPO, 'patches', f), 'utf8'));
      assert.ok(added.size > 0, `${f} changes no file`);
      for (const lines of added.values()) assert.ok(lines.length > 0, `${f}: a file with no line added`);
      const { missing } = states.find((s) => s.file === f)!;
      assert.equal(missing, undefined, missing && `${f}: ${missing.file} lacks ${JSON.stringify(missing.line.trim())}`);
    });
  }

  describe('a dependency bumped to a release the patch no longer fits', () => {
    // A copy of the repository's scripts and patches over a node_modules holding patch-package and
    // one patched package whose file the patch's context no longer matches.
    let dir: string;
    const file = files.find((f) => f.startsWith('hast-util-sanitize+'))!;
    const pkgDir = () => path.join(dir, 'node_modules', 'hast-util-sanitize');
    before(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'docwright-patches-'));
      cpSync(path.join(REPO, 'scripts'), path.join(dir, 'scripts'), { recursive: true });
      mkdirSync(path.join(dir, 'patches'));
      cpSync(path.join(REPO, 'patches', file), path.join(dir, 'patches', file));
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'bump-test', version: '1.0.0', private: true }));
      for (const dep of ['patch-package', 'hast-util-sanitize'])
        cpSync(path.join(REPO, 'node_modules', dep), path.join(dir, 'node_modules', dep), { recursive: true, dereference: true });
      // patch-package's own dependencies resolve from the repository's node_modules (NODE_PATH), the build's by a link.
      symlinkSync(path.join(REPO, 'node_modules', 'esbuild'), path.join(dir, 'node_modules', 'esbuild'));
      const manifest = JSON.parse(readFileSync(path.join(pkgDir(), 'package.json'), 'utf8')) as { version: string };
      const [major, minor, patch] = manifest.version.split('.').map(Number);
      writeFileSync(path.join(pkgDir(), 'package.json'), JSON.stringify({ ...manifest, version: `${major}.${minor}.${patch + 1}` }));
      // The bumped release, unpatched, rewrote the line the patch changes (a patch bump upstream can).
      const lib = path.join(pkgDir(), 'lib', 'index.js');
      const patched = /\n[ \t]*\/\/ Docwright patch:.*\n([ \t]*)for \(const item of value\) results\.push\(item\)/;
      assert.match(readFileSync(lib, 'utf8'), patched);
      writeFileSync(lib, readFileSync(lib, 'utf8').replace(patched, '\n$1results.push(...value) // 5.0.3'));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('the install goes on and says which patch to redo; the build refuses, naming it', () => {
      const env = { ...process.env, CI: 'true', NODE_PATH: path.join(REPO, 'node_modules') };
      const install = spawnSync(process.execPath, [path.join(dir, 'scripts', 'patches.mjs'), 'apply'], { cwd: dir, encoding: 'utf8', env });
      assert.equal(install.status, 0, install.stderr);
      assert.match(install.stderr, new RegExp(`patches/${file.replace(/[+.]/g, '\\$&')} is not applied: node_modules/hast-util-sanitize is 5\\.0\\.3`));
      assert.match(install.stderr, /npx patch-package hast-util-sanitize/);
      const build = spawnSync(process.execPath, [path.join(dir, 'scripts', 'build.mjs')], { cwd: dir, encoding: 'utf8', env });
      assert.equal(build.status, 1);
      assert.match(build.stderr, /Not building: 1 patch\(es\) are not applied/);
    });
  });
});
