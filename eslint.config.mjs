// ESLint flat config. `npm run lint` runs it with --max-warnings 0.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const coreBans = {
  paths: [
    { name: 'vscode', message: 'Only client/ may import vscode.' },
    { name: 'fs', message: 'The core reads files through the Workspace interface (server/src/workspace.ts).' },
    { name: 'node:fs', message: 'The core reads files through the Workspace interface (server/src/workspace.ts).' },
    { name: 'fs/promises', message: 'The core reads files through the Workspace interface.' },
    { name: 'node:fs/promises', message: 'The core reads files through the Workspace interface.' },
    { name: 'child_process', message: 'The core runs no processes (server/src/node/ holds what runs them).' },
    { name: 'node:child_process', message: 'The core runs no processes (server/src/node/ holds what runs them).' },
    { name: 'worker_threads', message: 'The core starts no threads (server/src/node/ holds what starts them).' },
    { name: 'node:worker_threads', message: 'The core starts no threads (server/src/node/ holds what starts them).' },
  ],
  patterns: [
    { group: ['vscode-languageserver', 'vscode-languageserver/*', 'vscode-languageserver-*'], message: 'Only server/src/lsp may use the LSP libraries.' },
    { group: ['**/node/*'], message: 'The hosts (lsp/, cli/) hand the core what server/src/node/ makes (a ComponentRunner); the core does not import it.' },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', 'examples/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Scripts of the preview webview and the exported site: browser globals only.
    files: ['media/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser, acquireVsCodeApi: 'readonly' } },
  },
  {
    files: ['bin/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['server/src/**/*.ts'],
    // lsp/ and cli/ are the hosts; node/ is the Node machinery they hand the core (the component sandbox).
    ignores: ['server/src/lsp/**', 'server/src/cli/**', 'server/src/node/**', 'server/src/main.ts'],
    rules: { 'no-restricted-imports': ['error', coreBans] },
  },
  {
    files: ['server/src/lsp/**/*.ts', 'server/src/cli/**/*.ts', 'server/src/node/**/*.ts', 'test/unit/**/*.ts', 'test/lsp/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'Only client/ may import vscode.' }] }] },
  },
);
