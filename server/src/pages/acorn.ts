// acorn with acorn-jsx, as MDX parses ESM and expressions, with a bound on how deep code may nest.
// Past a few hundred levels acorn's recursion nears the end of the stack, where V8 can abort the
// whole process ("RegExpCompiler Allocation failed": a regular expression compiled there has no
// room) instead of throwing; where it does throw, the error's place depends on the stack left. Under
// the bound the stack is never near its end, and code nesting deeper gets one syntax error, always
// at the same place.
import { Parser } from 'acorn';
import jsx from 'acorn-jsx';

/** Frames of acorn's recursive descent (expressions, statements, JSX elements) open at once, at most. */
export const MAX_CODE_NESTING = 400;

/** acorn's parser internals this plugin wraps (not in its type declarations). */
interface Internals {
  start: number;
  raise(pos: number, message: string): never;
}

type Recursive = (this: Internals, ...args: unknown[]) => unknown;

/** Methods on every path of acorn's recursion: each nesting level passes through one or more. */
const RECURSIVE = ['parseMaybeAssign', 'parseMaybeUnary', 'parseExprAtom', 'parseStatement', 'jsx_parseElementAt'];

function nestingBound(Base: typeof Parser): typeof Parser {
  const Bounded = class extends Base {};
  const depth = new WeakMap<object, number>();
  for (const name of RECURSIVE) {
    const inner = (Base.prototype as unknown as Record<string, Recursive | undefined>)[name];
    if (typeof inner !== 'function') continue;
    (Bounded.prototype as unknown as Record<string, Recursive>)[name] = function (this: Internals, ...args: unknown[]) {
      const level = (depth.get(this) ?? 0) + 1;
      if (level > MAX_CODE_NESTING) this.raise(this.start, `Code nests deeper than ${MAX_CODE_NESTING} levels`);
      depth.set(this, level);
      try {
        return inner.apply(this, args);
      } finally {
        depth.set(this, level - 1);
      }
    };
  }
  return Bounded;
}

/** The parser MDX gets (remark-mdx's `acorn` option) and `.jsx` components are read with. */
export const boundedAcorn = Parser.extend(jsx(), nestingBound as never);
