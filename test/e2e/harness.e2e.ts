// TEMPORARY harness check (to be removed).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

suite('harness', () => {
  test('a workspace folder is open', () => {
    assert.ok(vscode.workspace.workspaceFolders?.length, 'no workspace folder');
  });
  test('deliberate failure when DOCWRIGHT_E2E_FAIL is set', () => {
    if (process.env.DOCWRIGHT_E2E_FAIL) assert.equal(1 + 1, 3, 'deliberate failure: arithmetic is broken');
  });
});
