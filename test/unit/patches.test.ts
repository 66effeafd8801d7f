// Each patch in patches/ is applied to the installed package it names (patch-package runs on
// install; the bundles carry what node_modules holds): the version matches and every line a hunk
// adds is in the installed file. What each patch guards against is tested in robustness.test.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

const REPO = path.resolve(__dirname, '../..');
const PATCHES = path.join(REPO, 'patches');

/** `micromark-core-commonmark+2.0.4.patch` -> name and version (`@scope+name+1.0.0` for scoped). */
function packageOf(file: string): { name: string; version: string } {
  const parts = file.replace(/\.patch$/, '').split('+');
  return { name: parts.slice(0, -1).join('/'), version: parts[parts.length - 1] };
}

/** Installed file -> the lines its hunks add. */
function addedLines(patch: string): Map<string, string[]> {
  const files = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of patch.split('\n')) {
    const target = /^\+\+\+ b\/(.+)$/.exec(line);
    if (target) files.set(target[1], (current = []));
    else if (line.startsWith('+') && current && line.slice(1).trim() !== '') current.push(line.slice(1));
  }
  return files;
}

describe('patched dependencies', () => {
  const files = readdirSync(PATCHES).filter((f) => f.endsWith('.patch'));

  it('every patch names an installed package at its version', () => {
    assert.ok(files.length > 0);
    for (const f of files) {
      const { name, version } = packageOf(f);
      const pkg = JSON.parse(readFileSync(path.join(REPO, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
      assert.equal(pkg.version, version, `${f}: node_modules/${name} is ${pkg.version}`);
    }
  });

  for (const f of files) {
    it(`${f} is applied`, () => {
      const added = addedLines(readFileSync(path.join(PATCHES, f), 'utf8'));
      assert.ok(added.size > 0, `${f} changes no file`);
      for (const [file, lines] of added) {
        assert.ok(lines.length > 0, `${f}: no line added to ${file}`);
        const installed = readFileSync(path.join(REPO, file), 'utf8');
        for (const line of lines) assert.ok(installed.includes(line), `${f}: ${file} lacks ${JSON.stringify(line.trim())}`);
      }
    });
  }
});
