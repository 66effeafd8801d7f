// `util` of the web build, for swagger-parser's validation messages: format (`%s`, `%d`, `%i`,
// `%f`, `%j`, `%o`, `%O`, `%%`; what is left over is appended) and inherits.
export function format(first?: unknown, ...args: unknown[]): string {
  if (typeof first !== 'string') return [first, ...args].map(show).join(' ');
  let i = 0;
  const out = first.replace(/%[sdifjoO%]/g, (m) => {
    if (m === '%%') return '%';
    if (i >= args.length) return m;
    const v = args[i++];
    if (m === '%d' || m === '%i') return String(m === '%i' ? parseInt(String(v), 10) : Number(v));
    if (m === '%f') return String(parseFloat(String(v)));
    if (m === '%j') return JSON.stringify(v);
    return show(v);
  });
  return [out, ...args.slice(i).map(show)].join(' ');
}

function show(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v instanceof Error) return v.stack ?? v.message;
  if (v && typeof v === 'object') {
    try {
      return JSON.stringify(v);
    } catch {
      return String(v);
    }
  }
  return String(v);
}

export function inherits(ctor: { prototype: object; super_?: unknown }, superCtor: { prototype: object }): void {
  ctor.super_ = superCtor;
  Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
}

export default { format, inherits };
