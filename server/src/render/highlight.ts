// Syntax highlighting of code blocks with Shiki: a fixed set of grammars (the languages docs sites
// use; C++ and MDX are left out for size), the pure-JS regex engine (no WASM), and ONE tokenising
// pass per block: the CSS-variables theme colours tokens as `var(--shiki-token-…)`, and
// media/docwright.css gives those variables GitHub's light and dark colours (two themes would
// tokenise every block twice). The result is the HTML of the lines, built straight from the tokens
// (a highlighted block never becomes thousands of tree nodes for the sanitiser and serialiser to
// walk: see `codeBlock` and `cleanHtml`), memoised per (language, code) so a keystroke re-renders
// only changed blocks. Bounded: the costs pages/code-highlight.ts reads from the text leave a
// block plain before it runs (the check says so), and as a backstop for patterns no bound knows, a
// page's highlighting runs under a watchdog (HIGHLIGHT_PAGE_MS of processor time in all): a block
// it stops, and the page's later blocks, are left plain.
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
import { blockTooCostly, languageName, MAX_HIGHLIGHT_LINE } from '../pages/code-highlight';
import { BoundedMap } from '../util/memo';
import { trimEndOf } from '../util/text';
import { cpuTimeMs, runWithinCpu, TimeLimitExceeded } from '../util/time-limit';

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

/** The names (and Shiki's aliases) of the grammars we ship: pages/code-highlight.ts GRAMMAR_NAMES lists the same (a test keeps them equal). */
export const LANGUAGE_NAMES: readonly string[] = [...BY_NAME.keys()];

/** Every grammar we ship (with the grammars they embed), for the build's table of converted expressions. */
export const GRAMMARS: readonly object[] = LANGS.flat();

const THEME = createCssVariablesTheme({ name: 'docwright', variablePrefix: '--shiki-', fontStyle: true });
/**
 * Shiki stops tokenising a line after 500 ms by default, which makes output depend on the machine's
 * load: the first block of a language in a busy export thread compiles that grammar's expressions
 * while it tokenises and can pass the limit, coming out half coloured. Lines of MAX_HIGHLIGHT_LINE
 * characters or more are left plain instead (deterministic), and the time limit is only a backstop
 * (it is read between two searches of a line, never inside one: see HIGHLIGHT_PAGE_MS).
 */
const LIMITS = { tokenizeMaxLineLength: MAX_HIGHLIGHT_LINE, tokenizeTimeLimit: 10_000 };

/**
 * Processor time a page's highlighting may take in all, each block within what is left: a backstop
 * for patterns the bounds of pages/code-highlight.ts do not know (one search of a line can take
 * minutes, and only the watchdog of util/time-limit.ts stops it). The costliest real page takes a
 * few hundred milliseconds cold (its grammars compiled on the way), well under it.
 */
export const HIGHLIGHT_PAGE_MS = 5000;

const MEMO_LIMIT = 2000;

/** A memoised result: `ms` of processor time it took, or `stopped` when the watchdog stopped it (then left plain). */
interface Done<T> {
  value: T;
  ms: number;
  stopped?: boolean;
}

/** The Shiki instance and the memos all views of one highlighter share. */
interface Core {
  shiki?: HighlighterCore;
  regexTable?: () => RegexTable | undefined;
  memo: BoundedMap<string, Done<string>>;
  markedMemo: BoundedMap<string, Done<MarkedCode>>;
}

/** One page's highlighting: the processor time left, and the blocks the watchdog stopped. */
interface PageTime {
  leftMs: number;
  stopped: number;
}

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
 * RegExps, only slower to get), so the output never depends on the table. `forPage()` gives the
 * view a page's render uses: the same instance and memos, with the page's time (HIGHLIGHT_PAGE_MS).
 */
export class Highlighter {
  private readonly core: Core;
  private readonly page: PageTime | undefined;

  constructor(regexTable?: () => RegexTable | undefined) {
    this.core = { regexTable, memo: new BoundedMap(MEMO_LIMIT), markedMemo: new BoundedMap(MEMO_LIMIT) };
  }

  /** A view for one page's render: its blocks share `ms` (HIGHLIGHT_PAGE_MS) of processor time. */
  forPage(ms = HIGHLIGHT_PAGE_MS): Highlighter {
    const view = Object.create(Highlighter.prototype) as { core: Core; page: PageTime };
    view.core = this.core;
    view.page = { leftMs: ms, stopped: 0 };
    return view as unknown as Highlighter;
  }

  /** Blocks of this page's render the watchdog stopped (left plain, with the page's later blocks). */
  get stoppedBlocks(): number {
    return this.page?.stopped ?? 0;
  }

  private instance(): HighlighterCore {
    this.core.shiki ??= createHighlighterCoreSync({
      themes: [THEME],
      langs: [],
      engine: createJavaScriptRegexEngine({ forgiving: true, regexConstructor: regexConstructor(this.core.regexTable?.()) }),
    });
    return this.core.shiki;
  }

  /** The grammar used for a fence's language name, or undefined for plain text. */
  grammarFor(lang: string | undefined): string | undefined {
    const name = languageName(lang);
    const regs = name === undefined ? undefined : BY_NAME.get(name);
    if (name === undefined || !regs) return undefined;
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
   * Runs Shiki on one block under the page's watchdog, memoised. Undefined when the block is left
   * plain: the watchdog stopped it (or stopped it before, in any render), or the page's time is
   * spent. A memoised block spends what it took the first time, so a page comes out the same on
   * every render.
   */
  private bounded<T>(memo: BoundedMap<string, Done<T>>, key: string, work: () => T): T | undefined {
    const page = this.page ?? { leftMs: HIGHLIGHT_PAGE_MS, stopped: 0 };
    if (page.stopped > 0) return undefined;
    let done = memo.get(key);
    if (!done) {
      const start = cpuTimeMs();
      const limit = Math.max(1, Math.ceil(page.leftMs));
      try {
        done = { value: runWithinCpu(limit, work), ms: cpuTimeMs() - start };
        memo.set(key, done);
      } catch (e) {
        if (!(e instanceof TimeLimitExceeded)) throw e;
        // Stopped anywhere inside Shiki: the instance may be half-way through compiling a rule, so a fresh one takes over.
        this.core.shiki = undefined;
        done = { value: undefined as T, ms: cpuTimeMs() - start, stopped: true };
        // Only a block stopped with a page's whole time is plain in every page; with less, it may be highlighted in another.
        if (limit >= HIGHLIGHT_PAGE_MS) memo.set(key, done);
      }
    }
    if (done.stopped || done.ms > page.leftMs) {
      page.stopped++;
      page.leftMs = 0;
      return undefined;
    }
    page.leftMs -= done.ms;
    return done.value;
  }

  /**
   * The highlighted lines of `code` as HTML: a `<span class="line">` per line, joined by newlines,
   * tokens coloured with `var(--shiki-token-…)`. Plain lines when the language is unknown, and when
   * the block is over its bound (pages/code-highlight.ts) or the page's time for highlighting is
   * spent. Every character of the code is escaped; styles come only from the theme (see tokenStyle).
   */
  highlightHtml(code: string, lang: string | undefined): string {
    const grammar = this.grammarFor(lang);
    if (!grammar || blockTooCostly(code, lang)) return plainLines(code);
    const html = this.bounded(this.core.memo, `${grammar}\u0000${code}`, () => {
      try {
        return linesHtml(this.instance().codeToTokensBase(code, { lang: grammar, theme: 'docwright', ...LIMITS }));
      } catch (e) {
        if (e instanceof TimeLimitExceeded) throw e;
        // A grammar that fails on this input: plain text.
        return plainLines(code);
      }
    });
    return html ?? plainLines(code);
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
    if (grammar && blockTooCostly(code, lang)) return { html: plainLines(code), preClasses: [] };
    const key = `marked\u0000${grammar ?? ''}\u0000${marks.highlight?.join(',') ?? ''}\u0000${marks.focus?.join(',') ?? ''}\u0000${code}`;
    const out = this.bounded(this.core.markedMemo, key, () => {
      const pre = this.markedPre(code, grammar, marks);
      const codeEl = pre?.children.find((n): n is Element => n.type === 'element' && n.tagName === 'code');
      return pre && codeEl
        ? { html: codeEl.children.map(hastHtml).join(''), preClasses: classList(pre).filter((c) => c !== 'shiki' && c !== 'docwright') }
        : { html: plainLines(code), preClasses: [] };
    });
    return out ?? { html: plainLines(code), preClasses: [] };
  }

  /**
   * The code as a reader copies it from the page: the `[!code ++]`/`[!code --]` comments taken out
   * by the same transformer that marks the lines (and lines that held nothing else gone).
   */
  notationFreeText(code: string, lang: string | undefined): string {
    if (!hasNotation(code)) return code;
    // Within the same bounds as the page's highlighting (the comments are found without the grammar past them).
    const grammar = blockTooCostly(code, lang) ? undefined : this.grammarFor(lang);
    let pre: Element | undefined;
    try {
      pre = runWithinCpu(HIGHLIGHT_PAGE_MS, () => this.markedPre(code, grammar, {}));
    } catch (e) {
      if (!(e instanceof TimeLimitExceeded)) throw e;
      this.core.shiki = undefined;
      return code;
    }
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
    } catch (e) {
      if (e instanceof TimeLimitExceeded) throw e;
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

/** Lines shown as they are: each escaped, in its line's span. */
export function plainLines(code: string): string {
  return code
    .split('\n')
    .map((line) => `<span class="line">${escapeText(line)}</span>`)
    .join('\n');
}

/** Text content needs `&` and `<` escaped (as hast-util-to-html writes them). */
function escapeText(s: string): string {
  return s.replace(/[&<]/g, (c) => (c === '&' ? '&#x26;' : '&#x3C;'));
}
