// Runs a site's Vale rules over one page, as Vale would over the page as the site renders it:
// which rules apply (the sections whose globs match the page's path, `BasedOnStyles`,
// `Style.Rule = NO|YES|level`, `MinAlertLevel`), the prose texts in their scopes (rules/prose.ts)
// with `IgnoredScopes`, `TokenIgnores` and `BlockIgnores` read as placeholders, the page's
// summary for metric rules and its source for `raw` rules, comments that turn rules off
// (`{/* vale off */}`, `{/* vale Style.Rule = NO */}`, `<!-- vale on -->`), and each rule's
// `limit`. Alerts come back located in the page's source, with the replacements a fix may write.
import type { Node } from 'unist';
import type { PageDocument } from '../../pages/parse';
import { nodesOf } from '../../pages/nodes';
import type { ProseMark } from '../../pages/prose';
import { VALE_LEVELS, type ValeSetup } from '../../site/vale';
import { BoundedMap } from '../../util/memo';
import { relativeInside } from '../../util/paths';
import { proseWords, type ProseWord } from '../../util/words';
import { proseTexts, type ProseText } from '../prose';
import type { Alert, CompiledVale, RunState, ValeRule } from './compile';
import { findAll } from './compile';
import { valeGlob } from './glob';
import { countsOf } from './metric';
import { compileVale } from './regex';
import { inScope } from './scope';

/** A located alert of a rule. */
export interface PageAlert {
  rule: ValeRule;
  /** Source offsets in the page's text. */
  start: number;
  end: number;
  message: string;
  replacements?: string[];
  preferred?: boolean;
  /** The source holds the matched text as it reads: a fix may replace it. */
  exact: boolean;
}

/** Vale's inline scopes that `IgnoredScopes` may name, as the marks of prose runs. */
const MARK_OF: Record<string, ProseMark> = { a: 'link', strong: 'strong', b: 'strong', em: 'emphasis', i: 'emphasis', del: 'delete', s: 'delete' };

const COMMENT = /^\s*vale\s+(off|on|(\S+\.\S+|\S+)\s*=\s*(YES|NO))\s*$/;

interface Directive {
  at: number;
  rule?: string;
  off: boolean;
}

/** Vale's comments on the page: each turns all rules, or one, off or on from where it stands. */
function directives(page: PageDocument): Directive[] {
  const out: Directive[] = [];
  const read = (body: string, at: number) => {
    const m = COMMENT.exec(body);
    if (!m) return;
    if (m[1] === 'off' || m[1] === 'on') out.push({ at, off: m[1] === 'off' });
    else out.push({ at, rule: m[2], off: m[3] === 'NO' });
  };
  for (const node of nodesOf<Node & { value?: string }>(page, 'mdxFlowExpression', 'mdxTextExpression', 'html')) {
    const at = node.position?.start.offset ?? 0;
    const v = String(node.value ?? '');
    const m = node.type === 'html' ? /^\s*<!--([\s\S]*)-->\s*$/.exec(v) : /^\s*\/\*([\s\S]*)\*\/\s*$/.exec(v);
    if (m) read(m[1], at);
  }
  return out.sort((a, b) => a.at - b.at);
}

function isOff(list: readonly Directive[], rule: string, at: number): boolean {
  let all = false;
  const one = new Map<string, boolean>();
  for (const d of list) {
    if (d.at > at) break;
    if (d.rule === undefined) {
      all = d.off;
      // `vale on` ends what named rules were switched off too (Vale resets them per file only; a reader expects this).
      if (!d.off) one.clear();
    } else one.set(d.rule, d.off);
  }
  const style = rule.split('.')[0];
  return all || one.get(rule) === true || one.get(style) === true;
}

interface FileSettings {
  rules: ValeRule[];
  tokenIgnores: RegExp[];
}

const settingsMemo = new WeakMap<CompiledVale, Map<string, FileSettings>>();
const globMemo = new Map<string, ((p: string) => boolean) | undefined>();

function globOf(pattern: string) {
  if (!globMemo.has(pattern)) {
    if (globMemo.size > 1000) globMemo.clear();
    globMemo.set(pattern, valeGlob(pattern));
  }
  return globMemo.get(pattern);
}

/** The rules that apply to a file (path relative to `.vale.ini`'s folder) and its ignore patterns. */
export function settingsFor(setup: ValeSetup, compiled: CompiledVale, rel: string): FileSettings {
  let memo = settingsMemo.get(compiled);
  if (!memo) settingsMemo.set(compiled, (memo = new Map()));
  const cached = memo.get(rel);
  if (cached) return cached;
  const candidates = [rel];
  const ext = /\.([^./]+)$/.exec(rel)?.[1];
  const normed = ext && setup.formats.get(ext);
  if (normed) candidates.push(rel.slice(0, -ext.length) + normed);
  const matching = setup.sections.filter((s) => candidates.some((c) => globOf(s.glob)?.(c)));
  let styles = setup.global?.basedOnStyles ?? [];
  for (const s of matching) if (s.basedOnStyles) styles = s.basedOnStyles;
  const checks = new Map<string, string>();
  for (const s of [setup.global, ...matching]) if (s) for (const [k, v] of s.checks) checks.set(k, v.value);
  const min = VALE_LEVELS.indexOf(setup.minAlertLevel);
  const rules = [...compiled.rules.values()].filter((r) => {
    if (VALE_LEVELS.indexOf(r.level) < min) return false;
    const v = checks.get(r.name);
    if (v === 'NO') return false;
    return v !== undefined || styles.includes(r.style);
  });
  const tokenIgnores: RegExp[] = [];
  for (const s of [setup.global, ...matching]) {
    for (const e of [...(s?.tokenIgnores ?? []), ...(s?.blockIgnores ?? [])]) {
      const r = compileVale(e.value);
      if (!('error' in r)) tokenIgnores.push(r.regex);
    }
  }
  const settings = { rules, tokenIgnores };
  if (memo.size > 2000) memo.clear();
  memo.set(rel, settings);
  return settings;
}

/** The tallies metric rules read besides the summary's counts. */
function tallies(page: PageDocument, texts: readonly ProseText[]): Record<string, number> {
  // As Vale documents them: code blocks (`pre`), lists (`ol`, `ul`), block quotes, headings by level.
  const t: Record<string, number> = { pre: nodesOf(page, 'code').length, list: nodesOf(page, 'list').length, blockquote: nodesOf(page, 'blockquote').length };
  for (const x of texts) if (x.scope[1] === 'heading') t[`heading_${x.scope[2]}`] = (t[`heading_${x.scope[2]}`] ?? 0) + 1;
  return t;
}

/**
 * The page's summary (paragraphs, list items and block quotes, joined by blank lines) with its
 * offsets, worked out when first read: metric rules, which most summary rules are, report on the
 * page as a whole and read the text only.
 */
function summaryOf(texts: readonly ProseText[]): { text: string; readonly offsets: number[] } {
  const parts = texts.filter(
    (t) => (t.scope.length === 1 && t.scope[0] === 'text') || (t.scope[0] === 'text' && (t.scope[1] === 'list' || t.scope[1] === 'blockquote')),
  );
  let text = '';
  for (const t of parts) text += (text ? '\n\n' : '') + t.text;
  let offsets: number[] | undefined;
  const located = () => {
    const out: number[] = [];
    for (const t of parts) {
      // A blank line between two parts once the summary has text, as above.
      if (out.length) {
        const at = out[out.length - 1];
        out.push(at, at);
      }
      for (let i = 0; i < t.text.length; i++) out.push(t.offsets[i]);
    }
    out.push(out[out.length - 1] ?? 0);
    return out;
  };
  return {
    text,
    get offsets() {
      return (offsets ??= located());
    },
  };
}

/**
 * Words the page capitalises within a sentence of its body (`the Cloudflare Worker runs`): names,
 * which a `$sentence` heading keeps capitalised (Vale reports them unless listed as exceptions).
 */
function pageNames(texts: readonly ProseText[]): Set<string> {
  const names = new Set<string>();
  for (const t of texts) {
    // Headings, titles and table headers are labels, cased as a style says, not sentences.
    if (t.scope[0] !== 'text' || t.scope[1] === 'heading' || t.scope[1] === 'title' || (t.scope[1] === 'table' && t.scope[2] === 'header')) continue;
    if (t.scope[1] === 'frontmatter' && t.scope[2] !== 'description') continue;
    for (const m of t.text.matchAll(/(?<![\p{L}\p{N}'’-])\p{Lu}[\p{L}\p{N}]*/gu)) {
      let i = m.index - 1;
      while (i >= 0 && /[\s"'“‘(*[_]/.test(t.text[i])) i--;
      if (i >= 0 && !/[.!?:;>|]/.test(t.text[i])) names.add(m[0]);
    }
  }
  return names;
}

export interface ValePageInput {
  page: PageDocument;
  setup: ValeSetup;
  compiled: CompiledVale;
  /**
   * Whether the host's dictionary, or the site's words, know a word (spelling rules). A text's
   * alerts of the rules that read it are kept only while the page is run with this same function.
   */
  spell?: (word: string) => boolean;
  suggest?: (word: string) => string[];
  /** Only these rules (a rule found slow is run alone). */
  only?: ReadonlySet<string>;
}

/**
 * A page's alerts of the rules that read no other text, by text and rule, with the `spell` they
 * were found with; none the first time a page is run (a whole site's check runs each page once).
 */
interface Kept {
  spell: ValePageInput['spell'];
  texts?: Map<string, Map<ValeRule, readonly Alert[]>>;
}
/** The last pages run: on a keystroke, the page's unchanged texts keep their alerts. */
const lastPages = new BoundedMap<string, Kept>(4);

/** The page's alerts, in source order. */
export function runVale(input: ValePageInput): PageAlert[] {
  const { page, setup, compiled } = input;
  const rel = relativeInside(setup.folder, page.path) ?? page.path.split('/').pop() ?? page.path;
  const settings = settingsFor(setup, compiled, rel);
  const rules = input.only ? settings.rules.filter((r) => input.only!.has(r.name)) : settings.rules;
  if (!rules.length) return [];
  const ignored: [number, number][] = [];
  for (const re of settings.tokenIgnores) for (const m of findAll(re, page.text)) if (m[0]) ignored.push([m.index, m.index + m[0].length]);
  ignored.sort((a, b) => a[0] - b[0]);
  const maskMarks = new Set(setup.ignoredScopes.map((s) => MARK_OF[s]).filter((m): m is ProseMark => m !== undefined));
  const skipAlt = setup.skippedScopes.includes('alt');
  const ext = /\.(mdx?)$/i.exec(page.path)?.[1].toLowerCase() ?? 'md';
  // Vale leaves out a front matter field whose scope IgnoredScopes names (`frontmatter`, `frontmatter.title`).
  const ignoredFields = setup.ignoredScopes.map((s) => s.split('.').filter(Boolean)).filter((parts) => parts.length);
  const ignoredField = (t: ProseText) => t.scope[1] === 'frontmatter' && ignoredFields.some((parts) => parts.every((p) => t.scope.includes(p) || p === ext));
  const texts = proseTexts(page, { maskMarks, ignored, sentences: true }).filter((t) => !(skipAlt && t.scope[2] === 'alt') && !ignoredField(t));
  const off = directives(page);
  const state = new Map<ValeRule, RunState>();
  let names: Set<string> | undefined;
  // Rules run text by text, so the last text's words serve every spelling rule of the page.
  let wordsFor: string | undefined;
  let lastWords: readonly ProseWord[] = [];
  const words = (text: string) => {
    if (text !== wordsFor) [wordsFor, lastWords] = [text, proseWords(text)];
    return lastWords;
  };
  const stateOf = (r: ValeRule) => {
    let s = state.get(r);
    if (!s) {
      if (r.extends === 'capitalization') names ??= pageNames(texts);
      state.set(r, (s = { sequences: new Set(), spell: input.spell, suggest: input.suggest, names, words }));
    }
    return s;
  };
  const out: PageAlert[] = [];
  const seen = new Set<string>();
  const count = new Map<ValeRule, number>();
  const add = (rule: ValeRule, a: Alert, t: { text: string; offsets: readonly number[] }, pageLevel: boolean) => {
    let start: number;
    let end: number;
    if (pageLevel || a.page) {
      // About the page as a whole: its first line, as Vale places it.
      start = 0;
      end = Math.max(0, page.text.indexOf('\n'));
      if (end < 0) end = page.text.length;
    } else {
      start = t.offsets[a.from];
      end = a.to > a.from ? t.offsets[a.to - 1] + 1 : start;
    }
    if (isOff(off, rule.name, start)) return;
    const key = `${rule.name}\u0000${start}\u0000${end}\u0000${a.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    const n = count.get(rule) ?? 0;
    if (rule.limit > 0 && n >= rule.limit) return;
    count.set(rule, n + 1);
    const read = t.text.slice(a.from, a.to);
    const written = page.text.slice(start, end);
    const exact = !pageLevel && !a.page && written === read;
    // A match over code or an ignored part reads it as `*`s: the message quotes what the writer wrote.
    const message = !exact && !pageLevel && !a.page && /\*{2}/.test(read) && !written.includes('\n') ? a.message.replace(read, written) : a.message;
    out.push({ rule, start, end, message, replacements: a.replacements, preferred: a.preferred, exact });
  };
  // The rules that read each scope a text has, worked out once per scope (a page has a few, and many texts).
  const rulesIn = new Map<string, ValeRule[]>();
  const rulesOf = (t: ProseText) => {
    const key = t.scope.join('\u0000');
    let list = rulesIn.get(key);
    if (!list) {
      const s = [...t.scope, ext];
      rulesIn.set(key, (list = rules.filter((rule) => !rule.scope.sized && inScope(rule.scope, s))));
    }
    return list;
  };
  const before = lastPages.get(page.path);
  const kept: Kept = { spell: input.spell, texts: before ? new Map() : undefined };
  const alertsOn = (rule: ValeRule, text: string): readonly Alert[] => {
    if (!kept.texts || rule.reads === 'page') return rule.run(text, stateOf(rule));
    let byRule = kept.texts.get(text);
    if (!byRule) kept.texts.set(text, (byRule = (before?.spell === input.spell && before?.texts?.get(text)) || new Map()));
    let alerts = byRule.get(rule);
    if (!alerts) byRule.set(rule, (alerts = rule.run(text, stateOf(rule))));
    return alerts;
  };
  for (const t of texts) for (const rule of rulesOf(t)) for (const a of alertsOn(rule, t.text)) add(rule, a, t, false);
  lastPages.set(page.path, kept);
  const sized = rules.filter((r) => r.scope.sized);
  if (sized.length) {
    const summary = summaryOf(texts);
    const counts = countsOf(summary.text, tallies(page, texts));
    // The source as a text of its own: built for `raw` rules only (an offset per character of the page).
    let raw: { text: string; offsets: number[] } | undefined;
    for (const rule of sized) {
      if (rule.scope.sized === 'raw') {
        raw ??= { text: page.text, offsets: [...Array(page.text.length + 1).keys()] };
        for (const a of rule.run(raw.text, stateOf(rule))) add(rule, a, raw, false);
      } else if (summary.text)
        for (const a of rule.run(summary.text, stateOf(rule), counts)) add(rule, a, summary, rule.extends === 'metric' || rule.extends === 'readability');
    }
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}
