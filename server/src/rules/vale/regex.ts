// Vale's patterns in JavaScript. Vale compiles a rule's tokens with Go's regexp2 in its RE2 mode:
// inline flag groups (`(?i)`, `(?m)`, `(?-i)`, `(?i:...)`) that apply to the rest of their group,
// `(?P<name>...)`, `\A`, `\z`, `\Q...\E`, POSIX classes (`[[:alpha:]]`), `\pL`, `$` at the end of
// the text only (unless `(?m)`), and lookarounds. The pattern is parsed and written again as a
// JavaScript expression that matches the same text: flags become a flag of the expression when
// one applies everywhere, else letters are written in both cases (`[wW]`) and `^`, `$`, `.` as
// the lookarounds they stand for. JavaScript's engine backtracks (Go's RE2 does not), so a pattern
// that can take exponential time, a quantified group whose body can match the same text in more
// than one way (`(a+)+`, `(\w+\s?)*`, `(a|ab)+`) without a character that ends each repetition,
// is refused with the reason; what is left is bounded by the time limit of a page's check.

/** Characters as far as the safety check needs them: each ASCII character, and "any other". */
type CharSet = boolean[];
const OTHER = 128;

function set(test: (c: string) => boolean, other: boolean): CharSet {
  const s: CharSet = [];
  for (let i = 0; i < 128; i++) s.push(test(String.fromCharCode(i)));
  s.push(other);
  return s;
}
const NONE = (): CharSet => set(() => false, false);
const union = (a: CharSet, b: CharSet): CharSet => a.map((x, i) => x || b[i]);
const overlaps = (a: CharSet, b: CharSet): boolean => a.some((x, i) => x && b[i]);
const invert = (a: CharSet): CharSet => a.map((x, i) => (i === OTHER ? true : !x));

type Node =
  | { t: 'alt'; alts: Node[][] }
  | { t: 'group'; kind: 'capture' | 'plain' | 'look'; name?: string; look?: string; body: Node; flags?: FlagChange }
  | { t: 'flags'; change: FlagChange }
  | { t: 'char'; c: string }
  | { t: 'class'; negated: boolean; items: ClassItem[] }
  | { t: 'escape'; e: string } // \d \w \s \D \W \S \pX
  | { t: 'assert'; a: '^' | '$' | '\\b' | '\\B' | '\\A' | '\\z' }
  | { t: 'dot' }
  | { t: 'backref'; ref: string }
  | { t: 'quant'; body: Node; min: number; max: number; lazy: boolean };

type ClassItem = { t: 'range'; lo: string; hi: string } | { t: 'escape'; e: string } | { t: 'posix'; name: string; negated: boolean };
interface FlagChange {
  on: string;
  off: string;
}

class ParseError extends Error {}

const POSIX: Record<string, string> = {
  alnum: 'A-Za-z0-9',
  alpha: 'A-Za-z',
  ascii: '\\x00-\\x7F',
  blank: '\\t ',
  cntrl: '\\x00-\\x1F\\x7F',
  digit: '0-9',
  graph: '!-~',
  lower: 'a-z',
  print: ' -~',
  punct: '!-\\/:-@\\[-`{-~',
  space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z',
  word: '0-9A-Za-z_',
  xdigit: '0-9A-Fa-f',
};

class Parser {
  i = 0;
  unicode = false;
  constructor(readonly src: string) {}

  parse(): Node {
    const n = this.alternation();
    if (this.i < this.src.length) throw new ParseError(`unmatched ')' at ${this.i}`);
    return n;
  }

  alternation(): Node {
    const alts: Node[][] = [this.sequence()];
    while (this.src[this.i] === '|') {
      this.i++;
      alts.push(this.sequence());
    }
    return { t: 'alt', alts };
  }

  sequence(): Node[] {
    const out: Node[] = [];
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') {
      // `\Q...\E`: the text between, literally.
      if (this.src.startsWith('\\Q', this.i)) {
        const end = this.src.indexOf('\\E', this.i + 2);
        const text = this.src.slice(this.i + 2, end < 0 ? undefined : end);
        this.i = end < 0 ? this.src.length : end + 2;
        for (const c of text) out.push({ t: 'char', c });
        continue;
      }
      const atom = this.atom();
      out.push(this.quantifier(atom));
    }
    return out;
  }

  quantifier(atom: Node): Node {
    const s = this.src;
    let min: number;
    let max: number;
    const c = s[this.i];
    if (c === '*' || c === '+' || c === '?') {
      this.i++;
      [min, max] = c === '*' ? [0, Infinity] : c === '+' ? [1, Infinity] : [0, 1];
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(s.slice(this.i));
      if (!m) return atom;
      this.i += m[0].length;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      if (max < min) throw new ParseError(`bad repetition ${m[0]}`);
      if (min > 1000 || (max !== Infinity && max > 1000)) throw new ParseError(`repetition count over 1000 in ${m[0]}`);
    } else return atom;
    if (atom.t === 'assert' || atom.t === 'flags' || atom.t === 'quant') throw new ParseError('nothing to repeat');
    let lazy = false;
    if (s[this.i] === '?') {
      lazy = true;
      this.i++;
    } else if (s[this.i] === '+') throw new ParseError('possessive quantifiers (`*+`) are not supported');
    return this.quantifier({ t: 'quant', body: atom, min, max, lazy });
  }

  atom(): Node {
    const s = this.src;
    const c = s[this.i++];
    if (c === '(') return this.group();
    if (c === '[') return this.cls();
    if (c === '.') return { t: 'dot' };
    if (c === '^' || c === '$') return { t: 'assert', a: c };
    if (c === '\\') return this.escape(false) as Node;
    if (c === '*' || c === '+' || c === '?') throw new ParseError(`nothing to repeat before '${c}'`);
    return { t: 'char', c: this.wholeChar(c) };
  }

  /** A character outside the basic plane is one character, not two halves. */
  wholeChar(c: string): string {
    const code = c.charCodeAt(0);
    if (code >= 0xd800 && code <= 0xdbff && this.i < this.src.length) return c + this.src[this.i++];
    return c;
  }

  group(): Node {
    const s = this.src;
    let kind: 'capture' | 'plain' | 'look' = 'capture';
    let name: string | undefined;
    let look: string | undefined;
    let flags: FlagChange | undefined;
    if (s[this.i] === '?') {
      const rest = s.slice(this.i + 1);
      let m: RegExpExecArray | null;
      if (rest.startsWith(':')) {
        kind = 'plain';
        this.i += 2;
      } else if ((m = /^(<=|<!|=|!)/.exec(rest))) {
        kind = 'look';
        look = m[1];
        this.i += 1 + m[1].length;
      } else if ((m = /^(?:P?<([A-Za-z_]\w*)>|'([A-Za-z_]\w*)')/.exec(rest))) {
        name = m[1] ?? m[2];
        this.i += 1 + m[0].length;
      } else if ((m = /^([imsU]*)(?:-([imsU]*))?([:)])/.exec(rest))) {
        const change = { on: m[1], off: m[2] ?? '' };
        if ((change.on + change.off).includes('U')) throw new ParseError('the ungreedy flag (?U) is not supported');
        this.i += 1 + m[0].length;
        if (m[3] === ')') return { t: 'flags', change };
        kind = 'plain';
        flags = change;
      } else if (rest.startsWith('>')) throw new ParseError('atomic groups (?>...) are not supported');
      else throw new ParseError(`unknown group '(?${rest.slice(0, 3)}'`);
    }
    const body = this.alternation();
    if (s[this.i] !== ')') throw new ParseError("missing ')'");
    this.i++;
    return { t: 'group', kind, name, look, body, flags };
  }

  cls(): Node {
    const s = this.src;
    let negated = false;
    if (s[this.i] === '^') {
      negated = true;
      this.i++;
    }
    const items: ClassItem[] = [];
    let first = true;
    for (;;) {
      if (this.i >= s.length) throw new ParseError("missing ']'");
      const c = s[this.i];
      if (c === ']' && !first) {
        this.i++;
        break;
      }
      first = false;
      const posix = /^\[:(\^?)([a-z]+):\]/.exec(s.slice(this.i));
      if (posix) {
        if (!POSIX[posix[2]]) throw new ParseError(`unknown class [:${posix[2]}:]`);
        items.push({ t: 'posix', name: posix[2], negated: posix[1] === '^' });
        this.i += posix[0].length;
        continue;
      }
      let lo: string | ClassItem;
      this.i++;
      if (c === '\\') lo = this.escape(true) as string | ClassItem;
      else lo = this.wholeChar(c);
      if (typeof lo !== 'string') {
        items.push(lo);
        continue;
      }
      if (s[this.i] === '-' && s[this.i + 1] !== ']' && this.i + 1 < s.length) {
        this.i++;
        const h = s[this.i++];
        const hi = h === '\\' ? this.escape(true) : this.wholeChar(h);
        if (typeof hi !== 'string') throw new ParseError('bad range in class');
        if (hi < lo) throw new ParseError(`bad range ${lo}-${hi}`);
        items.push({ t: 'range', lo, hi });
      } else items.push({ t: 'range', lo, hi: lo });
    }
    return { t: 'class', negated, items };
  }

  /** After a backslash: a node (or, in a class, a character or a class item). */
  escape(inClass: boolean): Node | string | ClassItem {
    const s = this.src;
    const c = s[this.i++];
    if (c === undefined) throw new ParseError('trailing backslash');
    if ('dDwWsS'.includes(c)) return { t: 'escape', e: '\\' + c };
    if (c === 'p' || c === 'P') {
      const m = /^(\{\^?[A-Za-z_]+\}|[A-Za-z])/.exec(s.slice(this.i));
      if (!m) throw new ParseError('bad \\p class');
      this.i += m[0].length;
      this.unicode = true;
      let name = m[0].startsWith('{') ? m[0].slice(1, -1) : m[0];
      let neg = c === 'P';
      if (name.startsWith('^')) {
        neg = !neg;
        name = name.slice(1);
      }
      return { t: 'escape', e: `\\${neg ? 'P' : 'p'}{${unicodeProperty(name)}}` };
    }
    if (!inClass) {
      if (c === 'b' || c === 'B') return { t: 'assert', a: c === 'b' ? '\\b' : '\\B' };
      if (c === 'A') return { t: 'assert', a: '\\A' };
      if (c === 'z') return { t: 'assert', a: '\\z' };
      if (/[1-9]/.test(c)) {
        let ref = c;
        while (/\d/.test(s[this.i] ?? '')) ref += s[this.i++];
        return { t: 'backref', ref };
      }
      if (c === 'k' && s[this.i] === '<') {
        const end = s.indexOf('>', this.i);
        if (end < 0) throw new ParseError('bad \\k<name>');
        const ref = s.slice(this.i + 1, end);
        this.i = end + 1;
        return { t: 'backref', ref: `<${ref}>` };
      }
    }
    const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', f: '\f', v: '\v', a: '\x07', e: '\x1b' };
    let ch: string;
    if (simple[c]) ch = simple[c];
    else if (c === 'x') {
      const m = /^(\{[0-9a-fA-F]{1,6}\}|[0-9a-fA-F]{2})/.exec(s.slice(this.i));
      if (!m) throw new ParseError('bad \\x escape');
      this.i += m[0].length;
      ch = String.fromCodePoint(parseInt(m[0].replace(/[{}]/g, ''), 16));
    } else if (c === '0') {
      const m = /^[0-7]{0,2}/.exec(s.slice(this.i))!;
      this.i += m[0].length;
      ch = String.fromCharCode(parseInt('0' + m[0], 8));
    } else if (/[A-Za-z0-9]/.test(c)) throw new ParseError(`unknown escape \\${c}`);
    else ch = this.wholeChar(c);
    return inClass ? ch : { t: 'char', c: ch };
  }
}

/** Go's Unicode class names that JavaScript spells otherwise (scripts take `Script=`). */
function unicodeProperty(name: string): string {
  const general = /^(?:L|Lu|Ll|Lt|Lm|Lo|M|Mn|Mc|Me|N|Nd|Nl|No|P|Pc|Pd|Ps|Pe|Pi|Pf|Po|S|Sm|Sc|Sk|So|Z|Zs|Zl|Zp|C|Cc|Cf|Co|Cs|Any)$/;
  if (name === 'Any') return 'Any';
  return general.test(name) ? name : `Script=${name}`;
}

interface Flags {
  i: boolean;
  m: boolean;
  s: boolean;
}

const apply = (f: Flags, c: FlagChange): Flags => ({
  i: c.off.includes('i') ? false : c.on.includes('i') ? true : f.i,
  m: c.off.includes('m') ? false : c.on.includes('m') ? true : f.m,
  s: c.off.includes('s') ? false : c.on.includes('s') ? true : f.s,
});

/** Whether any flag group other than leading ones of the whole pattern changes `i`. */
function changesCaseInside(root: Node): boolean {
  let found = false;
  const leading = new Set<Node>();
  if (root.t === 'alt' && root.alts.length === 1) {
    for (const n of root.alts[0]) {
      if (n.t !== 'flags') break;
      leading.add(n);
    }
  }
  const walk = (n: Node) => {
    if (found) return;
    if (n.t === 'flags' && !leading.has(n) && (n.change.on + n.change.off).includes('i')) found = true;
    else if (n.t === 'group') {
      if (n.flags && (n.flags.on + n.flags.off).includes('i')) found = true;
      walk(n.body);
    } else if (n.t === 'alt') n.alts.forEach((a) => a.forEach(walk));
    else if (n.t === 'quant') walk(n.body);
  };
  walk(root);
  return found;
}

const SYNTAX = /[\\^$.|?*+()[\]{}/]/;

function literal(c: string, unicode: boolean): string {
  if (SYNTAX.test(c)) return '\\' + c;
  const code = c.codePointAt(0)!;
  if (code < 0x20 || code === 0x7f) return '\\x' + code.toString(16).padStart(2, '0');
  if (!unicode && c.length > 1) return `(?:${c})`;
  return c;
}

function classChar(c: string): string {
  if (/[\\\]^[-]/.test(c)) return '\\' + c;
  const code = c.codePointAt(0)!;
  if (code < 0x20 || code === 0x7f) return '\\x' + code.toString(16).padStart(2, '0');
  return c;
}

/** Both cases of the ASCII letters of a range, as extra ranges. */
function foldRanges(lo: string, hi: string): string {
  let out = '';
  const a = lo.charCodeAt(0);
  const b = hi.charCodeAt(0);
  const part = (from: number, to: number, shift: number) => {
    const x = Math.max(a, from);
    const y = Math.min(b, to);
    if (x <= y) out += `${String.fromCharCode(x + shift)}-${String.fromCharCode(y + shift)}`;
  };
  part(97, 122, -32);
  part(65, 90, 32);
  return out;
}

class Writer {
  constructor(
    readonly unicode: boolean,
    /** The expression carries the `i` flag: letters are written as they are. */
    readonly flagI: boolean,
  ) {}

  /** As in Go, a flag group applies to the rest of its group, the alternatives after it included. */
  alt(n: Extract<Node, { t: 'alt' }>, f: Flags): string {
    let flags = f;
    const parts: string[] = [];
    for (const seq of n.alts) {
      let out = '';
      for (const m of seq) {
        if (m.t === 'flags') flags = apply(flags, m.change);
        else out += this.node(m, flags);
      }
      parts.push(out);
    }
    return parts.join('|');
  }

  node(n: Node, f: Flags): string {
    switch (n.t) {
      case 'alt':
        return this.alt(n, f);
      case 'flags':
        return '';
      case 'group': {
        const inner = this.alt(n.body as Extract<Node, { t: 'alt' }>, n.flags ? apply(f, n.flags) : f);
        if (n.kind === 'look') return `(?${n.look}${inner})`;
        if (n.kind === 'plain') return `(?:${inner})`;
        return n.name ? `(?<${n.name}>${inner})` : `(${inner})`;
      }
      case 'char': {
        const c = n.c;
        if (f.i && !this.flagI && c.toLowerCase() !== c.toUpperCase() && c.length === 1) return `[${classChar(c.toLowerCase())}${classChar(c.toUpperCase())}]`;
        return literal(c, this.unicode);
      }
      case 'class': {
        let body = '';
        for (const item of n.items) {
          if (item.t === 'range') {
            body += item.lo === item.hi ? classChar(item.lo) : `${classChar(item.lo)}-${classChar(item.hi)}`;
            if (f.i && !this.flagI) body += foldRanges(item.lo, item.hi);
          } else if (item.t === 'escape') body += item.e;
          else if (item.negated) {
            // A negated POSIX class inside a class: only as the whole class (`[[:^alpha:]]`).
            if (n.items.length !== 1) throw new ParseError('a negated POSIX class must stand alone in its class');
            return `[${n.negated ? '' : '^'}${POSIX[item.name]}]`;
          } else body += POSIX[item.name];
        }
        return `[${n.negated ? '^' : ''}${body}]`;
      }
      case 'escape':
        return n.e;
      case 'dot':
        return f.s ? '[\\s\\S]' : '[^\\n]';
      case 'assert':
        if (n.a === '^') return f.m ? '(?<![^\\n])' : '(?<![\\s\\S])';
        if (n.a === '$') return f.m ? '(?![^\\n])' : '(?![\\s\\S])';
        if (n.a === '\\A') return '(?<![\\s\\S])';
        if (n.a === '\\z') return '(?![\\s\\S])';
        return n.a;
      case 'backref':
        return n.ref.startsWith('<') ? `\\k${n.ref}` : `\\${n.ref}`;
      case 'quant': {
        const body = this.node(n.body, f);
        const q =
          n.min === 0 && n.max === Infinity
            ? '*'
            : n.min === 1 && n.max === Infinity
              ? '+'
              : n.min === 0 && n.max === 1
                ? '?'
                : n.max === Infinity
                  ? `{${n.min},}`
                  : n.min === n.max
                    ? `{${n.min}}`
                    : `{${n.min},${n.max}}`;
        const atomic =
          n.body.t === 'char' || n.body.t === 'class' || n.body.t === 'escape' || n.body.t === 'dot' || n.body.t === 'group' || n.body.t === 'backref';
        return (atomic && !(n.body.t === 'char' && n.body.c.length > 1 && !this.unicode) ? body : `(?:${body})`) + q + (n.lazy ? '?' : '');
      }
    }
  }
}

// ---- The safety check ----

const ESCAPES: Record<string, () => CharSet> = {
  '\\d': () => set((c) => c >= '0' && c <= '9', false),
  '\\w': () => set((c) => /\w/.test(c), false),
  '\\s': () => set((c) => /\s/.test(c), true),
};

function escapeChars(e: string): CharSet {
  const base = ESCAPES[e.toLowerCase()];
  if (base) return e === e.toLowerCase() ? base() : invert(base());
  // Unicode properties: letters, numbers and the like among ASCII, and everything else.
  if (e.startsWith('\\p')) {
    try {
      const re = new RegExp(e, 'u');
      return set((c) => re.test(c), true);
    } catch {
      return set(() => true, true);
    }
  }
  return set(() => true, true);
}

function charsOf(n: Node, f: boolean): CharSet {
  switch (n.t) {
    case 'char': {
      const code = n.c.charCodeAt(0);
      const s = NONE();
      if (n.c.length > 1 || code >= 128) s[OTHER] = true;
      else {
        s[code] = true;
        if (f) {
          s[n.c.toLowerCase().charCodeAt(0)] = true;
          s[n.c.toUpperCase().charCodeAt(0)] = true;
        }
      }
      return s;
    }
    case 'class': {
      let s = NONE();
      for (const item of n.items) {
        if (item.t === 'range') {
          const lo = item.lo.charCodeAt(0);
          const hi = item.hi.charCodeAt(0);
          for (let c = lo; c <= Math.min(hi, 127); c++) s[c] = true;
          if (hi >= 128) s[OTHER] = true;
        } else if (item.t === 'escape') s = union(s, escapeChars(item.e));
        else {
          const re = new RegExp(`[${POSIX[item.name]}]`);
          const p = set((c) => re.test(c), false);
          s = union(s, item.negated ? invert(p) : p);
        }
      }
      if (f)
        s = union(
          s,
          set((c) => s[c.toLowerCase().charCodeAt(0)] || s[c.toUpperCase().charCodeAt(0)], false),
        );
      return n.negated ? invert(s) : s;
    }
    case 'escape':
      return escapeChars(n.e);
    case 'dot':
      return set(() => true, true);
    case 'group':
      return charsOf(n.body, f);
    case 'alt':
      return n.alts.reduce((acc, seq) => seq.reduce((a, m) => union(a, charsOf(m, f)), acc), NONE());
    case 'quant':
      return charsOf(n.body, f);
    case 'backref':
      return set(() => true, true);
    default:
      return NONE();
  }
}

/** Whether the node can match the empty string. */
function nullable(n: Node): boolean {
  switch (n.t) {
    case 'char':
    case 'class':
    case 'escape':
    case 'dot':
      return false;
    case 'group':
      return n.kind === 'look' || nullable(n.body);
    case 'alt':
      return n.alts.some((seq) => seq.every(nullable));
    case 'quant':
      return n.min === 0 || nullable(n.body);
    default:
      return true;
  }
}

/** Whether a repetition inside the node is unbounded (or long enough to act so). */
function repeatsInside(n: Node): boolean {
  switch (n.t) {
    case 'group':
      return repeatsInside(n.body);
    case 'alt':
      return n.alts.some((seq) => seq.some(repeatsInside));
    case 'quant':
      return n.max > 10 || repeatsInside(n.body);
    default:
      return false;
  }
}

/** The characters a node's match can start with. */
function firstChars(n: Node, f: boolean): CharSet {
  switch (n.t) {
    case 'group':
      return n.kind === 'look' ? NONE() : firstChars(n.body, f);
    case 'alt': {
      let s = NONE();
      for (const seq of n.alts) {
        for (const m of seq) {
          s = union(s, firstChars(m, f));
          if (!nullable(m)) break;
        }
      }
      return s;
    }
    case 'quant':
      return firstChars(n.body, f);
    default:
      return charsOf(n, f);
  }
}

/** Whether the alternatives of the body can start with the same character. */
function alternativesOverlap(body: Node, f: boolean): boolean {
  const inner = body.t === 'group' ? body.body : body;
  if (inner.t !== 'alt' || inner.alts.length < 2) return false;
  const firsts = inner.alts.map((seq) => firstChars({ t: 'alt', alts: [seq] }, f));
  for (let a = 0; a < firsts.length; a++) for (let b = a + 1; b < firsts.length; b++) if (overlaps(firsts[a], firsts[b])) return true;
  return false;
}

/**
 * A repetition whose every round ends on a character nothing before it in the round can match
 * (`(?:[^,]+,)+`, `(?:\w+ )+`): each round's end is found in one way, so it takes linear time.
 */
function endsOnSeparator(body: Node, f: boolean): boolean {
  const inner = body.t === 'group' ? body.body : body;
  if (inner.t !== 'alt' || inner.alts.length !== 1) return false;
  const seq = inner.alts[0].filter((m) => !(m.t === 'assert' || (m.t === 'group' && m.kind === 'look')));
  const lastNode = seq[seq.length - 1];
  if (!lastNode || !(lastNode.t === 'char' || lastNode.t === 'class' || lastNode.t === 'escape')) return false;
  const sep = charsOf(lastNode, f);
  const before = seq.slice(0, -1).reduce((a, m) => union(a, charsOf(m, f)), NONE());
  return !overlaps(sep, before);
}

/** Why the pattern can take exponential time, or undefined. */
function danger(root: Node): string | undefined {
  let reason: string | undefined;
  const walk = (n: Node, f: boolean) => {
    if (reason) return;
    if (n.t === 'quant') {
      if (n.max > 10 && !(n.body.t === 'char' || n.body.t === 'class' || n.body.t === 'escape' || n.body.t === 'dot')) {
        const ambiguous = repeatsInside(n.body) || alternativesOverlap(n.body, f) || nullable(n.body);
        if (ambiguous && !endsOnSeparator(n.body, f)) {
          reason =
            'a repeated group whose rounds can match the same text in more than one way (such as `(a+)+` or `(\\w+\\s?)*`) can take exponential time in JavaScript';
          return;
        }
      }
      walk(n.body, f);
    } else if (n.t === 'group') walk(n.body, f);
    else if (n.t === 'alt') n.alts.forEach((seq) => seq.forEach((m) => walk(m, f)));
  };
  walk(root, true);
  return reason;
}

export interface ValeRegex {
  /** The JavaScript expression (flags `g`, and `i`, `u`, `d` as needed). */
  regex: RegExp;
}

/** Longest pattern compiled: a rule's tokens joined stay far below it. */
const MAX_SOURCE = 100_000;

/**
 * `source` (Go/regexp2 syntax) as a JavaScript expression, or why it cannot be one. `ignoreCase`
 * adds Vale's leading `(?i)`; `indices` asks for group positions (flag `d`).
 */
export function compileVale(source: string, options: { ignoreCase?: boolean; indices?: boolean; sticky?: boolean } = {}): ValeRegex | { error: string } {
  if (source.length > MAX_SOURCE) return { error: `longer than ${MAX_SOURCE} characters` };
  const full = options.ignoreCase ? `(?i)${source}` : source;
  let root: Node;
  const parser = new Parser(full);
  try {
    root = parser.parse();
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
  const why = danger(root);
  if (why) return { error: why };
  // The `i` flag of the expression when the pattern turns case off nowhere and on only at its start.
  let leadingI = false;
  if (root.t === 'alt' && root.alts.length === 1) {
    for (const n of root.alts[0]) {
      if (n.t !== 'flags') break;
      leadingI = apply({ i: leadingI, m: false, s: false }, n.change).i;
    }
  }
  const flagI = leadingI && !changesCaseInside(root);
  const writer = new Writer(parser.unicode, flagI);
  let js: string;
  try {
    js = writer.node(root, { i: false, m: false, s: false });
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
  const flags = 'g' + (flagI ? 'i' : '') + (parser.unicode ? 'u' : '') + (options.indices ? 'd' : '') + (options.sticky ? 'y' : '');
  try {
    return { regex: new RegExp(js, flags) };
  } catch (e) {
    return { error: `not a pattern JavaScript reads (${e instanceof Error ? e.message : String(e)})` };
  }
}

/** Whether a Vale token is a phrase (letters, digits, spaces and hyphens), not a pattern. */
export function isPhrase(s: string): boolean {
  return /^[\p{L}\p{N} -]*$/u.test(s);
}
