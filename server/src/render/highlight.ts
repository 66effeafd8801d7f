// Syntax highlighting of code blocks with Shiki: a fixed set of grammars (the languages docs sites
// use; C++ and MDX are left out for size), the pure-JS regex engine (no WASM), and ONE tokenising
// pass per block: the CSS-variables theme colours tokens as `var(--shiki-token-…)`, and
// media/docwright.css gives those variables GitHub's light and dark colours (two themes would
// tokenise every block twice). Results are memoised per (language, code) so a keystroke
// re-renders only changed blocks.
import type { Element, ElementContent } from 'hast';
import { createCssVariablesTheme, createHighlighterCoreSync, type HighlighterCore, type LanguageRegistration } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import bash from '@shikijs/langs/bash';
import c from '@shikijs/langs/c';
import csharp from '@shikijs/langs/csharp';
import css from '@shikijs/langs/css';
import diff from '@shikijs/langs/diff';
import dockerfile from '@shikijs/langs/dockerfile';
import go from '@shikijs/langs/go';
import graphql from '@shikijs/langs/graphql';
import html from '@shikijs/langs/html';
import http from '@shikijs/langs/http';
import ini from '@shikijs/langs/ini';
import java from '@shikijs/langs/java';
import javascript from '@shikijs/langs/javascript';
import json from '@shikijs/langs/json';
import jsonc from '@shikijs/langs/jsonc';
import jsx from '@shikijs/langs/jsx';
import kotlin from '@shikijs/langs/kotlin';
import markdown from '@shikijs/langs/markdown';
import php from '@shikijs/langs/php';
import python from '@shikijs/langs/python';
import ruby from '@shikijs/langs/ruby';
import rust from '@shikijs/langs/rust';
import shellscript from '@shikijs/langs/shellscript';
import sql from '@shikijs/langs/sql';
import swift from '@shikijs/langs/swift';
import toml from '@shikijs/langs/toml';
import tsx from '@shikijs/langs/tsx';
import typescript from '@shikijs/langs/typescript';
import xml from '@shikijs/langs/xml';
import yaml from '@shikijs/langs/yaml';

const LANGS: LanguageRegistration[][] = [
  bash, c, csharp, css, diff, dockerfile, go, graphql, html, http, ini, java, javascript, json, jsonc, jsx, kotlin,
  markdown, php, python, ruby, rust, shellscript, sql, swift, toml, tsx, typescript, xml, yaml,
];
/** Grammar name (and its aliases) -> the registrations that load it (with embedded languages). */
const BY_NAME = new Map<string, LanguageRegistration[]>();
for (const regs of LANGS) {
  const main = regs[regs.length - 1];
  for (const n of [main.name, ...(main.aliases ?? [])]) BY_NAME.set(n, regs);
}

/** Names writers use that Shiki spells differently, or that map to the nearest grammar we ship. */
const ALIASES: Record<string, string> = {
  sh: 'shellscript', shell: 'shellscript', zsh: 'shellscript', console: 'shellscript', terminal: 'shellscript', curl: 'shellscript',
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', node: 'javascript', ts: 'typescript', mts: 'typescript',
  py: 'python', python3: 'python', rb: 'ruby', rs: 'rust', golang: 'go', 'c#': 'csharp', cs: 'csharp', kt: 'kotlin',
  yml: 'yaml', md: 'markdown', mdx: 'markdown', htm: 'html', svg: 'xml', cpp: 'c', 'c++': 'c', h: 'c', hpp: 'c',
  json5: 'jsonc', docker: 'dockerfile', gql: 'graphql', env: 'ini', properties: 'ini', conf: 'ini', vue: 'html',
  text: 'plaintext', txt: 'plaintext', plain: 'plaintext', plaintext: 'plaintext',
};

const THEME = createCssVariablesTheme({ name: 'docwright', variablePrefix: '--shiki-', fontStyle: true });
let highlighter: HighlighterCore | undefined;

/** The highlighter; grammars are compiled on first use of their language, not at start. */
function instance(): HighlighterCore {
  highlighter ??= createHighlighterCoreSync({ themes: [THEME], langs: [], engine: createJavaScriptRegexEngine({ forgiving: true }) });
  return highlighter;
}

/** The grammar used for a fence's language name, or undefined for plain text. */
export function grammarFor(lang: string | undefined): string | undefined {
  if (!lang) return undefined;
  const key = lang.toLowerCase();
  const name = ALIASES[key] ?? key;
  const regs = BY_NAME.get(name);
  if (!regs) return undefined;
  const h = instance();
  if (!h.getLoadedLanguages().includes(name)) h.loadLanguageSync(regs);
  return name;
}

const MEMO_LIMIT = 2000;
const memo = new Map<string, ElementContent[]>();

/**
 * The highlighted lines of `code` as hast (`<span class="line">` per line, colours as
 * `--shiki-light`/`--shiki-dark` variables). Plain text when the language is unknown.
 */
export function highlightLines(code: string, lang: string | undefined): ElementContent[] {
  const grammar = grammarFor(lang);
  const key = `${grammar ?? ''}\u0000${code}`;
  const hit = memo.get(key);
  if (hit) return structuredClone(hit);
  let lines: ElementContent[];
  if (!grammar) lines = plainLines(code);
  else {
    try {
      const root = instance().codeToHast(code, { lang: grammar, theme: 'docwright' });
      const pre = root.children[0] as Element;
      const codeEl = pre.children[0] as Element;
      lines = codeEl.children;
    } catch {
      lines = plainLines(code);
    }
  }
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
  memo.set(key, lines);
  return structuredClone(lines);
}

function plainLines(code: string): ElementContent[] {
  const out: ElementContent[] = [];
  code.split('\n').forEach((line, i) => {
    if (i > 0) out.push({ type: 'text', value: '\n' });
    out.push({ type: 'element', tagName: 'span', properties: { className: ['line'] }, children: [{ type: 'text', value: line }] });
  });
  return out;
}
