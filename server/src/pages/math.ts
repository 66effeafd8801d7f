// How page math is read by KaTeX: one set of options for the renderer (render/math.ts) and the
// math-syntax rule, so the check reads a formula exactly as the page typesets it.
import type { KatexOptions } from 'katex';

/** What KaTeX hands a function macro: the part of its expander the quiet macros use. */
interface MacroContext {
  consumeArgs(count: number): unknown;
  popToken(): unknown;
}

/**
 * KaTeX's console commands (`\message`, `\errmessage`, `\show` print to stdout or stderr): their
 * argument is read and dropped, so page math never writes into a CLI's output or a server's channel.
 * A fresh table per call: KaTeX's `\gdef` writes into it, and no formula may change the next one.
 */
function quietMacros(): NonNullable<KatexOptions['macros']> {
  const drop = (context: object) => {
    (context as MacroContext).consumeArgs(1);
    return '';
  };
  return {
    '\\message': drop,
    '\\errmessage': drop,
    '\\show': (context: object) => {
      (context as MacroContext).popToken();
      return '';
    },
  };
}

/** KaTeX options for untrusted source: no `trust`, bounded sizes and macro expansion, no console output; `own` adds the caller's. */
export function katexOptions<T extends KatexOptions>(own: T): KatexOptions & T {
  return { strict: 'ignore', trust: false, maxSize: 50, maxExpand: 1000, macros: quietMacros(), ...own };
}
