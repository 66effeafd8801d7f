// ESLint flat config. `npm run lint` runs it with --max-warnings 0.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import layers from './scripts/eslint/layers.mjs';

// The format's reference packages are for the conformance tests only: never bundled (their licences).
const REFERENCE_BAN = {
  group: ['@mintlify/*'],
  message: 'The @mintlify packages are for conformance tests only (scripts/conformance, test/): never in the product.',
};

// Layers, Node I/O and cycles are the `layers/layering` rule's (scripts/layers.mjs holds the table).
const coreBans = {
  paths: [{ name: 'vscode', message: 'Only client/ may import vscode.' }],
  patterns: [
    { group: ['vscode-languageserver', 'vscode-languageserver/*', 'vscode-languageserver-*'], message: 'Only server/src/hosts/lsp may use the LSP libraries.' },
    REFERENCE_BAN,
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', 'examples/**', 'bench/results/**', '.scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Types generated from the docs.json schemas: a subschema that only constrains becomes `{}`.
  { files: ['server/src/config/docs-json-*.ts'], rules: { '@typescript-eslint/no-empty-object-type': 'off' } },
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
    plugins: { layers },
    rules: { 'layers/layering': ['error', { root: 'server/src' }] },
  },
  {
    files: ['server/src/**/*.ts'],
    // lsp/ and cli/ are the hosts; node/ is the Node machinery they hand the core (the component sandbox).
    ignores: ['server/src/hosts/**', 'server/src/node/**', 'server/src/main.ts'],
    rules: { 'no-restricted-imports': ['error', coreBans] },
  },
  {
    files: ['server/src/hosts/**/*.ts', 'server/src/node/**/*.ts', 'server/src/main.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'Only client/ may import vscode.' }], patterns: [REFERENCE_BAN] }] },
  },
  {
    files: ['test/unit/**/*.ts', 'test/lsp/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'Only client/ may import vscode.' }] }] },
  },
  {
    files: ['client/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [REFERENCE_BAN] }] },
  },
);
