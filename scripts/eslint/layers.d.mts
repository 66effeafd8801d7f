// Types of scripts/eslint/layers.mjs, for the test that runs the rule.
import type { ESLint } from 'eslint';
declare const plugin: ESLint.Plugin;
export default plugin;
