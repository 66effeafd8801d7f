// Mermaid diagram syntax, checked with Mermaid's own parser: the browser build that pages load
// (dist/vendor/mermaid.min.js) runs in a `vm` context of its own. Drawing needs a DOM, parsing
// does not: the context gets only the few globals the build touches while it loads (a stand-in
// document that makes its bundled DOMPurify pass text through, which a parse never shows anyone).
// `mermaid.parse` is asynchronous, but with everything bundled it waits on nothing but promises:
// the context runs its microtasks at the end of each call (`microtaskMode: 'afterEvaluate'`), so
// the answer is there when the call returns, and checks stay synchronous. A host makes the check
// with the build's text (createMermaidCheck) and hands it to the page checks (CheckOptions.mermaid);
// without one, or when the build fails to load, diagrams are not checked.
import { createContext, runInContext, type Context } from 'node:vm';
import { BoundedMap } from '../util/memo';

export interface MermaidProblem {
  message: string;
  /** 0-based line within the diagram, when the parser says. */
  line?: number;
}

/** A diagram's syntax error: undefined when it parses; null when it could not be checked (see createMermaidCheck). */
export type MermaidCheck = (diagram: string) => MermaidProblem | null | undefined;

const MEMO_LIMIT = 500;

/**
 * The check of diagrams with Mermaid's build, whose text `load` gives on first use. Failures that
 * are not the diagram's (no build, a build that does not load) give null: never reported.
 */
export function createMermaidCheck(load: () => string | undefined): MermaidCheck {
  let context: Context | undefined | null;
  const memo = new BoundedMap<string, MermaidProblem | null | undefined>(MEMO_LIMIT);
  return (diagram) => {
    if (memo.has(diagram)) return memo.get(diagram);
    if (context === undefined) context = loadContext(load()) ?? null;
    const result = context ? check(context, diagram) : null;
    memo.set(diagram, result);
    return result;
  };
}

/** A context with Mermaid's build loaded, or undefined when there is none or it fails to load. */
function loadContext(text: string | undefined): Context | undefined {
  if (!text) return undefined;
  function Element(): void {}
  function Node(): void {}
  const sandbox: Record<string, unknown> = {
    console: { log() {}, info() {}, warn() {}, error() {}, debug() {}, trace() {} },
    TextEncoder,
    TextDecoder,
    structuredClone,
    URL,
    addEventListener() {},
    removeEventListener() {},
    // Just enough of a document for DOMPurify to set itself up (isSupported stays false, so its
    // sanitize returns text as it is); taken away once the build has loaded.
    document: { nodeType: 9, implementation: {}, createElement: () => ({ style: {}, setAttribute() {}, appendChild() {} }) },
    Element,
    Node,
  };
  sandbox.window = sandbox;
  try {
    const ctx = createContext(sandbox, { microtaskMode: 'afterEvaluate' });
    runInContext(text, ctx, { filename: 'mermaid.min.js', timeout: 20_000 });
    runInContext('delete globalThis.document; delete globalThis.Element; delete globalThis.Node;', ctx);
    return runInContext('typeof mermaid', ctx) === 'object' ? ctx : undefined;
  } catch {
    return undefined;
  }
}

function check(ctx: Context, diagram: string): MermaidProblem | null | undefined {
  ctx.__text = diagram;
  ctx.__out = undefined;
  try {
    runInContext(
      `mermaid.parse(__text).then(() => { __out = { ok: true }; }, (e) => { __out = { error: true, name: String(e && e.name), message: String(e && e.message || e), hash: !!(e && e.hash), line: e && e.hash && e.hash.loc ? e.hash.loc.first_line : e && e.hash ? e.hash.line : undefined }; });`,
      ctx,
      { timeout: 5_000 },
    );
  } catch {
    return null;
  }
  const out = ctx.__out as { ok?: boolean; error?: boolean; name: string; message: string; hash: boolean; line?: number } | undefined;
  delete ctx.__text;
  delete ctx.__out;
  if (!out || out.ok) return out ? undefined : null;
  const syntax = out.hash || out.name === 'UnknownDiagramError' || /^Parsing failed|^Lexer error|^Parse error/i.test(out.message);
  if (!syntax) return null;
  // Jison's parsers: "Parse error on line N:", an excerpt with a caret, then "Expecting …, got …".
  const expecting = out.message.split('\n').find((l) => /^Expecting /.test(l));
  // Langium's: "Parsing failed: Parse error on line 2, column 6: Expecting …".
  const langium = /line (\d+), column \d+: (.*)/s.exec(out.message);
  const line = typeof out.line === 'number' ? out.line - 1 : langium ? Number(langium[1]) - 1 : undefined;
  const message = expecting ?? langium?.[2] ?? out.message;
  return { message: message.replace(/\s+/g, ' ').trim().slice(0, 300), line: line !== undefined && line >= 0 ? line : undefined };
}
