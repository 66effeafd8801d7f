// Where a site path leads besides its pages: the config's `redirects` (`/old` -> `/new`, with
// `:param`, `:param*` and `*` in sources). The link checks accept links to them; the export follows
// redirects to their destination and writes a redirecting page at each plain redirect source.
import { isExternalUrl, trimSlashes, trimTrailingSlashes } from '../util/paths';

export interface Redirect {
  source: string;
  destination: string;
}

/** A run of any characters but line breaks (`*`, `:name*`), one or more characters but "/" (`:name`), or text. */
type Part = { kind: 'any' } | { kind: 'segment' } | { kind: 'text'; text: string };

/** Sources with more parameters than this match no path (redirect-invalid says so). */
export const MAX_SOURCE_PARAMS = 32;
/** Paths longer than this match no source with parameters (hosts refuse such URLs). */
export const MAX_MATCHED_PATH = 4096;

/** Cells of the match tables filled since the start (the work a match does, for tests). */
export const matchWork = { cells: 0 };

const isLineBreak = (c: number) => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;

/**
 * A redirect source (`blog/:slug`, `docs/*`, without slashes around it) matched in time linear in
 * its parts times the path's length, without backtracking. It matches what the regex `^…$` with `(.*)`
 * for `*` and `:name*`, `([^/]+)` for `:name` and the rest as text matches, with the same values:
 * each parameter takes the longest run that lets the rest match, the earlier ones first.
 */
export class SourcePattern {
  /** Names of the source's parameters, in order (`*` is named `*`). */
  readonly params: string[] = [];
  private readonly parts: Part[] = [];

  constructor(readonly source: string) {
    for (const part of source.split(/(:[A-Za-z_]\w*\*?|\*)/)) {
      if (part === '') continue;
      if (part === '*' || part.endsWith('*')) {
        this.params.push(part === '*' ? '*' : part.slice(1, -1));
        this.parts.push({ kind: 'any' });
      } else if (part.startsWith(':') && /^:\w+$/.test(part)) {
        this.params.push(part.slice(1));
        this.parts.push({ kind: 'segment' });
      } else {
        this.parts.push({ kind: 'text', text: part });
      }
    }
  }

  /** Whether the source has more parameters than a match follows. */
  get tooManyParams(): boolean {
    return this.params.length > MAX_SOURCE_PARAMS;
  }

  /** The parameters' values when the source matches the whole path (no slashes around it), else undefined. */
  match(path: string): string[] | undefined {
    if (this.params.length === 0) return path === this.source ? [] : undefined;
    if (this.tooManyParams || path.length > MAX_MATCHED_PATH) return undefined;
    const n = path.length;
    const parts = this.parts;
    const k = parts.length;
    // ok[i][j]: parts i.. match path.slice(j) in full. stop[j]: where the run a parameter may take from j ends.
    const ok = Array.from({ length: k + 1 }, () => new Uint8Array(n + 1));
    matchWork.cells += (k + 1) * (n + 1);
    ok[k][n] = 1;
    const breakAt = new Int32Array(n + 1);
    const slashAt = new Int32Array(n + 1);
    breakAt[n] = slashAt[n] = n;
    for (let j = n - 1; j >= 0; j--) {
      const c = path.charCodeAt(j);
      breakAt[j] = isLineBreak(c) ? j : breakAt[j + 1];
      slashAt[j] = c === 47 ? j : slashAt[j + 1];
    }
    for (let i = k - 1; i >= 0; i--) {
      const part = parts[i];
      const row = ok[i];
      const rest = ok[i + 1];
      if (part.kind === 'text') {
        const len = part.text.length;
        for (let j = 0; j + len <= n; j++) row[j] = rest[j + len] && path.startsWith(part.text, j) ? 1 : 0;
        continue;
      }
      // The first end from j on where the rest matches; a run of length 0 (any) or 1 and more (segment).
      let next = n + 1;
      for (let j = n; j >= 0; j--) {
        if (part.kind === 'any') {
          if (rest[j]) next = j;
          row[j] = next <= breakAt[j] ? 1 : 0;
        } else {
          row[j] = j < n && next <= slashAt[j] ? 1 : 0;
          if (rest[j]) next = j;
        }
      }
    }
    if (!ok[0][0]) return undefined;
    const values: string[] = [];
    let j = 0;
    for (let i = 0; i < k; i++) {
      const part = parts[i];
      if (part.kind === 'text') {
        j += part.text.length;
        continue;
      }
      // The longest run that lets the rest match (the regex's greedy choice).
      let end = part.kind === 'any' ? breakAt[j] : slashAt[j];
      while (!ok[i + 1][end]) end--;
      values.push(path.slice(j, end));
      j = end;
    }
    return values;
  }
}

interface CompiledRedirect {
  pattern: SourcePattern;
  destination: string;
}

/** A path without leading and trailing slashes (and without a query or anchor). */
function bare(path: string): string {
  return trimSlashes(path.split(/[?#]/)[0]);
}

function compile(r: Redirect): CompiledRedirect {
  return { pattern: new SourcePattern(bare(r.source)), destination: r.destination };
}

/** How many redirects a chain may follow (`/a` -> `/b` -> `/c`) before it counts as a loop. */
const MAX_HOPS = 10;

export class Redirects {
  private readonly list: CompiledRedirect[];

  constructor(redirects: readonly Redirect[]) {
    this.list = redirects.map(compile).filter((r) => r.pattern.source !== '');
  }

  /** Whether some redirect's source matches the site path (`guides/old`, with or without slashes). */
  matches(path: string): boolean {
    const p = bare(path);
    return this.list.some((r) => r.pattern.match(p) !== undefined);
  }

  /**
   * Where a site path ends up after its redirects: another site path (without slashes, maybe with
   * an `#anchor`) or an external URL. Undefined when no redirect matches, or when they loop.
   * `stop` ends the chain early at a path that exists (a page).
   */
  resolve(path: string, stop: (path: string) => boolean = () => false): string | undefined {
    let current = bare(path);
    let result: string | undefined;
    for (let hop = 0; hop < MAX_HOPS; hop++) {
      const next = this.step(current);
      if (next === undefined) return result;
      if (isExternalUrl(next)) return next;
      result = next.replace(/^\/+/, '');
      current = bare(next);
      if (stop(current)) return result;
    }
    return undefined;
  }

  /** The destination of the first redirect whose source matches, its parameters filled in. */
  private step(path: string): string | undefined {
    for (const r of this.list) {
      const m = r.pattern.match(path);
      if (!m) continue;
      const values = new Map(r.pattern.params.map((name, i) => [name, m[i]]));
      return r.destination.replace(/:([A-Za-z_]\w*)\*?|\*/g, (token, name: string | undefined) => values.get(name ?? '*') ?? token);
    }
    return undefined;
  }

  /** The redirects whose source is one path (no parameter): the export writes a redirecting page for each. */
  plain(): Redirect[] {
    return this.list.filter((r) => r.pattern.params.length === 0).map((r) => ({ source: r.pattern.source, destination: r.destination }));
  }
}

export type RedirectTarget = { page: string; hash?: string } | { url: string };

/**
 * Where a link to `path`, which is no page, ends up through the redirects: a page (`pageOf` maps a
 * path to the page it shows, or undefined), with the destination's anchor, or an http(s) URL.
 * Undefined when no redirect matches, the redirects loop, or the destination is no page either.
 */
export function redirectTarget(redirects: Redirects, path: string, pageOf: (path: string) => string | undefined): RedirectTarget | undefined {
  const to = redirects.resolve(path, (p) => pageOf(p) !== undefined);
  if (to === undefined) return undefined;
  // Another site, by http(s) only: a `javascript:` or `data:` destination leads nowhere.
  if (isExternalUrl(to)) return /^(https?:)?\/\//i.test(to) ? { url: to } : undefined;
  const [dest, ...hash] = to.split('#');
  const page = pageOf(trimTrailingSlashes(dest) || 'index');
  return page === undefined ? undefined : { page, hash: hash.length > 0 ? hash.join('#') : undefined };
}

const compiled = new WeakMap<object, Redirects>();
/** The redirects of a site model, compiled once per model. */
export function redirectsOf(model: { redirects: readonly Redirect[] }): Redirects {
  let r = compiled.get(model);
  if (!r) compiled.set(model, (r = new Redirects(model.redirects)));
  return r;
}
