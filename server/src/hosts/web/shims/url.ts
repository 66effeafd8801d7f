// `url` of the web build: Node's legacy parse and format, which @readme/httpsnippet calls to split a
// request URL into its parts and join them again, over the WHATWG URL (relative URLs kept relative).

export interface LegacyUrl {
  protocol: string | null;
  slashes: boolean | null;
  auth: string | null;
  host: string | null;
  port: string | null;
  hostname: string | null;
  hash: string | null;
  search: string | null;
  query: Record<string, string | string[]> | string | null;
  pathname: string | null;
  path: string | null;
  href: string;
}

export function parse(input: string, parseQuery = false): LegacyUrl {
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(input);
  const u = new URL(input, 'http://relative.invalid');
  const query: Record<string, string | string[]> = {};
  for (const [k, v] of u.searchParams) {
    const prev = query[k];
    query[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  const search = u.search || null;
  const auth = absolute && u.username ? decodeURIComponent(u.username) + (u.password ? `:${decodeURIComponent(u.password)}` : '') : null;
  return {
    protocol: absolute ? u.protocol : null,
    slashes: absolute || null,
    auth,
    host: absolute ? u.host : null,
    port: absolute ? u.port || null : null,
    hostname: absolute ? u.hostname : null,
    hash: u.hash || null,
    search,
    query: parseQuery ? query : search ? search.slice(1) : null,
    pathname: u.pathname,
    path: u.pathname + u.search,
    href: absolute ? u.href : u.pathname + u.search + u.hash,
  };
}

export function format(o: Partial<LegacyUrl>): string {
  let out = '';
  if (o.protocol) out += o.protocol.endsWith(':') ? o.protocol : `${o.protocol}:`;
  const host = o.host ?? (o.hostname ? o.hostname + (o.port ? `:${o.port}` : '') : '');
  if (host) out += `//${o.auth ? `${encodeURIComponent(o.auth).replace(/%3A/i, ':')}@` : ''}${host}`;
  out += o.pathname ?? '';
  let search = o.search ?? '';
  if (!search && o.query && typeof o.query === 'object') {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(o.query)) for (const x of Array.isArray(v) ? v : [v]) params.append(k, x);
    search = params.toString();
  }
  if (search && !search.startsWith('?')) search = `?${search}`;
  const hash = o.hash ? (o.hash.startsWith('#') ? o.hash : `#${o.hash}`) : '';
  return out + search + hash;
}

export default { parse, format };
