// Syntax highlighting of code blocks with Shiki: a fixed set of grammars (the languages docs sites
// use; C++ and MDX are left out for size), the pure-JS regex engine (no WASM), and ONE tokenising
// pass per block: the CSS-variables theme colours tokens as `var(--shiki-token-…)`, and
// media/docwright.css gives those variables GitHub's light and dark colours (two themes would
// tokenise every block twice). The result is the HTML of the lines, built straight from the tokens
// (a highlighted block never becomes thousands of tree nodes for the sanitiser and serialiser to
// walk: see `codeBlock` and `cleanHtml`), memoised per (language, code) so a keystroke re-renders
// only changed blocks.
import { createCssVariablesTheme, createHighlighterCoreSync, type HighlighterCore, type LanguageRegistration } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { transformerMetaHighlight, transformerNotationDiff } from '@shikijs/transformers';
import type { Element, ElementContent } from 'hast';
import type { ShikiTransformer } from 'shiki/core';
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
import { regexConstructor, type RegexTable } from './regex-table';
import { BoundedMap } from '../util/memo';
import { own } from '../util/json';
import { trimEndOf } from '../util/text';

const LANGS: LanguageRegistration[][] = [
  bash,
  c,
  csharp,
  css,
  diff,
  dockerfile,
  go,
  graphql,
  html,
  http,
  ini,
  java,
  javascript,
  json,
  jsonc,
  jsx,
  kotlin,
  markdown,
  php,
  python,
  ruby,
  rust,
  shellscript,
  sql,
  swift,
  toml,
  tsx,
  typescript,
  xml,
  yaml,
];
/** Grammar name (and its aliases) -> the registrations that load it (with embedded languages). */
const BY_NAME = new Map<string, LanguageRegistration[]>();
for (const regs of LANGS) {
  const main = regs[regs.length - 1];
  for (const n of [main.name, ...(main.aliases ?? [])]) BY_NAME.set(n, regs);
}

/** Names writers use that Shiki spells differently, or that map to the nearest grammar we ship. */
const ALIASES: Record<string, string> = {
  sh: 'shellscript',
  shell: 'shellscript',
  zsh: 'shellscript',
  console: 'shellscript',
  terminal: 'shellscript',
  curl: 'shellscript',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  node: 'javascript',
  ts: 'typescript',
  mts: 'typescript',
  py: 'python',
  python3: 'python',
  rb: 'ruby',
  rs: 'rust',
  golang: 'go',
  'c#': 'csharp',
  cs: 'csharp',
  kt: 'kotlin',
  yml: 'yaml',
  md: 'markdown',
  mdx: 'markdown',
  htm: 'html',
  svg: 'xml',
  cpp: 'c',
  'c++': 'c',
  h: 'c',
  hpp: 'c',
  json5: 'jsonc',
  docker: 'dockerfile',
  gql: 'graphql',
  env: 'ini',
  properties: 'ini',
  conf: 'ini',
  vue: 'html',
  text: 'plaintext',
  txt: 'plaintext',
  plain: 'plaintext',
  plaintext: 'plaintext',
};

/** Every grammar we ship (with the grammars they embed), for the build's table of converted expressions. */
export const GRAMMARS: readonly object[] = LANGS.flat();

const THEME = createCssVariablesTheme({ name: 'docwright', variablePrefix: '--shiki-', fontStyle: true });
/**
 * Shiki stops tokenising a line after 500 ms by default, which makes output depend on the machine's
 * load: the first block of a language in a busy export thread compiles that grammar's expressions
 * while it tokenises and can pass the limit, coming out half coloured. Lines longer than VS Code
 * tokenises are left plain instead (deterministic), and the time limit is only a backstop.
 */
const LIMITS = { tokenizeMaxLineLength: 10_000, tokenizeTimeLimit: 10_000 };

const MEMO_LIMIT = 2000;

/** What a fence asks of its lines (see render/code.ts): 1-based line numbers. */
export interface LineMarks {
  highlight?: readonly number[];
  focus?: readonly number[];
}

/** The lines' HTML and the classes Shiki's transformers gave the `<pre>` (`has-diff`, `has-focused`, `has-highlighted`). */
export interface MarkedCode {
  html: string;
  preClasses: string[];
}

/** Whether a block holds the diff notation (`// [!code ++]`), which only the marked path understands. */
export function hasNotation(code: string): boolean {
  return code.includes('[!code ');
}

/**
 * A highlighter: one Shiki instance, whose grammars are compiled on first use of their language,
 * and its memos. A host gives it the build's table of converted expressions (see regex-table.ts),
 * read on first use; without one, expressions are converted as grammars need them (the same
 * RegExps, only slower to get), so the output never depends on the table.
 */
export class Highlighter {
  private shiki: HighlighterCore | undefined;
  private readonly memo = new BoundedMap<string, string>(MEMO_LIMIT);
  private readonly markedMemo = new BoundedMap<string, MarkedCode>(MEMO_LIMIT);

  constructor(private readonly regexTable?: () => RegexTable | undefined) {}

  private instance(): HighlighterCore {
    this.shiki ??= createHighlighterCoreSync({
      themes: [THEME],
      langs: [],
      engine: createJavaScriptRegexEngine({ forgiving: true, regexConstructor: regexConstructor(this.regexTable?.()) }),
    });
    return this.shiki;
  }

  /** The grammar used for a fence's language name, or undefined for plain text. */
  grammarFor(lang: string | undefined): string | undefined {
    if (!lang) return undefined;
    const key = lang.toLowerCase();
    const name = own(ALIASES, key) ?? key;
    const regs = BY_NAME.get(name);
    if (!regs) return undefined;
    this.load(name, regs);
    return name;
  }

  /**
   * Loads a grammar, and first the grammars it highlights embedded code with when they happen to be
   * loaded (`embeddedLangsLazy`: Markdown fences, Ruby's HAML): so a block is highlighted the same
   * whatever was highlighted before it (in another thread of the export, or earlier in the preview).
   */
  private load(name: string, regs: LanguageRegistration[], loading = new Set<string>()): void {
    const h = this.instance();
    if (loading.has(name) || h.getLoadedLanguages().includes(name)) return;
    loading.add(name);
    for (const r of regs) {
      for (const lazy of r.embeddedLangsLazy ?? []) {
        const other = BY_NAME.get(lazy);
        if (other) this.load(lazy, other, loading);
      }
    }
    h.loadLanguageSync(regs);
  }

  /**
   * The highlighted lines of `code` as HTML: a `<span class="line">` per line, joined by newlines,
   * tokens coloured with `var(--shiki-token-…)`. Plain lines when the language is unknown. Every
   * character of the code is escaped; styles come only from the theme (see tokenStyle).
   */
  highlightHtml(code: string, lang: string | undefined): string {
    const grammar = this.grammarFor(lang);
    const key = `${grammar ?? ''}\u0000${code}`;
    const hit = this.memo.get(key);
    if (hit !== undefined) return hit;
    let html: string | undefined;
    if (grammar) {
      try {
        html = linesHtml(this.instance().codeToTokensBase(code, { lang: grammar, theme: 'docwright', ...LIMITS }));
      } catch {
        // A grammar that fails on this input: plain text.
      }
    }
    html ??= code
      .split('\n')
      .map((line) => `<span class="line">${escapeText(line)}</span>`)
      .join('\n');
    this.memo.set(key, html);
    return html;
  }

  /**
   * The highlighted lines of a block that marks lines: `{1,3-5}`/`highlight=` and `focus=` from its
   * meta, and `[!code ++]`/`[!code --]` comments in its code. Runs Shiki's own pipeline (codeToHast)
   * with its transformers: meta highlight and notation diff from @shikijs/transformers, and focus by
   * line number (the transformers only focus by comment), with the classes Shiki's notation-focus
   * transformer uses. Slower than `highlightHtml`, so only blocks that ask for it come here.
   */
  markedHtml(code: string, lang: string | undefined, marks: LineMarks): MarkedCode {
    const grammar = this.grammarFor(lang);
    const key = `marked\u0000${grammar ?? ''}\u0000${marks.highlight?.join(',') ?? ''}\u0000${marks.focus?.join(',') ?? ''}\u0000${code}`;
    const hit = this.markedMemo.get(key);
    if (hit) return hit;
    const pre = this.markedPre(code, grammar, marks);
    const codeEl = pre?.children.find((n): n is Element => n.type === 'element' && n.tagName === 'code');
    const out =
      pre && codeEl
        ? { html: codeEl.children.map(hastHtml).join(''), preClasses: classList(pre).filter((c) => c !== 'shiki' && c !== 'docwright') }
        : { html: this.highlightHtml(code, undefined), preClasses: [] };
    this.markedMemo.set(key, out);
    return out;
  }

  /**
   * The code as a reader copies it from the page: the `[!code ++]`/`[!code --]` comments taken out
   * by the same transformer that marks the lines (and lines that held nothing else gone).
   */
  notationFreeText(code: string, lang: string | undefined): string {
    if (!hasNotation(code)) return code;
    const pre = this.markedPre(code, this.grammarFor(lang), {});
    const codeEl = pre?.children.find((n): n is Element => n.type === 'element' && n.tagName === 'code');
    if (!codeEl) return code;
    return codeEl.children
      .filter((n): n is Element => n.type === 'element')
      .map((line) => trimEndOf(hastText(line), ' \t'))
      .join('\n');
  }

  /** Shiki's `<pre>` for a marked block (its own pipeline and transformers), or undefined when the grammar fails. */
  private markedPre(code: string, grammar: string | undefined, marks: LineMarks): Element | undefined {
    const transformers: ShikiTransformer[] = [transformerNotationDiff({ matchAlgorithm: 'v3' })];
    const highlight = marks.highlight?.length ? `{${marks.highlight.join(',')}}` : '';
    if (highlight) transformers.push(transformerMetaHighlight());
    if (marks.focus?.length) transformers.push(focusLines(new Set(marks.focus)));
    try {
      const root = this.instance().codeToHast(code, { lang: grammar ?? 'text', theme: 'docwright', meta: { __raw: highlight }, transformers, ...LIMITS });
      return root.children.find((n): n is Element => n.type === 'element' && n.tagName === 'pre');
    } catch {
      // A grammar that fails on this input: plain lines, unmarked.
      return undefined;
    }
  }
}

let plain: Highlighter | undefined;

/** The highlighter of renders whose host gives none (tests, the Markdown copy): no table. */
export function plainHighlighter(): Highlighter {
  plain ??= new Highlighter();
  return plain;
}

function hastText(node: ElementContent): string {
  return node.type === 'text' ? node.value : node.type === 'element' ? node.children.map(hastText).join('') : '';
}

/** Marks lines `focused` (and the block `has-focused`), as Shiki's `[!code focus]` notation does. */
function focusLines(lines: ReadonlySet<number>): ShikiTransformer {
  return {
    name: 'docwright:meta-focus',
    line(node, line) {
      if (!lines.has(line)) return;
      this.addClassToHast(node, 'focused');
      this.addClassToHast(this.pre, 'has-focused');
    },
  };
}

function classList(el: Element): string[] {
  const c = el.properties.class ?? el.properties.className;
  return Array.isArray(c) ? c.map(String) : typeof c === 'string' ? c.split(/\s+/).filter(Boolean) : [];
}

/** Shiki's line and token spans as HTML: only `class` and a theme `style` are written, every character escaped. */
function hastHtml(node: ElementContent): string {
  if (node.type === 'text') return escapeText(node.value);
  if (node.type !== 'element') return '';
  const classes = classList(node);
  const style = typeof node.properties.style === 'string' ? node.properties.style : '';
  const attrs = (classes.length ? ` class="${escapeAttribute(classes.join(' '))}"` : '') + (style ? ` style="${escapeAttribute(style)}"` : '');
  const inner = node.children.map(hastHtml).join('');
  return node.tagName === 'span' ? `<span${attrs}>${inner}</span>` : inner;
}

function escapeAttribute(s: string): string {
  return s.replace(/["&<>]/g, (c) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`);
}

interface Token {
  content: string;
  color?: string;
  fontStyle?: number;
}

const WHITESPACE = /^\s+$/;
/** A theme colour: our CSS variables, or a hex colour. Anything else is dropped. */
const SAFE_COLOR = /^(var\(--shiki-[a-z-]+\)|#[0-9a-fA-F]{3,8})$/;

function tokenStyle(t: Token): string {
  let style = t.color && SAFE_COLOR.test(t.color) ? `color:${t.color}` : '';
  const f = t.fontStyle ?? 0;
  if (f > 0) {
    if (f & 1) style += `${style ? ';' : ''}font-style:italic`;
    if (f & 2) style += `${style ? ';' : ''}font-weight:bold`;
    const deco = [f & 4 ? 'underline' : '', f & 8 ? 'line-through' : ''].filter(Boolean).join(' ');
    if (deco) style += `${style ? ';' : ''}text-decoration:${deco}`;
  }
  return style;
}

/** Lines of tokens as HTML: whitespace takes the style of the token after it, and neighbours of one style share a span. */
function linesHtml(lines: Token[][]): string {
  const out: string[] = [];
  for (const line of lines) {
    const styles = line.map(tokenStyle);
    for (let k = line.length - 2; k >= 0; k--) if (WHITESPACE.test(line[k].content) && !((line[k].fontStyle ?? 0) & 12)) styles[k] = styles[k + 1];
    let html = '<span class="line">';
    let text = '';
    let style = '';
    for (let k = 0; k < line.length; k++) {
      if (styles[k] !== style && text) {
        html += span(text, style);
        text = '';
      }
      style = styles[k];
      text += line[k].content;
    }
    if (text) html += span(text, style);
    out.push(html + '</span>');
  }
  return out.join('\n');
}

function span(text: string, style: string): string {
  return style ? `<span style="${style}">${escapeText(text)}</span>` : escapeText(text);
}

/** Text content needs `&` and `<` escaped (as hast-util-to-html writes them). */
function escapeText(s: string): string {
  return s.replace(/[&<]/g, (c) => (c === '&' ? '&#x26;' : '&#x3C;'));
}
