// Where a site path leads besides its pages: the config's `redirects` (`/old` -> `/new`, with
// `:param`, `:param*` and `*` in sources). The link checks accept links to them; the export follows
// redirects to their destination and writes a redirecting page at each plain redirect source.
import { isExternalUrl } from '../util/paths';

export interface Redirect {
  source: string;
  destination: string;
}

interface CompiledRedirect {
  /** The source without its leading and trailing slashes. */
  source: string;
  pattern: RegExp;
  /** Names of the source's parameters, in order (`*` is named `*`). */
  params: string[];
  destination: string;
}

/** A path without leading and trailing slashes (and without a query or anchor). */
function bare(path: string): string {
  return path.split(/[?#]/)[0].replace(/^\/+|\/+$/g, '');
}

function compile(r: Redirect): CompiledRedirect {
  const source = bare(r.source);
  const params: string[] = [];
  const pattern = source
    .split(/(:[A-Za-z_]\w*\*?|\*)/)
    .map((part) => {
      if (part === '*' || /^:\w+\*$/.test(part)) {
        params.push(part === '*' ? '*' : part.slice(1, -1));
        return '(.*)';
      }
      if (/^:\w+$/.test(part)) {
        params.push(part.slice(1));
        return '([^/]+)';
      }
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { source, pattern: new RegExp(`^${pattern}$`), params, destination: r.destination };
}

/** How many redirects a chain may follow (`/a` -> `/b` -> `/c`) before it counts as a loop. */
const MAX_HOPS = 10;

export class Redirects {
  private readonly list: CompiledRedirect[];

  constructor(redirects: readonly Redirect[]) {
    this.list = redirects.map(compile).filter((r) => r.source !== '');
  }

  /** Whether some redirect's source matches the site path (`guides/old`, with or without slashes). */
  matches(path: string): boolean {
    const p = bare(path);
    return this.list.some((r) => r.pattern.test(p));
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
      const m = r.pattern.exec(path);
      if (!m) continue;
      const values = new Map(r.params.map((name, i) => [name, m[i + 1]]));
      return r.destination.replace(/:([A-Za-z_]\w*)\*?|\*/g, (token, name: string | undefined) => values.get(name ?? '*') ?? token);
    }
    return undefined;
  }

  /** The redirects whose source is one path (no parameter): the export writes a redirecting page for each. */
  plain(): Redirect[] {
    return this.list.filter((r) => r.params.length === 0);
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
  const page = pageOf(dest.replace(/\/+$/, '') || 'index');
  return page === undefined ? undefined : { page, hash: hash.length > 0 ? hash.join('#') : undefined };
}

const compiled = new WeakMap<object, Redirects>();
/** The redirects of a site model, compiled once per model. */
export function redirectsOf(model: { redirects: readonly Redirect[] }): Redirects {
  let r = compiled.get(model);
  if (!r) compiled.set(model, (r = new Redirects(model.redirects)));
  return r;
}
