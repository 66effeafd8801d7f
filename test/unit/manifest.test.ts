// The extension manifest: every command the walkthrough, menus and keybindings name is one the
// extension contributes (and so registers: the in-editor suite runs them), and every command is in
// the Docwright category.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';

const pkg = JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8'));
const contributes = pkg.contributes;
const own = new Set<string>(contributes.commands.map((c: { command: string }) => c.command));

test('walkthrough links, completion events, menus and keybindings name contributed commands', () => {
  const named: string[] = [];
  for (const w of contributes.walkthroughs ?? []) {
    for (const step of w.steps) {
      for (const m of String(step.description).matchAll(/\(command:(docwright\.[\w.]+)/g)) named.push(m[1]);
      for (const e of step.completionEvents ?? []) if (String(e).startsWith('onCommand:docwright.')) named.push(String(e).slice('onCommand:'.length));
      const md = step.media?.markdown;
      if (md) for (const m of readFileSync(path.resolve(__dirname, '../..', md), 'utf8').matchAll(/\(command:(docwright\.[\w.]+)/g)) named.push(m[1]);
    }
  }
  for (const list of Object.values(contributes.menus ?? {}) as { command: string }[][]) for (const item of list) named.push(item.command);
  for (const k of contributes.keybindings ?? []) named.push(k.command);
  const docwright = named.filter((c) => c.startsWith('docwright.'));
  assert.ok(docwright.length >= 5, `found ${docwright.length} references`);
  assert.deepEqual(
    docwright.filter((c) => !own.has(c)),
    [],
  );
});

test('every command is in the Docwright category with a title', () => {
  for (const c of contributes.commands) {
    assert.equal(c.category, 'Docwright', c.command);
    assert.ok(c.title && c.title.length > 3, c.command);
  }
});
